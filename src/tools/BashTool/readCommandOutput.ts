/**
 * Reads a command's output file without loading a large one: short output whole, long output as
 * the start and the end with the file's path, so memory stays bounded whatever the command prints.
 */
import { closeSync, openSync, readSync, rmSync, statSync } from "node:fs";
import { MAX_OUTPUT_CHARS, PREVIEW_HEAD_CHARS, PREVIEW_TAIL_CHARS } from "./limits.ts";

export interface CommandOutput {
  /** The whole output, or the preview of a long one. */
  text: string;
  /** Set when the output was too long to show: the file that holds all of it. */
  savedPath?: string;
  totalBytes: number;
}

function readRange(path: string, start: number, length: number): string {
  const buffer = new Uint8Array(length);
  const descriptor = openSync(path, "r");
  try {
    const read = readSync(descriptor, buffer, 0, length, start);
    return new TextDecoder().decode(buffer.subarray(0, read));
  } finally {
    closeSync(descriptor);
  }
}

/** The output in `path`; a short one is read and the file removed, a long one is kept. */
export function readCommandOutput(path: string): CommandOutput {
  let size = 0;
  try {
    size = statSync(path).size;
  } catch {
    return { text: "", totalBytes: 0 };
  }
  // The limit counts characters. UTF-8 never has fewer bytes than characters, and at most four
  // bytes a character, so only a file between the two bounds needs decoding to tell.
  if (size <= MAX_OUTPUT_CHARS * 4) {
    const text = readRange(path, 0, size);
    if (size <= MAX_OUTPUT_CHARS || text.length <= MAX_OUTPUT_CHARS) {
      rmSync(path, { force: true });
      return { text, totalBytes: size };
    }
  }
  // Slices may cut a character in two; the decoder shows that as a replacement character.
  const head = readRange(path, 0, PREVIEW_HEAD_CHARS);
  const tail = readRange(path, size - PREVIEW_TAIL_CHARS, PREVIEW_TAIL_CHARS);
  const text = `${head}\n\n... [${size - PREVIEW_HEAD_CHARS - PREVIEW_TAIL_CHARS} bytes not shown] ...\n\n${tail}`;
  return { text, savedPath: path, totalBytes: size };
}
