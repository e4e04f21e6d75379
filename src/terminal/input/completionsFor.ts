/** What the input offers to complete at the cursor: slash commands after a leading `/`, project files after `@`. */
import { completeCommand } from "../commands/builtinCommands.ts";
import type { EditorState } from "./EditorState.ts";
import { matchFiles, mentionAtCursor } from "./fileMentions.ts";

/** One offer: what it inserts (replacing `replace` characters before the cursor) and how it is shown. */
export interface InputCompletion {
  value: string;
  replace: number;
  label: string;
  detail?: string;
}

/** The most completions shown at once. */
export const MAX_SHOWN_COMPLETIONS = 8;

/** The completions for `editor`; `files` lists the project's files (called only for `@`). */
export function completionsFor(editor: EditorState, cwd: string, files: () => readonly string[]): InputCompletion[] {
  const before = editor.text.slice(0, editor.cursor);
  if (/^\/[\w:.-]*$/.test(before)) {
    return completeCommand(before.slice(1), cwd).slice(0, MAX_SHOWN_COMPLETIONS).map((command) => ({
      value: `/${command.name} `,
      replace: before.length,
      label: `/${command.name}`,
      detail: command.description,
    }));
  }
  const mention = mentionAtCursor(editor.text, editor.cursor);
  if (mention === undefined) return [];
  return matchFiles(files(), mention.query, MAX_SHOWN_COMPLETIONS).map((file) => ({ value: `@${file} `, replace: mention.query.length + 1, label: `@${file}` }));
}
