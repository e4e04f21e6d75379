/** Every word the model reads about TaskStop. */
export const TASK_STOP_TOOL_NAME = "TaskStop";

export const DESCRIPTION = "Stop a background task.";

export function renderPrompt(): string {
  return `Stops a background task (started by Bash with run_in_background) and every process it
started.

- task_id is the id Bash returned, such as "bash_1".
- Stopping a task that already ended says how it ended, and stops anything it left running.
- Output written before the stop can still be read with TaskOutput.`;
}
