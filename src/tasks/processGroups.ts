/**
 * Every process group toolshed started and has not seen end. Commands run in their own group
 * (spawned detached), so one signal to the group reaches grandchildren too; whatever is still
 * alive when toolshed exits is killed, and so is every process carrying this toolshed's tag
 * (processes that left their group: setsid, `set -m`).
 */
import { processTagIfMade } from "./processTags.ts";
import { findTaggedProcesses } from "./processTree.ts";


const live = new Set<number>();
/** Children that run in toolshed's own group (ripgrep): killed one by one at exit. */
const children = new Set<number>();
let hooksInstalled = false;

/** Sends `signal` to the whole group led by `pid`; false when the group is gone. */
export function signalProcessGroup(pid: number, signal: NodeJS.Signals | 0): boolean {
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
  const tag = processTagIfMade();
  for (const pid of [...children, ...(tag === undefined ? [] : findTaggedProcesses(tag))]) {
    try {
      process.kill(pid, "SIGKILL");
    } catch {
      // Already gone.
    }
  }
  children.clear();
}

/**
 * The signals whose default action would end toolshed without its exit handlers (and so leave
 * its commands running): a terminal that closes (SIGHUP), kill (SIGTERM), Ctrl-\ (SIGQUIT), and
 * the two user signals. SIGINT is each command's own (it interrupts a turn, not the process).
 */
const ENDING_SIGNALS = ["SIGTERM", "SIGHUP", "SIGQUIT", "SIGUSR1", "SIGUSR2"] as const;

/** Their numbers (the user signals' differ on macOS), without loading node:os at start-up. */
const SIGNAL_NUMBERS: Readonly<Record<string, number>> = process.platform === "darwin"
  ? { SIGHUP: 1, SIGQUIT: 3, SIGTERM: 15, SIGUSR1: 30, SIGUSR2: 31 }
  : { SIGHUP: 1, SIGQUIT: 3, SIGTERM: 15, SIGUSR1: 10, SIGUSR2: 12 };

function onSignal(signal: NodeJS.Signals): void {
  killAll();
  // Another listener (a CLI command printing the results of the calls that finished) then owns
  // the exit; it ends the process itself, within a bounded grace period.
  if (process.listenerCount(signal) > 1) return;
  // The shell's convention: 128 plus the signal's number.
  process.exit(128 + (SIGNAL_NUMBERS[signal] ?? 15));
}

function installHooks(): void {
  if (hooksInstalled) return;
  hooksInstalled = true;
  process.on("exit", killAll);
  for (const signal of ENDING_SIGNALS) process.on(signal, onSignal);
}

/** True while any process is left in the group led by `pid` (the leader may be gone). */
export function processGroupHasMembers(pid: number): boolean {
  return signalProcessGroup(pid, 0);
}

/**
 * Remembers a live group, so toolshed's exit stops it. Groups found empty are forgotten here:
 * a group id can only be reused once its group is empty, so pruning keeps exit from ever
 * signalling an unrelated group.
 */
export function trackProcessGroup(pid: number): void {
  installHooks();
  for (const known of live) if (!processGroupHasMembers(known)) live.delete(known);
  live.add(pid);
}

/**
 * Remembers a child that runs in toolshed's own process group, so toolshed's exit (or SIGTERM)
 * stops it too; forget it with untrackChildProcess as soon as it exits (its pid may be reused).
 */
export function trackChildProcess(pid: number): void {
  installHooks();
  children.add(pid);
}

/** Forgets a child that has exited. */
export function untrackChildProcess(pid: number): void {
  children.delete(pid);
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
 * that ignore SIGTERM or outlive their parent are gone too. (Commands stop with stopCommand,
 * which also finds processes that left the group.)
 */
export async function stopProcessGroup(pid: number, exited: Promise<unknown>, graceMs = 500): Promise<void> {
  signalProcessGroup(pid, "SIGTERM");
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([exited, new Promise((resolve) => (timer = setTimeout(resolve, graceMs)))]);
  clearTimeout(timer);
  signalProcessGroup(pid, "SIGKILL");
  untrackProcessGroup(pid);
}
