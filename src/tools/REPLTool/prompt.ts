/** Every word the model reads about REPL. */
export const REPL_TOOL_NAME = "REPL";
/** The longest a REPL call may run, tool calls included. */
export const REPL_TIMEOUT_MS = 600_000;
/** The longest the code may run without yielding (a synchronous loop). */
export const REPL_SYNC_TIMEOUT_MS = 10_000;
/** Console output and the returned value are each cut at this many characters. */
export const MAX_REPL_OUTPUT_CHARS = 30_000;

export const DESCRIPTION = "Run JavaScript with the other tools available as async functions.";

export function renderPrompt(toolNames: readonly string[]): string {
  const names = toolNames.length === 0 ? "(none)" : toolNames.join(", ");
  return `Runs JavaScript in a fresh, separate global scope in which the tools are async functions.

- Call a tool as \`await Read({ file_path: "/abs/path" })\`: the argument is the tool's input object and the
  promise resolves to the tool's result text. A failed or refused call rejects with an Error whose
  message is the tool's error. Every call goes through the same checks and permissions as a
  direct tool call. Tools whose names are not valid identifiers are reachable as tools["name"](...).
- The code runs as the body of an async function: use await freely and \`return\` a value to see it.
  console.log, console.error, console.warn and console.info are captured and shown.
- There is no require, import, process, Bun or file system access except through the tools.
- A call may run for ${REPL_TIMEOUT_MS / 1000} seconds in all; code that runs ${REPL_SYNC_TIMEOUT_MS / 1000} seconds without awaiting is stopped.
  Output and the returned value are each cut at ${MAX_REPL_OUTPUT_CHARS} characters.
- Nothing is kept between calls: each call starts from an empty scope.
- Use it to combine many tool calls in one step (loop over files, filter results, aggregate).

Callable tools: ${names}.`;
}
