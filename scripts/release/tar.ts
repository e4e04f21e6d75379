/**
 * A POSIX ustar archive written byte for byte the same every time: entries in path order, one
 * fixed time, owner and group 0 with no names, modes 0755/0644. Enough of the format for a
 * release (short paths, plain files and folders), readable by GNU tar, bsdtar, busybox and npm.
 */
import { ARCHIVE_TIME, FOLDER_MODE, orderArchiveItems, type ArchiveEntry, type ArchiveOrder } from "./archiveEntry.ts";

const BLOCK = 512;
/** The largest size an 11-digit octal field holds (8 GiB - 1). */
const MAX_SIZE = 0o77777777777;

function writeText(header: Uint8Array, offset: number, length: number, text: string): void {
  const bytes = new TextEncoder().encode(text);
  if (bytes.length > length) throw new Error(`tar: "${text}" does not fit in ${length} bytes`);
  header.set(bytes, offset);
}

/** A numeric field: zero-padded octal, ending in NUL. */
function writeOctal(header: Uint8Array, offset: number, length: number, value: number): void {
  writeText(header, offset, length, `${value.toString(8).padStart(length - 1, "0")}\0`);
}

/** The name and prefix fields: a path over 100 bytes is split at a slash into prefix (155) and name (100). */
function splitPath(path: string): { name: string; prefix: string } {
  if (new TextEncoder().encode(path).length <= 100) return { name: path, prefix: "" };
  for (let slash = path.indexOf("/"); slash !== -1; slash = path.indexOf("/", slash + 1)) {
    const prefix = path.slice(0, slash);
    const name = path.slice(slash + 1);
    if (new TextEncoder().encode(prefix).length <= 155 && new TextEncoder().encode(name).length <= 100) return { name, prefix };
  }
  throw new Error(`tar: the path "${path}" is too long for a ustar archive`);
}

function header(options: { path: string; mode: number; size: number; folder: boolean }): Uint8Array {
  if (options.size > MAX_SIZE) throw new Error(`tar: ${options.path} is larger than a ustar archive can hold`);
  const block = new Uint8Array(BLOCK);
  const { name, prefix } = splitPath(options.folder ? `${options.path}/` : options.path);
  writeText(block, 0, 100, name);
  writeOctal(block, 100, 8, options.mode);
  writeOctal(block, 108, 8, 0);
  writeOctal(block, 116, 8, 0);
  writeOctal(block, 124, 12, options.size);
  writeOctal(block, 136, 12, Math.floor(ARCHIVE_TIME.getTime() / 1000));
  block[156] = options.folder ? 0x35 : 0x30;
  writeText(block, 257, 8, "ustar\u000000");
  writeText(block, 345, 155, prefix);
  // The checksum is the byte sum of the header with its own field read as eight spaces.
  block.fill(0x20, 148, 156);
  const sum = block.reduce((total, byte) => total + byte, 0);
  writeText(block, 148, 8, `${sum.toString(8).padStart(6, "0")}\0 `);
  return block;
}

/** The archive's bytes: each folder and file in order, then the two empty blocks that end it. */
export function createTar(entries: readonly ArchiveEntry[], order: ArchiveOrder = {}): Uint8Array<ArrayBuffer> {
  const parts: Uint8Array[] = [];
  let length = 0;
  const push = (part: Uint8Array) => {
    parts.push(part);
    length += part.length;
  };
  for (const item of orderArchiveItems(entries, order)) {
    if (item.kind === "folder") {
      push(header({ path: item.path, mode: FOLDER_MODE, size: 0, folder: true }));
      continue;
    }
    push(header({ path: item.path, mode: item.mode, size: item.data.length, folder: false }));
    push(item.data);
    const padding = (BLOCK - (item.data.length % BLOCK)) % BLOCK;
    if (padding > 0) push(new Uint8Array(padding));
  }
  push(new Uint8Array(BLOCK * 2));
  const archive = new Uint8Array(length);
  let offset = 0;
  for (const part of parts) {
    archive.set(part, offset);
    offset += part.length;
  }
  return archive;
}
