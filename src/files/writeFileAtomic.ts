/**
 * Writes a file so that a reader (or a crash) sees the old content or the new, never a mix: the
 * new content goes to a temporary file beside it, is flushed, then renamed into place. The file
 * keeps its mode, and its owner and group where the process may set them. A rename cannot keep
 * what belongs to the old inode, so two cases are written in place instead (see writeInPlace):
 * a file with other hard links (they would keep the old content), and a file whose owner the
 * process cannot give the new inode (it would change owner).
 */
import { closeSync, fchmodSync, fchownSync, fstatSync, mkdirSync, openSync, renameSync, rmSync, statSync, type Stats } from "node:fs";
import { basename, dirname, join } from "node:path";
import { errorCode } from "../errors/fileSystemErrorMessage.ts";
import { sweepStaleTemporaryFiles } from "./sweepStaleTemporaryFiles.ts";
import { temporaryFileName } from "./temporaryFileName.ts";
import { writeAllAndFlush } from "./writeAllAndFlush.ts";
import { writeInPlace } from "./writeInPlace.ts";

export interface WriteFileAtomicOptions {
  /** File mode for a new file; an existing file keeps its own. */
  mode?: number;
  /** Create missing parent folders. */
  createParents?: boolean;
  /**
   * Called right before the new content replaces the old (after it is safely on disk): throw to
   * abandon the write, for example when the file changed since it was checked.
   */
  verify?: () => void;
}

function existingStats(path: string): Stats | undefined {
  try {
    return statSync(path);
  } catch {
    return undefined; // A new file: it gets the requested mode, narrowed by the umask as any new file is.
  }
}

/**
 * Gives the temporary file the old file's owner and group; false when the process may not (a
 * user other than root cannot give a file away, nor pick a group it is not in).
 */
function keepOwner(descriptor: number, existing: Stats): boolean {
  if (typeof process.getuid !== "function") return true; // Windows: no owners to keep
  const created = fstatSync(descriptor);
  if (created.uid === existing.uid && created.gid === existing.gid) return true;
  try {
    fchownSync(descriptor, existing.uid, existing.gid);
    return true;
  } catch (error) {
    if (errorCode(error) === "EPERM") return false;
    throw error;
  }
}

/** Writes `data` to `path` atomically (or in place, see the file comment). */
export function writeFileAtomic(path: string, data: string | Uint8Array, options: WriteFileAtomicOptions = {}): void {
  const folder = dirname(path);
  if (options.createParents) mkdirSync(folder, { recursive: true });
  sweepStaleTemporaryFiles(folder);
  const bytes = typeof data === "string" ? Buffer.from(data, "utf8") : data;
  const existing = existingStats(path);
  if (existing !== undefined && existing.isFile() && existing.nlink > 1) {
    writeInPlace(path, bytes, options.verify);
    return;
  }
  const existingMode = existing === undefined ? undefined : existing.mode & 0o7777;
  const temporary = join(folder, temporaryFileName(basename(path)));
  const descriptor = openSync(temporary, "wx", existingMode ?? options.mode ?? 0o644);
  let ownerKept = true;
  try {
    if (existing !== undefined) ownerKept = keepOwner(descriptor, existing);
    // open() applies the umask, and chown() may clear set-id bits: an existing file keeps its mode exactly.
    if (existingMode !== undefined && ownerKept) fchmodSync(descriptor, existingMode);
    if (ownerKept) writeAllAndFlush(descriptor, bytes);
  } catch (error) {
    closeSync(descriptor);
    rmSync(temporary, { force: true });
    throw error;
  }
  closeSync(descriptor);
  if (!ownerKept) {
    rmSync(temporary, { force: true });
    writeInPlace(path, bytes, options.verify);
    return;
  }
  try {
    options.verify?.();
    renameSync(temporary, path);
  } catch (error) {
    rmSync(temporary, { force: true });
    throw error;
  }
}
