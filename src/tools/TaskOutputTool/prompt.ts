/** Every word the model reads about TaskOutput. */
export const TASK_OUTPUT_TOOL_NAME = "TaskOutput";
/** How long a blocking call waits for the task to finish when no timeout is given. */
export const DEFAULT_WAIT_MS = 30_000;
/** The longest a blocking call may wait. */
export const MAX_WAIT_MS = 600_000;
/** At most this many bytes of new output come back per call. */
export const MAX_TASK_OUTPUT_BYTES = 30_000;

export const DESCRIPTION = "Read the new output of a background task.";

export function renderPrompt(): string {
  return `Reads the output a background task (started by Bash with run_in_background) wrote since
the last TaskOutput call, with the task's status (running, completed, failed or killed) and, once it
has ended, its exit code.

- task_id is the id Bash returned, such as "bash_1".
- block (default true) waits until the task ends or timeout passes, then returns; set it to false to
  return at once with whatever output there is.
- timeout is in milliseconds: ${DEFAULT_WAIT_MS} by default, at most ${MAX_WAIT_MS}.
- At most ${MAX_TASK_OUTPUT_BYTES} bytes of new output come back per call; call again for the rest.`;
}
