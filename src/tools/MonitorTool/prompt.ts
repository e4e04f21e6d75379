/** Every word the model reads about Monitor. */
export const MONITOR_TOOL_NAME = "Monitor";
/** How long a watch lasts when timeout_ms is left out. */
export const DEFAULT_MONITOR_TIMEOUT_MS = 300_000;
/** The longest watch; larger timeout_ms values are rejected. */
export const MAX_MONITOR_TIMEOUT_MS = 1_800_000;
/** The result keeps this many of the last output lines. */
export const MAX_KEPT_LINES = 200;
/** Longer lines are cut to this many characters. */
export const MAX_LINE_CHARS = 2_000;

export const DESCRIPTION = "Watch a command's output line by line until a pattern appears, it exits, or time runs out.";

export function renderPrompt(): string {
  return `Starts a shell command and watches its standard output line by line.

- Each output line is reported as it arrives, so progress is visible while the command runs.
- The watch ends at the first of: a line matching until (a JavaScript regular expression), the
  command exiting, or timeout_ms passing (default ${DEFAULT_MONITOR_TIMEOUT_MS} ms, at most ${MAX_MONITOR_TIMEOUT_MS} ms).
  When it ends on a match or on the deadline, the command and everything it started are stopped.
- The result says why the watch ended, the matching line, the exit code, and the last
  ${MAX_KEPT_LINES} output lines (each cut at ${MAX_LINE_CHARS} characters), plus the end of standard error.
- Good uses: wait for "Listening on" from a dev server, for a test watcher to report, or for a
  log line. Give description a few words saying what you are waiting for.
- For a command that simply runs to completion, use Bash instead.`;
}
