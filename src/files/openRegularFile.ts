/**
 * Opening a file toolshed means to read, without the ways that can hang or never end: a named
 * pipe with no writer blocks open() and read() forever, and a device such as /dev/zero never
 * ends. The file is opened without blocking and checked through its descriptor, so what is
 * checked is what is read (a name swapped for a pipe after a stat cannot slip through).
 */
import { closeSync, constants, fstatSync, openSync, type Stats } from "node:fs";

/** O_NONBLOCK where the platform has it (not on Windows, which has no named pipes in the file system). */
export const OPEN_FLAGS = constants.O_RDONLY | (constants.O_NONBLOCK ?? 0);

/** An open regular file, or what the path turned out to be instead. */
export type OpenedFile =
  | { kind: "file"; descriptor: number; stats: Stats }
  | { kind: "folder"; stats: Stats }
  | { kind: "special"; stats: Stats };

/** What kind of special file `stats` describes, in a few words ("a named pipe"). */
export function describeSpecialFile(stats: Stats): string {
  if (stats.isFIFO()) return "a named pipe";
  if (stats.isSocket()) return "a socket";
  if (stats.isCharacterDevice()) return "a character device";
  if (stats.isBlockDevice()) return "a block device";
  return "not a regular file";
}

/**
 * Opens `path` for reading when it is a regular file (symlinks followed); the caller closes the
 * descriptor. Folders and special files are reported, not opened for reading. System errors
 * (ENOENT, ELOOP, EACCES, ...) are thrown as they are.
 */
export function openRegularFile(path: string): OpenedFile {
  const descriptor = openSync(path, OPEN_FLAGS);
  let stats: Stats;
  try {
    stats = fstatSync(descriptor);
  } catch (error) {
    closeSync(descriptor);
    throw error;
  }
  if (stats.isFile()) return { kind: "file", descriptor, stats };
  closeSync(descriptor);
  return stats.isDirectory() ? { kind: "folder", stats } : { kind: "special", stats };
}
