/**
 * A command's shell has exited, but processes it started may still write to its log (`yes &`,
 * `(server &)`, one that left with setsid). The log is still watched while it keeps growing or
 * the command's process group has members: past its limit those processes are stopped and the
 * log emptied, so a leftover cannot fill the disk. Watching ends once the log has been quiet for
 * a while and the group is empty. The timer never keeps toolshed alive.
 */
import { statSync, truncateSync } from "node:fs";
import { OUTPUT_CHECK_INTERVAL_MS } from "./limits.ts";
import { processGroupHasMembers } from "./processGroups.ts";

/** Checks in a row the log must stay the same size (with the group empty) before watching ends. */
export const QUIET_CHECKS = 50;

export interface LeftoverGuard {
  outputPath: string;
  maxBytes: number;
  /** The shell's pid, which led the command's process group. */
  leader: number;
  /** Stops every process the command started (its group too, while the group has members). */
  stop(): Promise<unknown>;
  /** Kills only the processes tagged as the command's: once the group is empty, its id may lead an unrelated group. */
  killTagged?(): void;
  /** Hears that the leftovers were stopped for writing too much. */
  onStopped?(size: number): void;
}

/** Starts guarding; returns the function that ends it early. */
export function guardLeftoverOutput(guard: LeftoverGuard): () => void {
  let last = -1;
  let quiet = 0;
  let stopping = false;
  // Once seen empty, the group is never signalled again: its id is free for the system to reuse.
  let groupGone = false;
  const timer = setInterval(() => {
    let size: number;
    try {
      size = statSync(guard.outputPath).size;
    } catch {
      clearInterval(timer);
      return;
    }
    groupGone ||= !processGroupHasMembers(guard.leader);
    if (size > guard.maxBytes && !stopping) {
      stopping = true;
      clearInterval(timer);
      const stopped = groupGone ? Promise.resolve(guard.killTagged?.()) : guard.stop();
      void stopped.finally(() => {
        try {
          truncateSync(guard.outputPath, 0);
        } catch {
          // Gone already.
        }
        guard.onStopped?.(size);
      });
      return;
    }
    quiet = size === last ? quiet + 1 : 0;
    last = size;
    if (quiet >= QUIET_CHECKS && groupGone) clearInterval(timer);
  }, OUTPUT_CHECK_INTERVAL_MS);
  timer.unref();
  return () => clearInterval(timer);
}
