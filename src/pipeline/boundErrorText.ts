/** Keeps an error result within a size limit: its start and its end, with what was cut between. */
import { ERROR_TAIL_CHARS } from "./limits.ts";

/** `text` when it fits `limit`; otherwise its start and end (the advice) around a note of the cut. */
export function boundErrorText(text: string, limit: number): string {
  if (text.length <= limit) return text;
  const note = `\n... [${text.length} characters in all; the middle was cut] ...\n`;
  const tail = Math.min(ERROR_TAIL_CHARS, Math.floor(limit / 4));
  const head = Math.max(0, limit - tail - note.length);
  return text.slice(0, head) + note + text.slice(text.length - tail);
}
