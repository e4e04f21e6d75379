/** Every word the model reads about CronDelete. */
export const CRON_DELETE_TOOL_NAME = "CronDelete";

export const DESCRIPTION = "Cancel a scheduled prompt by its id.";

export function renderPrompt(): string {
  return `Cancels one scheduled job, given the id that CronCreate returned or CronList shows.

- Works for jobs kept for this session and for durable jobs saved under .toolshed/.
- An unknown id is an error that lists the ids that exist.`;
}
