/**
 * The read-before-write rule: a file may be changed only when it was read in this session and
 * has not changed since. Read records each file's state; every writer checks and refreshes it.
 */
import type { Stats } from "node:fs";
import { ToolError } from "../errors/ToolError.ts";
import type { FileStateCache } from "./FileStateCache.ts";
import { hashBytes } from "./hashBytes.ts";

/**
 * Throws a ToolError unless `path` was read in this session and is unchanged since: same mtime
 * and size, or (when the whole file was read) the same content hash.
 */
export function assertReadAndUnchanged(options: {
  path: string;
  stats: Stats;
  bytes: Uint8Array;
  fileState: FileStateCache;
  action: string;
}): void {
  const { path, stats, bytes, fileState, action } = options;
  const state = fileState.get(path);
  if (state === undefined) {
    throw new ToolError(`${path} has not been read in this session. Read it first with the Read tool, then ${action} it.`);
  }
  if (stats.mtimeMs === state.mtimeMs && stats.size === state.size) return;
  if (state.contentHash !== undefined && state.contentHash === hashBytes(bytes)) return;
  throw new ToolError(
    `${path} has changed since it was last read (by the user, a formatter or another program). ` +
      `Read it again to see its current content, then ${action} it.`,
  );
}

/** Records what a file looks like after this session wrote it, so the next change needs no new Read. */
export function recordWrittenFile(fileState: FileStateCache, path: string, bytes: Uint8Array, stats: Stats): void {
  fileState.set(path, {
    contentHash: hashBytes(bytes),
    mtimeMs: stats.mtimeMs,
    size: stats.size,
    readAt: Date.now(),
  });
}
