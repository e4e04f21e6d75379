/**
 * Reads a window of lines from a text file without loading more of it than needed: small files
 * are read whole (and hashed); large ones are streamed and the stream stops after the window.
 */
import { MAX_LINE_CHARS, MAX_WHOLE_FILE_BYTES } from "./limits.ts";

export interface TextWindow {
  /** The lines of the window, each already cut to MAX_LINE_CHARS. */
  lines: string[];
  /** 1-based number of the first line in `lines`. */
  startLine: number;
  /** Whether any line was cut. */
  cutLines: number;
  /** True when the file goes on past the window. */
  hasMore: boolean;
  /** The file's line count, when the whole file was read. */
  totalLines?: number;
  /** Hash of the file's bytes, when the whole file was read. */
  contentHash?: string;
}

function cut(line: string): { text: string; wasCut: boolean } {
  const clean = line.endsWith("\r") ? line.slice(0, -1) : line;
  if (clean.length <= MAX_LINE_CHARS) return { text: clean, wasCut: false };
  return { text: `${clean.slice(0, MAX_LINE_CHARS)}... [line cut at ${MAX_LINE_CHARS} characters]`, wasCut: true };
}

/** Splits text into lines the way editors count them: a final newline does not start a line. */
function splitLines(text: string): string[] {
  if (text === "") return [];
  const lines = text.split("\n");
  if (lines.at(-1) === "") lines.pop();
  return lines;
}

export function hashBytes(bytes: Uint8Array): string {
  return new Bun.CryptoHasher("sha256").update(bytes).digest("hex");
}

/** Reads lines [startLine, startLine + limit) of the file at `path`. */
export async function readTextWindow(path: string, size: number, startLine: number, limit: number): Promise<TextWindow> {
  if (size <= MAX_WHOLE_FILE_BYTES) {
    const bytes = await Bun.file(path).bytes();
    const all = splitLines(new TextDecoder().decode(bytes));
    const picked = all.slice(startLine - 1, startLine - 1 + limit).map(cut);
    return {
      lines: picked.map((line) => line.text),
      startLine,
      cutLines: picked.filter((line) => line.wasCut).length,
      hasMore: all.length > startLine - 1 + limit,
      totalLines: all.length,
      contentHash: hashBytes(bytes),
    };
  }
  return streamTextWindow(path, startLine, limit);
}

async function streamTextWindow(path: string, startLine: number, limit: number): Promise<TextWindow> {
  const lastWanted = startLine - 1 + limit;
  const decoder = new TextDecoder();
  const lines: string[] = [];
  let cutLines = 0;
  let lineNumber = 0;
  let pending = "";
  let pendingTooLong = false;
  let hasMore = false;
  const reader = Bun.file(path).stream().getReader();
  try {
    for (;;) {
      const { value, done } = await reader.read();
      const text = done ? decoder.decode() : decoder.decode(value, { stream: true });
      let from = 0;
      for (let newline = text.indexOf("\n"); newline !== -1; newline = text.indexOf("\n", from)) {
        lineNumber++;
        if (lineNumber > lastWanted) {
          hasMore = true;
          return { lines, startLine, cutLines, hasMore };
        }
        if (lineNumber >= startLine) {
          const line = cut(pending + text.slice(from, newline));
          lines.push(line.text);
          if (line.wasCut || pendingTooLong) cutLines++;
        }
        pending = "";
        pendingTooLong = false;
        from = newline + 1;
      }
      // Keep only what a cut line needs, so one huge line cannot fill memory.
      const rest = text.slice(from);
      if (lineNumber + 1 >= startLine) {
        pending = (pending + rest).slice(0, MAX_LINE_CHARS + 1);
        pendingTooLong ||= pending.length > MAX_LINE_CHARS;
      }
      if (done) break;
    }
    if (pending !== "" || pendingTooLong) {
      lineNumber++;
      if (lineNumber > lastWanted) hasMore = true;
      else if (lineNumber >= startLine) {
        const line = cut(pending);
        lines.push(line.text);
        if (line.wasCut) cutLines++;
      }
    }
    return { lines, startLine, cutLines, hasMore, totalLines: lineNumber };
  } finally {
    await reader.cancel().catch(() => {});
  }
}
