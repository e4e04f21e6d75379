/** Every word the model reads about Bash. */
import { MAX_TASK_LOG_BYTES } from "../../tasks/limits.ts";
import { DEFAULT_TIMEOUT_MS, MAX_COMMAND_OUTPUT_BYTES, MAX_OUTPUT_CHARS, MAX_TIMEOUT_MS, PREVIEW_HEAD_CHARS, PREVIEW_TAIL_CHARS } from "./limits.ts";

export const BASH_TOOL_NAME = "Bash";

export const DESCRIPTION = "Run a shell command.";

export function renderPrompt(): string {
  return `Runs a command in a shell (bash, or sh where bash is missing) and returns its output.

- The shell keeps its working folder between calls: after "cd sub", the next command starts in
  sub, as long as the folder stays inside the working folders. Environment variables and shell
  functions do not carry over; each call starts a new shell process.
- stdout and stderr come back together, in the order they were written, followed by the exit
  code when it is not 0.
- timeout is in milliseconds: ${DEFAULT_TIMEOUT_MS} (${DEFAULT_TIMEOUT_MS / 60_000} minutes) by default, at most ${MAX_TIMEOUT_MS} (${MAX_TIMEOUT_MS / 60_000} minutes).
  A command that runs longer is stopped, together with every process it started.
- Output longer than ${MAX_OUTPUT_CHARS} characters is saved to a file: you get its path, the first
  ${PREVIEW_HEAD_CHARS} and the last ${PREVIEW_TAIL_CHARS} characters. Read or Grep the file for the rest. A command
  that writes more than ${MAX_COMMAND_OUTPUT_BYTES / 1024 / 1024} MB of output is stopped.
- Standard input is empty: commands that wait for input (editors, pagers, prompts) do not work.
  Pass flags such as --yes or --no-edit instead.
- run_in_background starts the command and returns a task id at once; read its output with
  TaskOutput and stop it with TaskStop. Use it for servers and long builds. Background tasks are
  stopped, and their logs removed, when the session ends. A task's log is emptied each time it
  passes ${MAX_TASK_LOG_BYTES / 1024 / 1024} MB (the task keeps running; TaskOutput says how much was dropped unread).
- description: a few words saying what the command does, for the person watching.
- Quote paths that contain spaces. Prefer absolute paths over cd.
- Use the dedicated tools rather than shell commands for files: Read (not cat/head/tail), Edit and
  Write (not sed/echo redirection), Glob (not find/ls), Grep (not grep/rg).`;
}
