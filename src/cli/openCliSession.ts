/**
 * The session the tool-running commands (`run`, `run --calls`) open: questions go to the terminal
 * when a person is there, progress and warnings to standard error, Ctrl-C aborts the session.
 */
import { createTerminalAskHandler } from "../permissions/terminalAskHandler.ts";
import { askTrustAtTerminal } from "../permissions/terminalTrustQuestion.ts";
import type { SessionFlags } from "../settings/sessionFlags.ts";
import { createSession, type Session } from "../session/createSession.ts";
import type { CliStreams } from "./cliStreams.ts";

/** A CLI session and the way to end it. */
export interface CliSession {
  session: Session;
  /** Stops listening for Ctrl-C and closes the session; call when the calls are done. */
  close(): Promise<void>;
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
 * Opens a session whose questions go to the terminal when a person is there: standard input and
 * standard error are terminals and standard input is not carrying the calls. Whether that holds
 * is found out only when a question comes up, since asking costs start-up time.
 */
export async function openCliSession(options: {
  flags: SessionFlags;
  streams: CliStreams;
  stdinCarriesInput: boolean;
}): Promise<CliSession> {
  const { flags, streams, stdinCarriesInput } = options;
  let interactive: boolean | undefined;
  const isInteractive = () => (interactive ??= !stdinCarriesInput && streams.stdinIsTTY && streams.stderrIsTTY);
  const session = await createSession({
    flags,
    // The terminal handler is only reached when the context says someone can answer.
    askHandler: createTerminalAskHandler(),
    isNonInteractive: () => !isInteractive(),
    askTrust: askTrustAtTerminal,
    warn: (text) => streams.stderr.write(text),
    onProgress: (progress) => {
      const text = progressText(progress.data);
      if (text !== undefined) streams.stderr.write(`${text}\n`);
    },
  });
  const stop = () => session.context.abortController.abort();
  process.once("SIGINT", stop);
  return {
    session,
    close: async () => {
      process.off("SIGINT", stop);
      await session.close();
    },
  };
}
