/** Every word the model reads about Sleep. */
export const SLEEP_TOOL_NAME = "Sleep";
/** The longest single wait, in seconds. */
export const MAX_SLEEP_SECONDS = 3600;

export const DESCRIPTION = "Pause this autonomous run for a number of seconds, then carry on.";

export function renderPrompt(): string {
  return `Pauses for the given number of seconds, then returns so the run can carry on.

- Use it in an autonomous run to wait for something outside your control, such as a deploy, a
  build on another machine or a rate limit, instead of polling in a tight loop.
- seconds may be fractional; the longest single pause is ${MAX_SLEEP_SECONDS} seconds.
- The user can interrupt the pause at any moment; the result then says how long it lasted.
- Do not pause to wait for a command you started yourself: run it in the background and check
  its output instead.`;
}
