/** Process checks for the shell tests. */
import { readFileSync } from "node:fs";

/** True while a process with this pid exists (zombies count as gone: they no longer run). */
export function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    const status = readFileSync(`/proc/${pid}/stat`, "utf8");
    return status.split(" ")[2] !== "Z";
  } catch {
    return true;
  }
}

/** Polls until `check` holds or `deadlineMs` passes; returns whether it held. */
export async function eventually(check: () => boolean, deadlineMs = 10_000, intervalMs = 10): Promise<boolean> {
  const end = Date.now() + deadlineMs;
  while (Date.now() < end) {
    if (check()) return true;
    await Bun.sleep(intervalMs);
  }
  return check();
}
