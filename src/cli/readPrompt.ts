/**
 * The prompt of `toolshed -p`: the argument, with piped standard input before it when there is
 * some (`cat log | toolshed -p "what failed?"`), or standard input alone. Standard input is read
 * only when it is not a terminal, and at most MAX_STDIN_BYTES of it. With a prompt argument, a
 * pipe that says nothing within STDIN_WAIT_MS (a parent process that left it open) is let go
 * with a warning, instead of waiting for it forever.
 */
import { UsageError } from "../errors/ToolError.ts";
import type { CliStreams } from "./cliStreams.ts";

/** The most of standard input a prompt may be. */
export const MAX_STDIN_BYTES = 10 * 1024 * 1024;

/** How long a prompt argument waits for the first of piped standard input. */
export const STDIN_WAIT_MS = 3_000;

async function readPiped(argument: string | undefined, streams: CliStreams): Promise<string> {
  if (streams.stdinIsTTY) return "";
  if (argument === undefined || argument.trim() === "") return streams.readStdin(MAX_STDIN_BYTES);
  const piped = await streams.readStdin(MAX_STDIN_BYTES, { firstDataWithinMs: STDIN_WAIT_MS });
  if (piped !== undefined) return piped;
  streams.stderr.write(`toolshed: warning: nothing arrived on standard input within ${STDIN_WAIT_MS / 1000} s, so the prompt is the argument alone. ` +
    "To skip the wait, give standard input a file or </dev/null; to send input, pipe it in.\n");
  return "";
}

/** The prompt text; a UsageError when there is none. */
export async function readPrompt(argument: string | undefined, streams: CliStreams): Promise<string> {
  const piped = await readPiped(argument, streams);
  const prompt = [piped.trimEnd(), argument ?? ""].filter((part) => part !== "").join("\n\n");
  if (prompt.trim() === "") {
    throw new UsageError('"toolshed -p" needs a prompt: give it as an argument (toolshed -p "fix the failing test") or on standard input.');
  }
  return prompt;
}
