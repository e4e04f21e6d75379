/** Writes a file so that a reader (or a crash) sees the old content or the new, never a mix. */
import { closeSync, fsyncSync, mkdirSync, openSync, renameSync, rmSync, statSync, writeSync } from "node:fs";
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
  let mode = options.mode ?? 0o644;
  try {
    mode = statSync(path).mode & 0o7777;
  } catch {
    // A new file: use the requested mode.
  }
  const temporary = join(folder, `.${basename(path)}.${process.pid}.${crypto.randomUUID().slice(0, 8)}.tmp`);
  const descriptor = openSync(temporary, "wx", mode);
  try {
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
