/**
 * Progress of a served call, for a client that sent a progress token: every progress event the
 * tool reports becomes notifications/progress, and a long call says it is still running now and
 * then, so a client that resets its timeout on progress keeps waiting.
 */
import { runningNote } from "./prompt.ts";
import type { McpRequestExtra } from "./McpRequestExtra.ts";

/** How often a running call says so when it reports nothing itself. */
export const DEFAULT_PROGRESS_INTERVAL_MS = 10_000;
const MAX_MESSAGE_CHARS = 500;

/** What one call's progress goes through. */
export interface ProgressReporter {
  report(data: unknown): void;
  stop(): void;
}

const SILENT: ProgressReporter = { report: () => {}, stop: () => {} };

/** The text of a tool's progress event: a string, or an object with a `line` or `message`. */
function progressText(data: unknown): string | undefined {
  if (typeof data === "string") return data;
  if (typeof data !== "object" || data === null) return undefined;
  const line = "line" in data ? data.line : undefined;
  if (typeof line === "string") return line;
  const message = "message" in data ? data.message : undefined;
  return typeof message === "string" ? message : undefined;
}

/** A reporter for the request in `extra`; silent when the client asked for no progress. */
export function reportProgress(extra: McpRequestExtra, intervalMs = DEFAULT_PROGRESS_INTERVAL_MS): ProgressReporter {
  const token = extra._meta?.progressToken;
  if (token === undefined) return SILENT;
  let count = 0;
  const started = Date.now();
  const send = (message: string) => {
    count++;
    extra.sendNotification({ method: "notifications/progress", params: { progressToken: token, progress: count, message: message.slice(0, MAX_MESSAGE_CHARS) } })
      .catch(() => {
        // A client that went away gets no progress; the call itself is cancelled by its signal.
      });
  };
  const timer = setInterval(() => send(runningNote(Math.round((Date.now() - started) / 1000))), intervalMs);
  return {
    report(data) {
      const text = progressText(data);
      if (text !== undefined) send(text);
    },
    stop: () => clearInterval(timer),
  };
}
