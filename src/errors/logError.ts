/** Records a failure of toolshed itself, with its stack, where a maintainer can find it. */
import { appendFileSync, mkdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { describeError } from "./describeError.ts";

/** errors.log stops growing at this size: a bug hit in a loop must not fill the disk (the first errors are the telling ones). */
export const MAX_ERROR_LOG_BYTES = 10 * 1024 * 1024;

/**
 * Appends the error with its stack to `<sessionDirectory>/errors.log` (until the log reaches
 * MAX_ERROR_LOG_BYTES); also prints it to stderr when TOOLSHED_DEBUG is set. Logging never throws.
 */
export function logError(error: unknown, sessionDirectory?: string, where = "toolshed"): void {
  const text = error instanceof Error && typeof error.stack === "string" ? error.stack : describeError(error);
  const line = `${new Date().toISOString()} ${where}: ${text}\n`;
  if (process.env.TOOLSHED_DEBUG) process.stderr.write(line);
  if (sessionDirectory === undefined) return;
  try {
    const path = join(sessionDirectory, "errors.log");
    if ((statSync(path, { throwIfNoEntry: false })?.size ?? 0) >= MAX_ERROR_LOG_BYTES) return;
    mkdirSync(sessionDirectory, { recursive: true });
    appendFileSync(path, line);
  } catch {
    // Nowhere to log to; the caller still reports the failure to the model.
  }
}
