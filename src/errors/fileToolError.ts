/** Turns a failed file-system call into the ToolError a model can act on, when it is one. */
import { fileSystemErrorMessage } from "./fileSystemErrorMessage.ts";
import { ToolError } from "./ToolError.ts";

/**
 * A ToolError saying what went wrong with `path` for errors the machine causes (a loop of links,
 * a full disk, an I/O error, ...); anything else is returned as it is, to be reported as a bug.
 */
export function fileToolError(error: unknown, path: string): unknown {
  if (error instanceof ToolError) return error;
  const message = fileSystemErrorMessage(error, path);
  return message === undefined ? error : new ToolError(message, { cause: error });
}
