/** stat, lstat and realpath that answer "nothing there" with undefined or false instead of throwing. */
import { lstatSync, realpathSync, statSync, type Stats } from "node:fs";

/** The path's stats (following symlinks), or undefined when it cannot be stat'ed for any reason. */
export function statOrUndefined(path: string): Stats | undefined {
  try {
    return statSync(path);
  } catch {
    return undefined;
  }
}

/** True when the path is a folder (following symlinks); false when it is anything else or cannot be stat'ed. */
export function isFolder(path: string): boolean {
  return statOrUndefined(path)?.isDirectory() === true;
}

/** The path's own stats (a symlink itself, not where it leads), or undefined when nothing is there. */
export function lstatOrUndefined(path: string): Stats | undefined {
  try {
    return lstatSync(path);
  } catch {
    return undefined;
  }
}

/** True when the path itself is a symlink; false when it is anything else or cannot be lstat'ed. */
export function isSymlink(path: string): boolean {
  return lstatOrUndefined(path)?.isSymbolicLink() === true;
}

/** The path with every symlink resolved, or undefined when it cannot be resolved. */
export function realPathOrUndefined(path: string): string | undefined {
  try {
    return realpathSync(path);
  } catch {
    return undefined;
  }
}
