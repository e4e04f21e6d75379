/** Records a failure of toolshed itself, with its stack, where a maintainer can find it. */
import { appendFileSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { describeError } from "./describeError.ts";

/**
 * Appends the error with its stack to `<sessionDirectory>/errors.log`; also prints it to stderr
 * when TOOLSHED_DEBUG is set. Logging never throws.
 */
export function logError(error: unknown, sessionDirectory?: string, where = "toolshed"): void {
  const text = error instanceof Error && typeof error.stack === "string" ? error.stack : describeError(error);
  const line = `${new Date().toISOString()} ${where}: ${text}\n`;
  if (process.env.TOOLSHED_DEBUG) process.stderr.write(line);
  if (sessionDirectory === undefined) return;
  try {
    mkdirSync(sessionDirectory, { recursive: true });
    appendFileSync(join(sessionDirectory, "errors.log"), line);
  } catch {
    // Nowhere to log to; the caller still reports the failure to the model.
  }
}
