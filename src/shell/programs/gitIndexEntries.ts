/**
 * Lists the gitlinks (submodules and embedded repositories, mode 160000) among a git index's
 * entries, for index versions 2, 3 and 4 with SHA-1 or SHA-256 object names. `git status` runs
 * again inside every gitlink, with that repository's own settings.
 */

/** The gitlinks of an index (at most `limit`, `more` when there were others), or why it cannot be read. */
export type GitlinkSearch = { kind: "listed"; paths: string[]; more: boolean } | { kind: "unreadable"; reason: string };

const GITLINK = 0o160000;
const FILE_TYPE_MASK = 0o170000;

/** Reads git's offset varint (index v4's path prefix length). */
function readVarint(bytes: Uint8Array, at: number): { value: number; next: number } | undefined {
  let byte = bytes[at++];
  if (byte === undefined) return undefined;
  let value = byte & 0x7f;
  while (byte & 0x80) {
    byte = bytes[at++];
    if (byte === undefined || value > 0xffffff) return undefined;
    value = ((value + 1) << 7) | (byte & 0x7f);
  }
  return { value, next: at };
}

function search(bytes: Uint8Array, version: number, count: number, hashBytes: number, limit: number, select: (mode: number) => boolean = (mode) => (mode & FILE_TYPE_MASK) === GITLINK): GitlinkSearch | undefined {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const decoder = new TextDecoder();
  let at = 12;
  let previous: Uint8Array = new Uint8Array(0);
  const paths: string[] = [];
  let more = false;
  for (let entry = 0; entry < count; entry++) {
    const start = at;
    const flagsAt = start + 40 + hashBytes;
    if (flagsAt + 2 > bytes.length) return undefined;
    const mode = view.getUint32(start + 24);
    const flags = view.getUint16(flagsAt);
    let pathAt = flagsAt + 2;
    if (version >= 3 && flags & 0x4000) pathAt += 2;
    let path: Uint8Array;
    if (version === 4) {
      const strip = readVarint(bytes, pathAt);
      if (strip === undefined || strip.value > previous.length) return undefined;
      const end = bytes.indexOf(0, strip.next);
      if (end === -1) return undefined;
      const kept = previous.subarray(0, previous.length - strip.value);
      path = new Uint8Array(kept.length + end - strip.next);
      path.set(kept);
      path.set(bytes.subarray(strip.next, end), kept.length);
      at = end + 1;
    } else {
      const end = bytes.indexOf(0, pathAt);
      if (end === -1) return undefined;
      path = bytes.subarray(pathAt, end);
      // Padded with NULs to a multiple of eight bytes from the entry's start.
      at = start + Math.ceil((end - start + 1) / 8) * 8;
    }
    // The name's length is in the flags (up to 0xfff): a wrong guess of the hash size shows here.
    const nameLength = flags & 0xfff;
    if (nameLength !== 0xfff && nameLength !== path.length) return undefined;
    if (select(mode)) {
      if (paths.length < limit) paths.push(decoder.decode(path));
      else more = true;
    }
    previous = path;
  }
  return { kind: "listed", paths, more };
}

/** The gitlinks of an index file's bytes (at most `limit`), or why they cannot be read. */
export function listGitlinks(bytes: Uint8Array, limit = 100): GitlinkSearch {
  return listEntries(bytes, limit);
}

/** Every path an index file's bytes track (at most `limit`), or why they cannot be read. */
export function listTrackedPaths(bytes: Uint8Array, limit: number): GitlinkSearch {
  return listEntries(bytes, limit, () => true);
}

function listEntries(bytes: Uint8Array, limit: number, select?: (mode: number) => boolean): GitlinkSearch {
  if (bytes.length < 12 || bytes[0] !== 0x44 || bytes[1] !== 0x49 || bytes[2] !== 0x52 || bytes[3] !== 0x43) return { kind: "unreadable", reason: "it does not start with DIRC" };
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const version = view.getUint32(4);
  if (version < 2 || version > 4) return { kind: "unreadable", reason: `index version ${version}` };
  const count = view.getUint32(8);
  // SHA-1 repositories first; a SHA-256 one does not parse as SHA-1 (the names' lengths stop matching).
  return search(bytes, version, count, 20, limit, select) ?? search(bytes, version, count, 32, limit, select) ?? { kind: "unreadable", reason: "its entries do not parse" };
}
