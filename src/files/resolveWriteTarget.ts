/** Where a write to a path really goes, so a symlink is written through and survives the rename. */
import { lstatSync, readlinkSync, realpathSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { errorCode } from "../errors/fileSystemErrorMessage.ts";
import { fileToolError } from "../errors/fileToolError.ts";
import { ToolError } from "../errors/ToolError.ts";

/**
 * `path` itself, or the file a symlink at `path` finally leads to. A link that loops, or one
 * whose target does not exist, is a ToolError: writing there would replace the link itself with
 * a new file, which is never what was asked.
 */
export function resolveWriteTarget(path: string): string {
  try {
    if (!lstatSync(path).isSymbolicLink()) return path;
  } catch (error) {
    if (errorCode(error) === "ENOENT") return path;
    throw fileToolError(error, path);
  }
  try {
    return realpathSync(path);
  } catch (error) {
    if (errorCode(error) !== "ENOENT") throw fileToolError(error, path);
    let target = "(unreadable)";
    try {
      target = resolve(dirname(path), readlinkSync(path));
    } catch {
      // Keep the placeholder: the message still says what is wrong.
    }
    throw new ToolError(`${path} is a symbolic link to ${target}, which does not exist. Write to the target's path itself, or remove the link first.`);
  }
}
