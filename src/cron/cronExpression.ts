/** Five-field cron expressions (minute hour day-of-month month day-of-week, local time), via croner. */
import { Cron } from "croner";

/** A parsed expression, or what is wrong with it. */
export type CronParseResult = { ok: true; nextRuns(count: number, after?: Date): Date[] } | { ok: false; message: string };

/** Parses `expression`; never throws. Nicknames such as @daily and six-field forms are refused. */
export function parseCronExpression(expression: string): CronParseResult {
  const fields = expression.trim().split(/\s+/);
  if (fields.length !== 5 || fields.some((field) => field.startsWith("@"))) {
    return {
      ok: false,
      message: `"${expression}" is not a five-field cron expression. Write minute hour day-of-month month day-of-week, for example "*/15 * * * *" or "0 9 * * 1-5".`,
    };
  }
  let cron: Cron;
  try {
    cron = new Cron(fields.join(" "), { mode: "5-part", paused: true });
  } catch (error) {
    const reason = (error instanceof Error ? error.message : String(error)).replace(/^CronPattern:\s*/, "");
    return { ok: false, message: `"${expression}" is not a valid cron expression: ${reason}.` };
  }
  return { ok: true, nextRuns: (count, after) => cron.nextRuns(count, after ?? new Date()) };
}

/** The next time `expression` fires after `after`, or null when it never does (or is invalid). */
export function nextFireTime(expression: string, after: Date = new Date()): Date | null {
  const parsed = parseCronExpression(expression);
  if (!parsed.ok) return null;
  return parsed.nextRuns(1, after)[0] ?? null;
}
