/** Reading a JSON file a tool keeps (settings, job lists), with the failures a model can act on. */
import { errorCode } from "../errors/fileSystemErrorMessage.ts";
import { fileToolError } from "../errors/fileToolError.ts";
import { ToolError } from "../errors/ToolError.ts";
import { MAX_JSON_FILE_BYTES } from "./limits.ts";
import { describeSpecialFile } from "./openRegularFile.ts";
import { readBoundedFile } from "./readBoundedFile.ts";

/**
 * The parsed JSON in `path`, or undefined when there is no such file. A file that cannot be
 * read, is not a regular file, or is larger than MAX_JSON_FILE_BYTES is a ToolError naming it;
 * one that is not JSON is a ToolError with `invalidJsonMessage`.
 */
export function readJsonFile(path: string, invalidJsonMessage: string): unknown {
  let read: ReturnType<typeof readBoundedFile>;
  try {
    read = readBoundedFile(path, MAX_JSON_FILE_BYTES);
  } catch (error) {
    if (errorCode(error) === "ENOENT") return undefined;
    throw fileToolError(error, path);
  }
  if (read.kind === "folder") throw new ToolError(`${path} is a folder, not a JSON file. Move it away, then try again.`);
  if (read.kind === "special") throw new ToolError(`${path} is ${describeSpecialFile(read.stats)}, not a JSON file. Remove it, then try again.`);
  if (read.kind === "too-large") throw new ToolError(`${path} is larger than ${MAX_JSON_FILE_BYTES / 1024 / 1024} MB, too large to be the JSON file toolshed keeps there. Remove or shorten it.`);
  try {
    return JSON.parse(read.bytes.toString("utf8"));
  } catch {
    throw new ToolError(invalidJsonMessage);
  }
}
