/**
 * Removes temporary files that atomic writes of dead toolshed processes left behind (a process
 * killed with -9 mid-write cannot clean up after itself), and their file locks. Only names of toolshed's own pattern
 * are touched, only when their pid no longer runs, and only once they are old enough that no
 * writer elsewhere can still be filling them.
 */
import { lstatSync, readdirSync, unlinkSync } from "node:fs";
import { join } from "node:path";
import { isProcessRunning } from "../tasks/isProcessRunning.ts";
import { LOCK_SUFFIX, removeStaleLock } from "./fileLock.ts";
import { STALE_TEMPORARY_FILE_AGE_MS } from "./limits.ts";
import { temporaryFileOwner } from "./temporaryFileName.ts";

/** Folders already swept by this process: each is listed once, not at every write. */
const swept = new Set<string>();
/** Past this many folders the memory of them is dropped (a folder may then be swept again). */
const MAX_REMEMBERED_FOLDERS = 10_000;

/** Removes the stale temporary files in `folder` (once per process); returns how many. */
export function sweepStaleTemporaryFiles(folder: string, now: number = Date.now()): number {
  if (swept.has(folder)) return 0;
  if (swept.size >= MAX_REMEMBERED_FOLDERS) swept.clear();
  swept.add(folder);
  let names: string[];
  try {
    names = readdirSync(folder);
  } catch {
    return 0;
  }
  let removed = 0;
  for (const name of names) {
    if (name.endsWith(LOCK_SUFFIX)) {
      if (removeStaleLock(join(folder, name), now)) removed++;
      continue;
    }
    const pid = temporaryFileOwner(name);
    if (pid === undefined || pid === process.pid || isProcessRunning(pid)) continue;
    const path = join(folder, name);
    try {
      const stats = lstatSync(path);
      if (!stats.isFile() || now - stats.mtimeMs < STALE_TEMPORARY_FILE_AGE_MS) continue;
      unlinkSync(path);
      removed++;
    } catch {
      // Gone already, or not ours to remove: leave it.
    }
  }
  return removed;
}

/** Forgets which folders were swept (for tests). */
export function forgetSweptFolders(): void {
  swept.clear();
}
