/** stat that answers "nothing there" with undefined instead of throwing. */
import { statSync, type Stats } from "node:fs";

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
