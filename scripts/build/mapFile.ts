/** A whole file as a Buffer without copying it into memory (mmap), or read when mapping is unsupported. */
import { readFileSync } from "node:fs";

/** The file's bytes; scanning a mapped 100 MB binary costs page-cache reads, not a 100 MB copy. */
export function mapFile(path: string): Buffer {
  try {
    const mapped = Bun.mmap(path, { shared: false });
    return Buffer.from(mapped.buffer, mapped.byteOffset, mapped.byteLength);
  } catch {
    return readFileSync(path);
  }
}
