/** Writes a file so that a reader (or a crash) sees the old content or the new, never a mix. */
import { closeSync, fchmodSync, fsyncSync, mkdirSync, openSync, renameSync, rmSync, statSync, writeSync } from "node:fs";
import { basename, dirname, join } from "node:path";

export interface WriteFileAtomicOptions {
  /** File mode for a new file; an existing file keeps its own. */
  mode?: number;
  /** Create missing parent folders. */
  createParents?: boolean;
}

/** Writes `data` to a temporary file beside `path`, flushes it, then renames it into place. */
export function writeFileAtomic(path: string, data: string | Uint8Array, options: WriteFileAtomicOptions = {}): void {
  const folder = dirname(path);
  if (options.createParents) mkdirSync(folder, { recursive: true });
  let existingMode: number | undefined;
  try {
    existingMode = statSync(path).mode & 0o7777;
  } catch {
    // A new file: it gets the requested mode, narrowed by the umask as any new file is.
  }
  const temporary = join(folder, `.${basename(path)}.${process.pid}.${crypto.randomUUID().slice(0, 8)}.tmp`);
  const descriptor = openSync(temporary, "wx", existingMode ?? options.mode ?? 0o644);
  try {
    // open() applies the umask; an existing file must keep its mode exactly (0o666 stays 0o666).
    if (existingMode !== undefined) fchmodSync(descriptor, existingMode);
    const bytes = typeof data === "string" ? Buffer.from(data, "utf8") : data;
    let written = 0;
    while (written < bytes.length) written += writeSync(descriptor, bytes, written, bytes.length - written);
    fsyncSync(descriptor);
  } catch (error) {
    closeSync(descriptor);
    rmSync(temporary, { force: true });
    throw error;
  }
  closeSync(descriptor);
  try {
    renameSync(temporary, path);
  } catch (error) {
    rmSync(temporary, { force: true });
    throw error;
  }
}
