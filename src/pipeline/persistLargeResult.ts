/**
 * Keeps oversized tool results out of the model's context: the full text is saved under the
 * session folder and the model gets the file's path and a preview.
 */
import type { ToolResultBlockParam } from "@anthropic-ai/sdk/resources/messages";
import { closeSync, mkdirSync, openSync, rmSync } from "node:fs";
import { join } from "node:path";
import { describeError } from "../errors/describeError.ts";
import { fileSystemErrorMessage } from "../errors/fileSystemErrorMessage.ts";
import { writeFileAtomic } from "../files/writeFileAtomic.ts";

/** About how much of a persisted result the model sees. */
export const PREVIEW_CHARS = 2000;
/** The least preview shown, however small the tool's limit. */
const MIN_PREVIEW_CHARS = 200;

type ResultContent = Exclude<ToolResultBlockParam["content"], undefined>;

/**
 * The text parts of a result's content, joined: what is measured and saved. Unlike
 * `toolResultText` (terminal output), images and documents add no placeholder, since they are
 * kept in the block as they are.
 */
function resultText(content: ToolResultBlockParam["content"]): string {
  if (content === undefined) return "";
  if (typeof content === "string") return content;
  return content.flatMap((part) => (part.type === "text" ? [part.text] : [])).join("\n");
}

/** Cuts at a line end near `limit` when there is one, so the preview does not end mid-line. */
function preview(text: string, limit: number): string {
  if (text.length <= limit) return text;
  const cut = text.lastIndexOf("\n", limit);
  return text.slice(0, cut > limit / 2 ? cut : limit);
}

/** Longest part of a file name taken from the tool_use id (names stay far below 255 bytes). */
const MAX_NAME_CHARS = 80;

/**
 * Claims a file name no other result has: `<id>.txt`, else `<id>-2.txt`, ... Ids are sanitized
 * and cut, so two ids (or the same id sent twice) can map to one name; creating the file
 * exclusively makes the second one take the next free name instead of overwriting the first.
 */
function claimResultPath(folder: string, toolUseId: string): string {
  mkdirSync(folder, { recursive: true });
  const base = toolUseId.replace(/[^A-Za-z0-9_-]/g, "_").slice(0, MAX_NAME_CHARS) || "result";
  for (let attempt = 1; ; attempt++) {
    const path = join(folder, `${attempt === 1 ? base : `${base}-${attempt}`}.txt`);
    try {
      closeSync(openSync(path, "wx"));
      return path;
    } catch (error) {
      if (!(error instanceof Error && "code" in error && error.code === "EEXIST")) throw error;
    }
  }
}

/**
 * Returns the block unchanged when its text fits `maxChars`; otherwise saves the text to
 * `<sessionDirectory>/tool-results/<id>.txt` (a free name: never over another result) and returns
 * a block with the path and a preview. Non-text parts (images, documents) are kept. When the
 * file cannot be written, the model gets the preview and the reason instead of the path.
 */
export function persistLargeResult(
  block: ToolResultBlockParam,
  maxChars: number,
  sessionDirectory: string,
): ToolResultBlockParam {
  const text = resultText(block.content);
  if (text.length <= maxChars) return block;
  // A tool with a small limit gets a smaller preview, so the message itself stays within it.
  const shown = preview(text, Math.min(PREVIEW_CHARS, Math.max(MIN_PREVIEW_CHARS, Math.floor(maxChars / 2))));
  let saved: string;
  const folder = join(sessionDirectory, "tool-results");
  let path: string | undefined;
  try {
    path = claimResultPath(folder, block.tool_use_id);
    writeFileAtomic(path, text);
    saved = `It was saved in full to:\n${path}\nRead that file (with offset and limit) or search it with Grep to see the rest.`;
  } catch (error) {
    // The claimed name is empty: it would only point a later reader at nothing.
    if (path !== undefined) rmSync(path, { force: true });
    const reason = fileSystemErrorMessage(error, path ?? folder) ?? describeError(error);
    saved = `It could not be saved to a file (${reason}), so only the start is shown; ask for less at once.`;
  }
  const message =
    `The output was too large to show (${text.length} characters). ${saved}\n\n` +
    `Preview (first ${shown.length} characters):\n${shown}\n...`;
  const others: ResultContent = typeof block.content === "string" || block.content === undefined
    ? []
    : block.content.filter((part) => part.type !== "text");
  return { ...block, content: others.length === 0 ? message : [{ type: "text", text: message }, ...others] };
}
