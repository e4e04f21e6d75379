/**
 * The read-before-write rule: a file may be changed only when it was read in this session and
 * has not changed since. Read records each file's state; every writer checks and refreshes it.
 */
import { statSync, type Stats } from "node:fs";
import { errorCode } from "../errors/fileSystemErrorMessage.ts";
import { ToolError } from "../errors/ToolError.ts";
import type { FileStateCache } from "./FileStateCache.ts";
import { hashBytes } from "./hashBytes.ts";

function unreadMessage(path: string, action: string): string {
  return `${path} has not been read in this session. Read it first with the Read tool, then ${action} it.`;
}

/** The message for a file that changed between the Read and the write. */
export function changedSinceReadError(path: string, action: string): ToolError {
  return new ToolError(
    `${path} has changed since it was last read (by the user, a formatter or another program). ` +
      `Read it again to see its current content, then ${action} it.`,
  );
}

/**
 * Why a write to `path` cannot go ahead, for a tool's beforeAsking: the file is there but was not
 * read in this session. (The write checks this again, and whether it changed, under its lock.)
 */
export async function unreadFileProblem(path: string, fileState: FileStateCache, action: string): Promise<string | undefined> {
  let stats: Stats;
  try {
    stats = statSync(path);
  } catch {
    return undefined;
  }
  if (!stats.isFile() || fileState.get(path) !== undefined) return undefined;
  return unreadMessage(path, action);
}

/**
 * Throws a ToolError unless `path` was read in this session and is unchanged since: same mtime,
 * size and inode, or (when the whole file was read, and its bytes are at hand) the same content
 * hash. `bytes` is undefined when the file is too large to hash.
 */
export function assertReadAndUnchanged(options: {
  path: string;
  stats: Stats;
  bytes: Uint8Array | undefined;
  fileState: FileStateCache;
  action: string;
}): void {
  const { path, stats, bytes, fileState, action } = options;
  const state = fileState.get(path);
  if (state === undefined) {
    throw new ToolError(unreadMessage(path, action));
  }
  // The bytes, when both they and the hash of what was read are at hand, decide: a change that kept
  // the size and put the time back (cp -p, rsync -t, coarse timestamps) is still a change.
  if (state.contentHash !== undefined && bytes !== undefined) {
    if (state.contentHash === hashBytes(bytes)) return;
    throw changedSinceReadError(path, action);
  }
  if (stats.mtimeMs === state.mtimeMs && stats.size === state.size && (state.ino === undefined || state.ino === stats.ino)) return;
  throw changedSinceReadError(path, action);
}

/**
 * Throws when `path` is no longer the file that was checked (`checked`), or exists although it
 * did not (`checked` undefined): run right before the new content replaces the old, it closes
 * the window between the check and the write to changes made by other programs.
 */
export function assertStillAsChecked(path: string, checked: Stats | undefined, shownPath: string, action: string): void {
  let now: Stats | undefined;
  try {
    now = statSync(path);
  } catch (error) {
    if (errorCode(error) !== "ENOENT") throw error;
  }
  if (checked === undefined) {
    if (now !== undefined) {
      throw new ToolError(`${shownPath} was created by another program while it was being written. Read it, then ${action} it.`);
    }
    return;
  }
  if (now === undefined || now.ino !== checked.ino || now.size !== checked.size || now.mtimeMs !== checked.mtimeMs) {
    throw changedSinceReadError(shownPath, action);
  }
}

/** Records what a file looks like after this session wrote it, so the next change needs no new Read. */
export function recordWrittenFile(fileState: FileStateCache, path: string, bytes: Uint8Array, stats: Stats): void {
  fileState.set(path, {
    contentHash: hashBytes(bytes),
    mtimeMs: stats.mtimeMs,
    size: stats.size,
    ino: stats.ino,
    readAt: Date.now(),
  });
}
