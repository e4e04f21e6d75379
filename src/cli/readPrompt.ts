/**
 * The prompt of `toolshed -p`: the argument, with piped standard input before it when there is
 * some (`cat log | toolshed -p "what failed?"`), or standard input alone. Standard input is read
 * only when it is not a terminal, and at most MAX_STDIN_BYTES of it.
 */
import { UsageError } from "../errors/ToolError.ts";
import type { CliStreams } from "./cliStreams.ts";

/** The most of standard input a prompt may be. */
export const MAX_STDIN_BYTES = 10 * 1024 * 1024;

/** The prompt text; a UsageError when there is none. */
export async function readPrompt(argument: string | undefined, streams: CliStreams): Promise<string> {
  const piped = streams.stdinIsTTY ? "" : await streams.readStdin(MAX_STDIN_BYTES);
  const prompt = [piped.trimEnd(), argument ?? ""].filter((part) => part !== "").join("\n\n");
  if (prompt.trim() === "") {
    throw new UsageError('"toolshed -p" needs a prompt: give it as an argument (toolshed -p "fix the failing test") or on standard input.');
  }
  return prompt;
}
