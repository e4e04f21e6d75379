/** The JSON input of a tool call given on the command line. */
import { describeError } from "../errors/describeError.ts";
import { UsageError } from "../errors/ToolError.ts";

/** Parses the input argument: a JSON object. */
export function parseToolInput(text: string, where: string): { [key: string]: unknown } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new UsageError(`the input ${where} is not valid JSON (${describeError(error)}). Give a JSON object such as '{"file_path": "/tmp/a.txt"}'.`);
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw new UsageError(`the input ${where} must be a JSON object, such as '{"file_path": "/tmp/a.txt"}'.`);
  }
  return value as { [key: string]: unknown };
}
