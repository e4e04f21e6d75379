/**
 * Reads a whole regular file, but never more than a limit: a file larger than it (or one that
 * grows past it while being read) is reported, not loaded. Files whose size says 0 but that have
 * content (/proc/cpuinfo) are read to their end, within the same limit.
 */
import { closeSync, fstatSync, openSync, readSync, type Stats } from "node:fs";
import { OPEN_FLAGS, openRegularFile } from "./openRegularFile.ts";

/** The file's bytes, or why they were not read. */
export type BoundedRead =
  | { kind: "read"; bytes: Buffer; stats: Stats }
  | { kind: "too-large"; stats: Stats }
  | { kind: "folder"; stats: Stats }
  | { kind: "special"; stats: Stats };

/** The step a file with no known size is read by. */
const CHUNK_BYTES = 64 * 1024;

/**
 * Reads from `descriptor`: `size` bytes when the size is known (more than 0), else until its end;
 * undefined when more than `maxBytes` came. A file that grows while it is read is read to the
 * size it had: what was measured is what is read, and no more.
 */
export function readDescriptorBounded(descriptor: number, size: number, maxBytes: number): Buffer | undefined {
  if (size > maxBytes) return undefined;
  if (size > 0) {
    const buffer = Buffer.allocUnsafe(size);
    let filled = 0;
    for (let read = -1; read !== 0 && filled < size; filled += read) read = readSync(descriptor, buffer, filled, size - filled, filled);
    return filled === size ? buffer : buffer.subarray(0, filled);
  }
  let buffer = Buffer.allocUnsafe(Math.min(maxBytes, CHUNK_BYTES) + 1);
  let filled = 0;
  for (;;) {
    if (filled === buffer.length) {
      if (filled > maxBytes) return undefined;
      const grown = Buffer.allocUnsafe(Math.min(maxBytes + 1, buffer.length + Math.max(CHUNK_BYTES, buffer.length)));
      buffer.copy(grown, 0, 0, filled);
      buffer = grown;
    }
    const read = readSync(descriptor, buffer, filled, buffer.length - filled, filled);
    if (read === 0) break;
    filled += read;
  }
  return filled > maxBytes ? undefined : buffer.subarray(0, filled);
}

/**
 * Reads `path` whole when it is a regular file of at most `maxBytes`. System errors (ENOENT,
 * ELOOP, EIO, ...) are thrown as they are; callers turn them into messages. With `scratch`, a
 * file that fits is read into it and the bytes are a view of it, valid until its next use (a
 * search reading thousands of files then allocates nothing per file).
 */
export function readBoundedFile(path: string, maxBytes: number, scratch?: Buffer): BoundedRead {
  // openRegularFile's steps, inlined: this runs once per file a built-in search reads.
  const descriptor = openSync(path, OPEN_FLAGS);
  try {
    const stats = fstatSync(descriptor);
    if (!stats.isFile()) return stats.isDirectory() ? { kind: "folder", stats } : { kind: "special", stats };
    if (scratch !== undefined && stats.size > 0 && stats.size <= scratch.length && stats.size <= maxBytes) {
      let filled = 0;
      for (let read = -1; read !== 0 && filled < stats.size; filled += read) read = readSync(descriptor, scratch, filled, stats.size - filled, filled);
      return { kind: "read", bytes: scratch.subarray(0, filled), stats };
    }
    const bytes = readDescriptorBounded(descriptor, stats.size, maxBytes);
    return bytes === undefined ? { kind: "too-large", stats } : { kind: "read", bytes, stats };
  } finally {
    closeSync(descriptor);
  }
}

/** The first `maxBytes` (or fewer) bytes of a regular file; an empty buffer for anything else. */
export function readFileStart(path: string, maxBytes: number): Buffer {
  const opened = openRegularFile(path);
  if (opened.kind !== "file") return Buffer.alloc(0);
  try {
    const buffer = Buffer.allocUnsafe(maxBytes);
    let filled = 0;
    for (let read = -1; read !== 0 && filled < maxBytes; filled += read) read = readSync(opened.descriptor, buffer, filled, maxBytes - filled, filled);
    return buffer.subarray(0, filled);
  } finally {
    closeSync(opened.descriptor);
  }
}

/**
 * The end of a regular file, at most `maxBytes` of it, as text: when that starts inside the file
 * it starts at the next whole line, and `skippedBytes` says how much came before the part read.
 * Empty for a file that is missing or not a regular file.
 */
export function readFileEnd(path: string, maxBytes: number): { text: string; skippedBytes: number } {
  let opened: ReturnType<typeof openRegularFile>;
  try {
    opened = openRegularFile(path);
  } catch {
    return { text: "", skippedBytes: 0 };
  }
  if (opened.kind !== "file") return { text: "", skippedBytes: 0 };
  try {
    const size = opened.stats.size;
    const start = Math.max(0, size - maxBytes);
    const buffer = Buffer.alloc(size - start);
    const read = readSync(opened.descriptor, buffer, 0, buffer.length, start);
    const text = buffer.subarray(0, read).toString("utf8");
    return { text: start > 0 ? text.slice(text.indexOf("\n") + 1) : text, skippedBytes: start };
  } finally {
    closeSync(opened.descriptor);
  }
}
