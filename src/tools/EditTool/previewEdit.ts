/** The change an Edit call would make, for the person asked to approve it (nothing is written). */
import type { ProposedFileChange } from "../../Tool.ts";
import { readPreviewText } from "../../files/readPreviewText.ts";
import { toWorkingText } from "../../files/textFormat.ts";

/** The file's text before and after the replacement; undefined when the call would fail or the file cannot be read. */
export async function previewEdit(input: { file_path: string; old_string: string; new_string: string; replace_all?: boolean }): Promise<ProposedFileChange | undefined> {
  const current = readPreviewText(input.file_path);
  const oldString = toWorkingText(input.old_string);
  const newString = toWorkingText(input.new_string);
  if (current.kind === "missing") return oldString === "" ? { path: input.file_path, before: undefined, after: newString } : undefined;
  if (current.kind !== "text") return undefined;
  if (oldString === "") return current.text.trim() === "" ? { path: input.file_path, before: current.text, after: newString } : undefined;
  const at = current.text.indexOf(oldString);
  if (at === -1) return undefined;
  const after = input.replace_all === true
    ? current.text.split(oldString).join(newString)
    : current.text.slice(0, at) + newString + current.text.slice(at + oldString.length);
  return { path: input.file_path, before: current.text, after };
}
