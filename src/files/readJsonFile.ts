/** Reading a JSON file a tool keeps (settings, job lists), with the failures a model can act on. */
import { readFileSync } from "node:fs";
import { ToolError } from "../errors/ToolError.ts";

/**
 * The parsed JSON in `path`, or undefined when there is no such file. A file that cannot be read
 * is a ToolError naming it; one that is not JSON is a ToolError with `invalidJsonMessage`.
 */
export function readJsonFile(path: string, invalidJsonMessage: string): unknown {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw new ToolError(`Cannot read ${path}: ${(error as Error).message}`);
  }
  try {
    return JSON.parse(text);
  } catch {
    throw new ToolError(invalidJsonMessage);
  }
}
