/** The change a Write call would make, for the person asked to approve it (nothing is written). */
import type { ProposedFileChange } from "../../Tool.ts";
import { readPreviewText } from "../../files/readPreviewText.ts";
import { toWorkingText } from "../../files/textFormat.ts";

/** The file's text now (undefined for a new file) and the text it would get; undefined when the file cannot be read. */
export async function previewWrite(input: { file_path: string; content: string }): Promise<ProposedFileChange | undefined> {
  const current = readPreviewText(input.file_path);
  if (current.kind === "unreadable") return undefined;
  return { path: input.file_path, before: current.kind === "text" ? current.text : undefined, after: toWorkingText(input.content) };
}
