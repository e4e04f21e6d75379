/**
 * A nameless temporary file for a child process's output. A child writing into a pipe wakes the
 * reader for every write (ripgrep writes once per matching file); into a file it writes at full
 * speed and the output is read once, after it exits. The file is unlinked as soon as it is
 * open, so nothing is left behind however the search ends.
 */
import { closeSync, fstatSync, openSync, readSync, unlinkSync } from "node:fs";
import { tmpdir } from "../paths/operatingSystem.ts";
import { join } from "node:path";

/** An open, already unlinked file; undefined when the temporary folder cannot take one. */
export function openScratchFile(): number | undefined {
  const path = join(tmpdir(), `toolshed-${crypto.randomUUID()}`);
  let descriptor: number;
  try {
    descriptor = openSync(path, "wx+", 0o600);
  } catch {
    return undefined;
  }
  try {
    unlinkSync(path);
  } catch {
    closeScratchFile(descriptor);
    return undefined;
  }
  return descriptor;
}

/** What was written to the file, as UTF-8 text, and whether it was cut at `maxBytes`. */
export function readScratchFile(descriptor: number, maxBytes: number): { text: string; cut: boolean } {
  const written = fstatSync(descriptor).size;
  const size = Math.min(written, maxBytes);
  const bytes = Buffer.allocUnsafe(size);
  let filled = 0;
  while (filled < size) {
    const read = readSync(descriptor, bytes, filled, size - filled, filled);
    if (read === 0) break;
    filled += read;
  }
  return { text: bytes.toString("utf8", 0, filled), cut: written > size };
}

/** Closes the file (which frees its space). */
export function closeScratchFile(descriptor: number): void {
  try {
    closeSync(descriptor);
  } catch {
    // Already closed.
  }
}
