/** `--system-prompt` / `--system-prompt-file` (and the append pair): the text given, or read from a file within a size limit. */
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { UsageError } from "../errors/ToolError.ts";
import { describeError } from "../errors/describeError.ts";

/** The most of a prompt file that is read. */
export const MAX_PROMPT_FILE_BYTES = 1024 * 1024;

/** The prompt text for `--<flag>` or `--<flag>-file`; a UsageError for both, or for a file that cannot be read. */
export function readPromptFlag(flag: string, text: string | undefined, file: string | undefined): string | undefined {
  if (text !== undefined && file !== undefined) throw new UsageError(`give --${flag} or --${flag}-file, not both.`);
  if (file === undefined) return text;
  let content: Buffer;
  try {
    content = readFileSync(resolve(file));
  } catch (error) {
    throw new UsageError(`--${flag}-file ${file} cannot be read (${describeError(error)}).`);
  }
  if (content.byteLength > MAX_PROMPT_FILE_BYTES) throw new UsageError(`--${flag}-file ${file} is larger than ${MAX_PROMPT_FILE_BYTES / 1024} KB.`);
  return content.toString("utf8");
}
