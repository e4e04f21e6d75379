/**
 * What a failed file-system call means, in words a model (or a person) can act on: the path,
 * what was wrong, and what to do. Raw Node errors ("ELOOP: too many symbolic links
 * encountered, stat") say none of that, and reporting them as toolshed bugs would be wrong: they
 * describe the machine, not a fault of toolshed.
 */

/** The error code of a failed system call (`ENOENT`, `ELOOP`, ...), or undefined. */
export function errorCode(error: unknown): string | undefined {
  if (typeof error !== "object" || error === null || !("code" in error)) return undefined;
  const { code } = error;
  return typeof code === "string" ? code : undefined;
}

const MESSAGES: Record<string, (path: string) => string> = {
  ENOENT: (path) => `${path} does not exist.`,
  ENOTDIR: (path) => `${path} cannot be reached: part of its folder path is a file, not a folder.`,
  ELOOP: (path) =>
    `${path} is a symbolic link that loops back on itself (or a chain of too many links), so it leads to no file. Fix or remove the link, or give the path of a real file.`,
  EACCES: (path) => `Permission denied for ${path} (EACCES). Choose a file this user may use, or change its permissions.`,
  EPERM: (path) => `The system does not allow this operation on ${path} (EPERM). Choose another file.`,
  EROFS: (path) => `${path} is on a read-only file system (EROFS), so it cannot be changed.`,
  EIO: (path) =>
    `${path} could not be read or written: the system reported an input/output error (EIO). Some special files (such as /proc/self/mem) cannot be read this way; for a real disk, check the device.`,
  EISDIR: (path) => `${path} is a folder, not a file. Give the path of a file.`,
  ENAMETOOLONG: (path) => `${path} is too long a path (ENAMETOOLONG): a file name may have at most 255 bytes. Use a shorter name.`,
  ENOSPC: (path) =>
    `No space is left on the device that holds ${path} (ENOSPC), so nothing was written there. Free some space (remove build outputs or caches, for example) and try again.`,
  EDQUOT: (path) => `The disk quota for the device that holds ${path} is used up (EDQUOT). Free some space and try again.`,
  EFBIG: (path) => `${path} would grow past the largest file the file system (or this process's limit) allows (EFBIG).`,
  EMFILE: (path) => `Too many files are open in this process to open ${path} (EMFILE). Try again once other work has finished.`,
  ENFILE: (path) => `Too many files are open on this system to open ${path} (ENFILE). Try again later.`,
  EBUSY: (path) => `${path} is busy (EBUSY): another program or the system is using it. Try again later.`,
  ETXTBSY: (path) => `${path} is a program that is running right now (ETXTBSY), so it cannot be written. Stop it first.`,
  ENXIO: (path) => `${path} is a special file with nothing behind it (ENXIO), such as a pipe nobody reads or a socket.`,
  ENODEV: (path) => `${path} is a device that does not support this operation (ENODEV).`,
  EAGAIN: (path) => `${path} has nothing to read right now (EAGAIN): it is a pipe or device, not a regular file.`,
  ERR_INVALID_ARG_VALUE: (path) => `${JSON.stringify(path)} contains a NUL character, which no file name can hold. Give the path without it.`,
};

/** The message for a failed file-system call on `path`; undefined when the error is not one of those. */
export function fileSystemErrorMessage(error: unknown, path: string): string | undefined {
  const code = errorCode(error);
  if (code === undefined) return undefined;
  return MESSAGES[code]?.(path);
}

/** True for codes that say the disk (or quota) is full: writes there fail until space is freed. */
export function isNoSpaceError(error: unknown): boolean {
  const code = errorCode(error);
  return code === "ENOSPC" || code === "EDQUOT";
}
