/**
 * Splits an answer that is still streaming into the blocks that are finished and the part still
 * growing: the finished blocks can be printed above for good, so the live part of the screen
 * stays short however long the answer gets. A block is finished at a blank line outside a code
 * fence, once the next block has begun.
 */

const FENCE = /^ {0,3}(`{3,}|~{3,})/;

/** `stable` (whole blocks, possibly empty) and `rest`, such that stable + rest is the text. */
export function splitStableMarkdown(text: string): { stable: string; rest: string } {
  let fence: string | undefined;
  let boundary = -1;
  let offset = 0;
  const lines = text.split("\n");
  for (let index = 0; index < lines.length - 1; index++) {
    const line = lines[index] as string;
    const opened = FENCE.exec(line)?.[1];
    if (fence === undefined && opened !== undefined) fence = opened;
    else if (fence !== undefined && opened !== undefined && opened[0] === fence[0] && opened.length >= fence.length && line.trim() === opened) fence = undefined;
    offset += line.length + 1;
    // A blank line outside a fence, with something after it: the blocks before it are done.
    if (fence === undefined && line.trim() === "" && index > 0 && (lines[index + 1] ?? "").trim() !== "") boundary = offset;
  }
  if (boundary <= 0) return { stable: "", rest: text };
  return { stable: text.slice(0, boundary), rest: text.slice(boundary) };
}

/**
 * A last line still arriving that may yet become a code fence: one or two backticks or tildes so
 * far, or three or more and then an info string (which, after backticks, has none).
 */
const MAY_BE_FENCE = /^ {0,3}(?:`{1,2}|~{1,2}|`{3,}[^`]*|~{3,}.*)$/;

/**
 * What of a growing answer to show now: all of it but a last, unfinished line that may open or
 * close a code fence, which would otherwise flash as stray backticks until its line ends. Only
 * the last line is looked at, so this costs the same however long the answer is.
 */
export function showableStreamingText(text: string): string {
  const start = text.lastIndexOf("\n") + 1;
  return MAY_BE_FENCE.test(text.slice(start)) ? text.slice(0, start) : text;
}
