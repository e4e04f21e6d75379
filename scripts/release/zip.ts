/**
 * A zip archive written byte for byte the same every time: entries in path order, one fixed
 * time, Unix modes in the external attributes. Files are deflated, folders stored. No zip64:
 * a release file is far below the 4 GiB a plain zip can hold, and a larger one is refused.
 */
import { ARCHIVE_TIME, FOLDER_MODE, orderArchiveItems, type ArchiveEntry } from "./archiveEntry.ts";
import { DEFLATE_OPTIONS } from "./gzip.ts";

const LIMIT = 0xffffffff;
/** Version 2.0 of the format (deflate and folders); "made by" Unix, so extractors apply the modes. */
const VERSION_NEEDED = 20;
const VERSION_MADE_BY = (3 << 8) | VERSION_NEEDED;
/** Names are UTF-8 (general purpose bit 11). */
const UTF8_NAMES = 0x0800;
const S_IFDIR = 0o040000;
const S_IFREG = 0o100000;

/** MS-DOS date and time fields, which have two-second steps and start in 1980. */
function dosDateTime(date: Date): { date: number; time: number } {
  return {
    date: ((date.getUTCFullYear() - 1980) << 9) | ((date.getUTCMonth() + 1) << 5) | date.getUTCDate(),
    time: (date.getUTCHours() << 11) | (date.getUTCMinutes() << 5) | Math.floor(date.getUTCSeconds() / 2),
  };
}

interface Written {
  name: Uint8Array;
  method: number;
  crc: number;
  compressedSize: number;
  size: number;
  mode: number;
  folder: boolean;
  offset: number;
}

/** The archive's bytes: local headers with data, the central directory, its end record. */
export function createZip(entries: readonly ArchiveEntry[]): Uint8Array {
  const { date, time } = dosDateTime(ARCHIVE_TIME);
  const parts: Uint8Array[] = [];
  const written: Written[] = [];
  let offset = 0;
  const push = (part: Uint8Array) => {
    parts.push(part);
    offset += part.length;
  };
  for (const item of orderArchiveItems(entries)) {
    const folder = item.kind === "folder";
    const name = new TextEncoder().encode(folder ? `${item.path}/` : item.path);
    const data = folder ? new Uint8Array(0) : item.data;
    const stored = folder ? data : Bun.deflateSync(data, DEFLATE_OPTIONS);
    if (data.length >= LIMIT || stored.length >= LIMIT || offset >= LIMIT) throw new Error(`zip: ${item.path} does not fit in a zip archive without zip64`);
    const entry: Written = { name, method: folder ? 0 : 8, crc: folder ? 0 : Bun.hash.crc32(data), compressedSize: stored.length, size: data.length, mode: folder ? S_IFDIR | FOLDER_MODE : S_IFREG | item.mode, folder, offset };
    const local = new DataView(new ArrayBuffer(30));
    local.setUint32(0, 0x04034b50, true);
    local.setUint16(4, VERSION_NEEDED, true);
    local.setUint16(6, UTF8_NAMES, true);
    local.setUint16(8, entry.method, true);
    local.setUint16(10, time, true);
    local.setUint16(12, date, true);
    local.setUint32(14, entry.crc, true);
    local.setUint32(18, entry.compressedSize, true);
    local.setUint32(22, entry.size, true);
    local.setUint16(26, name.length, true);
    local.setUint16(28, 0, true);
    written.push(entry);
    push(new Uint8Array(local.buffer));
    push(name);
    push(stored);
  }
  const directoryOffset = offset;
  for (const entry of written) {
    const central = new DataView(new ArrayBuffer(46));
    central.setUint32(0, 0x02014b50, true);
    central.setUint16(4, VERSION_MADE_BY, true);
    central.setUint16(6, VERSION_NEEDED, true);
    central.setUint16(8, UTF8_NAMES, true);
    central.setUint16(10, entry.method, true);
    central.setUint16(12, time, true);
    central.setUint16(14, date, true);
    central.setUint32(16, entry.crc, true);
    central.setUint32(20, entry.compressedSize, true);
    central.setUint32(24, entry.size, true);
    central.setUint16(28, entry.name.length, true);
    // Extra field, comment, disk number and internal attributes stay zero.
    // The external attributes hold the Unix mode above the MS-DOS ones (0x10: a folder).
    central.setUint32(38, ((entry.mode << 16) | (entry.folder ? 0x10 : 0)) >>> 0, true);
    central.setUint32(42, entry.offset, true);
    push(new Uint8Array(central.buffer));
    push(entry.name);
  }
  if (written.length > 0xffff || offset >= LIMIT) throw new Error("zip: too many entries or too large a directory for a zip archive without zip64");
  const end = new DataView(new ArrayBuffer(22));
  end.setUint32(0, 0x06054b50, true);
  end.setUint16(8, written.length, true);
  end.setUint16(10, written.length, true);
  end.setUint32(12, offset - directoryOffset, true);
  end.setUint32(16, directoryOffset, true);
  push(new Uint8Array(end.buffer));
  const archive = new Uint8Array(offset);
  let position = 0;
  for (const part of parts) {
    archive.set(part, position);
    position += part.length;
  }
  return archive;
}
