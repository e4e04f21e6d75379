/**
 * Peak memory (VmHWM, the resident high-water mark) of one run of a command, in bytes, read from
 * /proc while it runs. Per process: unlike getrusage's children figure, it does not carry over
 * from earlier children of the benchmark itself.
 */
import { readFileSync } from "node:fs";

function highWaterMark(pid: number): number | undefined {
  try {
    const match = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
    return match === null ? undefined : Number(match[1]) * 1024;
  } catch {
    return undefined;
  }
}

export async function peakMemory(command: string[], options: { cwd: string; env: Record<string, string> }): Promise<number> {
  const child = Bun.spawn(command, { cwd: options.cwd, env: options.env, stdout: "ignore", stderr: "pipe" });
  let peak = 0;
  let running = true;
  const stderr = new Response(child.stderr).text();
  void child.exited.then(() => (running = false));
  while (running) {
    peak = Math.max(peak, highWaterMark(child.pid) ?? 0);
    await Bun.sleep(2);
  }
  const code = await child.exited;
  if (code !== 0) throw new Error(`${command.join(" ")} exited ${code}: ${await stderr}`);
  if (peak === 0) throw new Error(`could not read the memory of ${command[0]} from /proc`);
  return peak;
}
