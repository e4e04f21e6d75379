/** Writing a whole buffer to an open file and flushing it to disk. */
import { fsyncSync, writeSync } from "node:fs";

/** Writes all of `bytes` to `descriptor` from its current position (writes may be partial), then flushes it. */
export function writeAllAndFlush(descriptor: number, bytes: Uint8Array): void {
  let written = 0;
  while (written < bytes.length) written += writeSync(descriptor, bytes, written, bytes.length - written);
  fsyncSync(descriptor);
}
