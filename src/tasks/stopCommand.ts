/**
 * Stopping a command with every process it started: its process group, its descendants, and
 * processes that left the group but carry its tag (processTree.ts). SIGTERM first, SIGKILL once
 * the command has exited or a grace period has passed, then sweeps until nothing is left, and an
 * honest report of what could not be found or stopped.
 */
import { signalProcessGroup, untrackProcessGroup } from "./processGroups.ts";
import { findCommandProcesses, findTaggedProcesses } from "./processTree.ts";

/** What a stop achieved. */
export interface StopReport {
  /** False where processes outside the group cannot be found (no /proc): only the group was stopped. */
  complete: boolean;
  /** Processes of the command still running after the stop (another user's, for instance). */
  survivors: number[];
}

/** How many times the command's processes are looked for and killed after the grace period. */
const SWEEPS = 4;

function signalEach(pids: readonly number[], signal: NodeJS.Signals): void {
  for (const pid of pids) {
    try {
      process.kill(pid, signal);
    } catch {
      // Gone already, or not ours to signal: the final sweep reports it if it is still there.
    }
  }
}

/**
 * SIGKILLs only the processes that carry the command's tag: for leftovers found after the
 * command's group emptied, whose id may since lead an unrelated group.
 */
export function killTaggedNow(tag: string): void {
  signalEach(findTaggedProcesses(tag), "SIGKILL");
}

/** SIGKILLs the command's processes at once, without waiting (for toolshed's exit and for watches). */
export function killCommandNow(leader: number, tag: string): void {
  signalProcessGroup(leader, "SIGKILL");
  signalEach(findCommandProcesses(leader, tag) ?? [], "SIGKILL");
}

/** Stops the command led by `leader` (tagged `tag`); `exited` settles when its shell has exited. */
export async function stopCommand(options: { leader: number; tag: string; exited: Promise<unknown>; graceMs?: number }): Promise<StopReport> {
  const { leader, tag, exited, graceMs = 500 } = options;
  signalProcessGroup(leader, "SIGTERM");
  signalEach(findCommandProcesses(leader, tag) ?? [], "SIGTERM");
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([exited, new Promise((resolve) => (timer = setTimeout(resolve, graceMs)))]);
  clearTimeout(timer);
  let left: number[] | undefined = [];
  for (let sweep = 0; sweep < SWEEPS; sweep++) {
    signalProcessGroup(leader, "SIGKILL");
    left = findCommandProcesses(leader, tag);
    if (left === undefined || left.length === 0) break;
    signalEach(left, "SIGKILL");
    // A killed process takes a moment to become a zombie; look again after it.
    await Bun.sleep(10 * (sweep + 1));
  }
  untrackProcessGroup(leader);
  const survivors = findCommandProcesses(leader, tag);
  return { complete: survivors !== undefined, survivors: survivors ?? [] };
}
