/** Wrapping styled text to a width, shared by everything the screen lays out. */
import wrapAnsi from "wrap-ansi";

/** `text` wrapped to `width` columns (words broken only when longer than a line), trailing blanks dropped. */
export function wrapText(text: string, width: number): string[] {
  return wrapAnsi(text, Math.max(1, width), { hard: true, trim: false }).split("\n").map((line) => line.replace(/ +$/, ""));
}
