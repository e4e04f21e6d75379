/** Reads a .tar.gz in memory (ustar: name, prefix, mode, size), for tests that look inside archives without unpacking them. */
import { readFileSync } from "node:fs";

export interface TarEntry {
  path: string;
  mode: number;
  folder: boolean;
  data: Uint8Array;
}

function field(header: Uint8Array, offset: number, length: number): string {
  const bytes = header.subarray(offset, offset + length);
  const end = bytes.indexOf(0);
  return new TextDecoder().decode(end === -1 ? bytes : bytes.subarray(0, end));
}

/** Every entry of the archive at `path`, in order. */
export function readTarGz(path: string): TarEntry[] {
  const tar = Bun.gunzipSync(readFileSync(path));
  const entries: TarEntry[] = [];
  for (let offset = 0; offset + 512 <= tar.length; ) {
    const header = tar.subarray(offset, offset + 512);
    if (header.every((byte) => byte === 0)) break;
    const name = field(header, 0, 100);
    const prefix = field(header, 345, 155);
    const size = Number.parseInt(field(header, 124, 12), 8);
    entries.push({ path: prefix === "" ? name : `${prefix}/${name}`, mode: Number.parseInt(field(header, 100, 8), 8), folder: header[156] === 0x35, data: tar.subarray(offset + 512, offset + 512 + size) });
    offset += 512 + Math.ceil(size / 512) * 512;
  }
  return entries;
}
