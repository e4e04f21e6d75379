/** The session `toolshed run` and `run --calls` share: settings, context, permissions, Ctrl-C. */
import type { CanUseTool, ToolUseContext } from "../Tool.ts";
import { createCanUseTool } from "../permissions/createCanUseTool.ts";
import { createTerminalAskHandler } from "../permissions/terminalAskHandler.ts";
import { askTrustAtTerminal } from "../permissions/terminalTrustQuestion.ts";
import type { SessionFlags } from "../settings/sessionFlags.ts";
import { createSession } from "./createSession.ts";
import type { CliStreams } from "./runCli.ts";

/** A session for the CLI's tool-running commands. */
export interface CliSession {
  context: ToolUseContext;
  canUseTool: CanUseTool;
  /** Stops listening for Ctrl-C; call when the calls are done. */
  close(): void;
}

/** The text of a progress event, by shape: a string, or an object with a `line` or `message`. */
export function progressText(data: unknown): string | undefined {
  if (typeof data === "string") return data;
  if (typeof data !== "object" || data === null) return undefined;
  const { line, message } = data as { line?: unknown; message?: unknown };
  if (typeof line === "string") return line;
  return typeof message === "string" ? message : undefined;
}

/**
 * Starts a session whose questions go to the terminal when a person is there: standard input and
 * standard error are terminals and standard input is not carrying the calls. Whether that holds
 * is found out only when a question comes up, since asking costs start-up time.
 */
export async function startCliSession(options: {
  flags: SessionFlags;
  streams: CliStreams;
  stdinCarriesInput: boolean;
}): Promise<CliSession> {
  const { flags, streams, stdinCarriesInput } = options;
  let interactive: boolean | undefined;
  const isInteractive = () => (interactive ??= !stdinCarriesInput && streams.stdinIsTTY && streams.stderrIsTTY);
  const { context } = await createSession({
    isNonInteractive: () => !isInteractive(),
    flags,
    warn: (text) => streams.stderr.write(text),
    askTrust: askTrustAtTerminal,
  });
  // The terminal handler is only reached when the context says someone can answer.
  const canUseTool = createCanUseTool(createTerminalAskHandler());
  context.onProgress = (progress) => {
    const text = progressText(progress.data);
    if (text !== undefined) streams.stderr.write(`${text}\n`);
  };
  const stop = () => context.abortController.abort();
  process.once("SIGINT", stop);
  return { context, canUseTool, close: () => process.off("SIGINT", stop) };
}
