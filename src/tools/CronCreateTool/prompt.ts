/** Every word the model reads about CronCreate. */
import { CRON_FILE, MAX_CRON_JOBS } from "../../cron/CronStore.ts";

export const CRON_CREATE_TOOL_NAME = "CronCreate";

export const DESCRIPTION = "Schedule a prompt to run later, once or on a repeating cron schedule.";

export function renderPrompt(): string {
  return `Schedules a prompt to be run on a cron schedule, in this machine's local time.

- cron is a standard five-field expression: minute hour day-of-month month day-of-week.
  Examples: "*/15 * * * *" every fifteen minutes, "0 9 * * 1-5" at 09:00 on weekdays,
  "30 17 1 * *" at 17:30 on the first of each month. Nicknames such as @daily are not accepted.
- prompt is the text that will be run when the schedule fires; write it so it stands alone.
- recurring (default true) keeps the job after it fires; false runs it once and removes it.
- durable (default false) keeps the job only for this session; true saves it in ${CRON_FILE}
  under the working folder so it survives restarts.
- At most ${MAX_CRON_JOBS} jobs can exist at once. The result gives the job's id and its next fire time;
  CronList shows every job and CronDelete removes one.`;
}
