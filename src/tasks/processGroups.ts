/**
 * Every process group toolshed started and has not seen end. Commands run in their own group
 * (spawned detached), so one signal to the group reaches grandchildren too; whatever is still
 * alive when toolshed exits is killed.
 */

const live = new Set<number>();
let hooksInstalled = false;

/** Sends `signal` to the whole group led by `pid`; false when the group is gone. */
export function signalProcessGroup(pid: number, signal: NodeJS.Signals): boolean {
  try {
    process.kill(-pid, signal);
    return true;
  } catch {
    return false;
  }
}

function killAll(): void {
  for (const pid of live) signalProcessGroup(pid, "SIGKILL");
  live.clear();
}

function onSignal(signal: NodeJS.Signals): void {
  killAll();
  process.exit(signal === "SIGTERM" ? 143 : 129);
}

function installHooks(): void {
  if (hooksInstalled) return;
  hooksInstalled = true;
  process.on("exit", killAll);
  process.on("SIGTERM", onSignal);
  process.on("SIGHUP", onSignal);
}

/** Remembers a live group, so toolshed's exit stops it. */
export function trackProcessGroup(pid: number): void {
  installHooks();
  live.add(pid);
}

/** Forgets a group that has ended (or was stopped). */
export function untrackProcessGroup(pid: number): void {
  live.delete(pid);
}

/** The groups still tracked, for tests. */
export function trackedProcessGroups(): number[] {
  return [...live];
}

/**
 * Stops a group: SIGTERM, then SIGKILL once `exited` settles or `graceMs` passes, so children
 * that ignore SIGTERM or outlive their parent are gone too.
 */
export async function stopProcessGroup(pid: number, exited: Promise<unknown>, graceMs = 500): Promise<void> {
  signalProcessGroup(pid, "SIGTERM");
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([exited, new Promise((resolve) => (timer = setTimeout(resolve, graceMs)))]);
  clearTimeout(timer);
  signalProcessGroup(pid, "SIGKILL");
  untrackProcessGroup(pid);
}
