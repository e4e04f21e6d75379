/**
 * A file's text for showing a proposed change to a person (before they approve an edit): read
 * only when it is a regular file of at most a few megabytes that decodes as UTF-8, with line
 * ends as the tools work with them. Never throws: a preview that cannot be made is simply left out.
 */
import { closeSync, constants, fstatSync, openSync, readSync } from "node:fs";
import { toWorkingText } from "./textFormat.ts";

/** Larger files get no preview: a diff of them would not fit a screen anyway. */
export const MAX_PREVIEW_BYTES = 4 * 1024 * 1024;

/** What is there: no file, its text, or something that cannot be previewed. */
export type PreviewText = { kind: "missing" } | { kind: "text"; text: string } | { kind: "unreadable" };

/** Reads `path` for a preview. */
export function readPreviewText(path: string, maxBytes: number = MAX_PREVIEW_BYTES): PreviewText {
  let descriptor: number;
  try {
    // Non-blocking, so a FIFO in the file's place cannot hang the question.
    descriptor = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "ENOENT" ? { kind: "missing" } : { kind: "unreadable" };
  }
  try {
    const stats = fstatSync(descriptor);
    if (!stats.isFile() || stats.size > maxBytes) return { kind: "unreadable" };
    const buffer = new Uint8Array(stats.size);
    let read = 0;
    while (read < buffer.length) {
      const got = readSync(descriptor, buffer, read, buffer.length - read, read);
      if (got === 0) break;
      read += got;
    }
    const text = new TextDecoder("utf-8", { fatal: true }).decode(buffer.subarray(0, read));
    return { kind: "text", text: toWorkingText(text) };
  } catch {
    return { kind: "unreadable" };
  } finally {
    closeSync(descriptor);
  }
}
