/**
 * One file out of a release archive: a gzipped ustar archive (with pax and GNU long names read),
 * or a zip (stored or deflated). Sizes are bounded: an archive that claims more than the limit,
 * or unpacks to more, is refused.
 */
import { gunzipSync, inflateRawSync } from "node:zlib";

export class ArchiveError extends Error {
  override readonly name = "ArchiveError";
}

const BLOCK = 512;

function text(bytes: Uint8Array, offset: number, length: number): string {
  const field = bytes.subarray(offset, offset + length);
  const end = field.indexOf(0);
  return new TextDecoder().decode(end === -1 ? field : field.subarray(0, end));
}

function octal(bytes: Uint8Array, offset: number, length: number): number {
  const value = text(bytes, offset, length).trim();
  if (!/^[0-7]*$/.test(value)) throw new ArchiveError("the archive has a damaged header");
  return value === "" ? 0 : Number.parseInt(value, 8);
}

/** The `path` record of a pax header, if it has one. */
function paxPath(data: Uint8Array): string | undefined {
  for (const record of new TextDecoder().decode(data).split("\n")) {
    const match = /^\d+ path=(.*)$/.exec(record);
    if (match !== null) return match[1];
  }
  return undefined;
}

function fromTar(tar: Uint8Array, wanted: string): Uint8Array {
  let offset = 0;
  let longName: string | undefined;
  while (offset + BLOCK <= tar.length) {
    const header = tar.subarray(offset, offset + BLOCK);
    if (header.every((byte) => byte === 0)) break;
    const size = octal(header, 124, 12);
    const type = String.fromCharCode(header[156] ?? 0);
    const prefix = text(header, 345, 155);
    const name = longName ?? (prefix === "" ? text(header, 0, 100) : `${prefix}/${text(header, 0, 100)}`);
    const start = offset + BLOCK;
    if (start + size > tar.length) throw new ArchiveError("the archive ends in the middle of a file");
    const data = tar.subarray(start, start + size);
    offset = start + Math.ceil(size / BLOCK) * BLOCK;
    if (type === "x") {
      longName = paxPath(data);
      continue;
    }
    if (type === "L") {
      longName = text(data, 0, data.length);
      continue;
    }
    longName = undefined;
    if ((type === "0" || type === "\0") && name.replace(/^\.\//, "") === wanted) return data;
  }
  throw new ArchiveError(`the archive holds no ${wanted}`);
}

function fromZip(zip: Uint8Array, wanted: string, maxBytes: number): Uint8Array {
  const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
  // The end-of-central-directory record is in the last 64 KiB + 22 bytes.
  let end = -1;
  for (let at = zip.length - 22; at >= Math.max(0, zip.length - 22 - 0xffff); at--) {
    if (view.getUint32(at, true) === 0x06054b50) {
      end = at;
      break;
    }
  }
  if (end === -1) throw new ArchiveError("the file is not a zip archive");
  const count = view.getUint16(end + 10, true);
  let at = view.getUint32(end + 16, true);
  for (let index = 0; index < count; index++) {
    if (at + 46 > zip.length || view.getUint32(at, true) !== 0x02014b50) throw new ArchiveError("the zip archive's directory is damaged");
    const method = view.getUint16(at + 10, true);
    const compressed = view.getUint32(at + 20, true);
    const size = view.getUint32(at + 24, true);
    const nameLength = view.getUint16(at + 28, true);
    const extraLength = view.getUint16(at + 30, true);
    const commentLength = view.getUint16(at + 32, true);
    const local = view.getUint32(at + 42, true);
    const name = new TextDecoder().decode(zip.subarray(at + 46, at + 46 + nameLength));
    at += 46 + nameLength + extraLength + commentLength;
    if (name !== wanted) continue;
    if (size > maxBytes) throw new ArchiveError(`${wanted} in the archive is larger than the limit of ${maxBytes} bytes`);
    if (local + 30 > zip.length || view.getUint32(local, true) !== 0x04034b50) throw new ArchiveError("the zip archive's entry is damaged");
    const dataStart = local + 30 + view.getUint16(local + 26, true) + view.getUint16(local + 28, true);
    const data = zip.subarray(dataStart, dataStart + compressed);
    if (method === 0) return data;
    if (method === 8) return inflateRawSync(data, { maxOutputLength: maxBytes });
    throw new ArchiveError(`${wanted} is packed with zip method ${method}, which toolshed does not read`);
  }
  throw new ArchiveError(`the archive holds no ${wanted}`);
}

/** The bytes of `path` inside `archive`; throws ArchiveError saying what is wrong. */
export function extractArchiveFile(archive: Uint8Array, format: "tar.gz" | "zip", path: string, maxBytes: number): Uint8Array {
  if (format === "zip") return fromZip(archive, path, maxBytes);
  let tar: Uint8Array;
  try {
    tar = gunzipSync(archive, { maxOutputLength: maxBytes + 64 * 1024 * 1024 });
  } catch (error) {
    throw new ArchiveError(`the archive does not unpack (${(error as Error).message})`);
  }
  return fromTar(tar, path);
}
