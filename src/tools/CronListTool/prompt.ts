/** Every word the model reads about CronList. */
export const CRON_LIST_TOOL_NAME = "CronList";

export const DESCRIPTION = "List the scheduled prompts with their next fire times.";

export function renderPrompt(): string {
  return `Lists every scheduled job: its id, cron expression, whether it recurs, whether it is saved
durably, its next fire time (ISO, UTC) and the start of its prompt.

- Jobs kept only for this session come first, then the durable ones saved under .toolshed/.
- A job whose expression can no longer fire shows "never".
- Use the id with CronDelete to remove a job.`;
}
