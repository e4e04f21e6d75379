/** What the archive writers take: files with their bytes and whether they are executable. */

/** One file in an archive; folders are implied by the paths. */
export interface ArchiveEntry {
  /** Forward slashes, no leading slash, no `.` or `..` parts. */
  path: string;
  data: Uint8Array<ArrayBuffer>;
  executable: boolean;
}

/**
 * The modification time of every entry: 1980-01-01 00:00:00 UTC, the earliest time a zip file
 * can hold, so that tar and zip archives of one release agree and never depend on the clock.
 */
export const ARCHIVE_TIME = new Date(Date.UTC(1980, 0, 1));

/** Unix modes: folders and executables 0755, other files 0644. */
export const FOLDER_MODE = 0o755;
export const EXECUTABLE_MODE = 0o755;
export const FILE_MODE = 0o644;

/** One item to write, folder or file, in the order both writers use. */
export type ArchiveItem = { kind: "folder"; path: string } | { kind: "file"; path: string; data: Uint8Array<ArrayBuffer>; mode: number };

/** How entries are ordered: by path, except the paths named in `leading`, which come first in that order. */
export interface ArchiveOrder {
  /** For readers that want one file early: npm reads package.json without unpacking the rest. */
  leading?: readonly string[];
}

/**
 * The entries in order, each preceded by the folders it implies (each folder once), so the
 * archive's order never depends on the caller's. Refuses paths that could escape the extraction folder.
 */
export function orderArchiveItems(entries: readonly ArchiveEntry[], order: ArchiveOrder = {}): ArchiveItem[] {
  const items: ArchiveItem[] = [];
  const folders = new Set<string>();
  const files = new Set<string>();
  const leading = order.leading ?? [];
  const rank = (path: string) => (leading.includes(path) ? leading.indexOf(path) : leading.length);
  const sorted = [...entries].sort((a, b) => rank(a.path) - rank(b.path) || (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  for (const entry of sorted) {
    const parts = entry.path.split("/");
    if (entry.path.startsWith("/") || parts.some((part) => part === "" || part === "." || part === "..")) {
      throw new Error(`archive path "${entry.path}" must be relative, with no empty, "." or ".." parts`);
    }
    if (files.has(entry.path)) throw new Error(`archive path "${entry.path}" is listed twice`);
    files.add(entry.path);
    for (let depth = 1; depth < parts.length; depth++) {
      const folder = parts.slice(0, depth).join("/");
      if (folders.has(folder)) continue;
      folders.add(folder);
      items.push({ kind: "folder", path: folder });
    }
    items.push({ kind: "file", path: entry.path, data: entry.data, mode: entry.executable ? EXECUTABLE_MODE : FILE_MODE });
  }
  return items;
}
