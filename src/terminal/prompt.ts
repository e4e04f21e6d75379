/** Every word the interactive terminal adds to what the model reads: shell commands the person ran, files they attached. */

/** The most of an attached file the model is given; the rest is left out with a note. */
export const MAX_ATTACHED_CHARS = 100_000;
/** The most of a person's shell command output the model is given. */
export const MAX_SHELL_CONTEXT_CHARS = 30_000;

function clip(text: string, limit: number): string {
  return text.length <= limit ? text : `${text.slice(0, limit)}\n[... ${text.length - limit} more characters left out]`;
}

/** A shell command the person ran with `!`, and what it printed, for the next message. */
export function shellContextText(command: string, status: string, output: string): string {
  return `The user ran this shell command themselves (you did not run it):\n$ ${command}\n${status}\n` +
    (output.trim() === "" ? "It printed nothing." : `Its output:\n${clip(output, MAX_SHELL_CONTEXT_CHARS)}`);
}

/** A file the person attached with `@path`. */
export function attachedFileText(path: string, text: string): string {
  return `The user attached the file ${path} to this message. Its contents:\n${clip(text, MAX_ATTACHED_CHARS)}`;
}

/** A mention the person made that could not be attached. */
export function unattachedFileText(path: string, reason: string): string {
  return `The user mentioned ${path}, but it was not attached: ${reason}.`;
}
