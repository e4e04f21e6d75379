/**
 * Keeps oversized tool results out of the model's context: the full text is saved under the
 * session folder and the model gets the file's path and a preview.
 */
import type { ToolResultBlockParam } from "@anthropic-ai/sdk/resources/messages";
import { join } from "node:path";
import { writeFileAtomic } from "../fs/writeFileAtomic.ts";

/** About how much of a persisted result the model sees. */
export const PREVIEW_CHARS = 2000;

type ResultContent = Exclude<ToolResultBlockParam["content"], undefined>;

/** The text parts of a result's content, joined. */
export function resultText(content: ToolResultBlockParam["content"]): string {
  if (content === undefined) return "";
  if (typeof content === "string") return content;
  return content.map((part) => (part.type === "text" ? part.text : "")).join("\n");
}

/** Cuts at a line end near `limit` when there is one, so the preview does not end mid-line. */
function preview(text: string, limit: number): string {
  if (text.length <= limit) return text;
  const cut = text.lastIndexOf("\n", limit);
  return text.slice(0, cut > limit / 2 ? cut : limit);
}

/**
 * Returns the block unchanged when its text fits `maxChars`; otherwise saves the text to
 * `<sessionDirectory>/tool-results/<id>.txt` and returns a block with the path and a preview.
 * Non-text parts (images, documents) are kept.
 */
export function persistLargeResult(
  block: ToolResultBlockParam,
  maxChars: number,
  sessionDirectory: string,
): ToolResultBlockParam {
  const text = resultText(block.content);
  if (text.length <= maxChars) return block;
  const fileName = `${block.tool_use_id.replace(/[^A-Za-z0-9_-]/g, "_") || "result"}.txt`;
  const path = join(sessionDirectory, "tool-results", fileName);
  writeFileAtomic(path, text, { createParents: true });
  const shown = preview(text, PREVIEW_CHARS);
  const message =
    `The output was too large to show (${text.length} characters). It was saved in full to:\n${path}\n` +
    `Read that file (with offset and limit) or search it with Grep to see the rest.\n\n` +
    `Preview (first ${shown.length} characters):\n${shown}\n...`;
  const others: ResultContent = typeof block.content === "string" || block.content === undefined
    ? []
    : block.content.filter((part) => part.type !== "text");
  return { ...block, content: others.length === 0 ? message : [{ type: "text", text: message }, ...others] };
}
