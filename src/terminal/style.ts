/**
 * How the terminal's text is styled: ANSI codes for emphasis and a few colours. Colours follow
 * NO_COLOR (any non-empty value turns them off) and a `dumb` terminal; emphasis (bold, dim,
 * italic, underline, inverse) stays, as NO_COLOR asks, so the cursor and headings remain visible.
 */

/** The colours the terminal uses, by what they mean rather than how they look. */
export const COLOR_CODES = {
  accent: 36, // cyan: tool names, the prompt
  success: 32, // green
  warning: 33, // yellow
  error: 31, // red
  muted: 90, // grey: hints, results
  keyword: 35, // magenta
  string: 32,
  number: 33,
  title: 34, // blue
  type: 36,
  added: 32,
  removed: 31,
} as const;

export type ColorName = keyof typeof COLOR_CODES;

/** Styling functions; each wraps text and closes what it opened, so styles nest. */
export interface Style {
  readonly colors: boolean;
  bold(text: string): string;
  dim(text: string): string;
  italic(text: string): string;
  underline(text: string): string;
  strike(text: string): string;
  inverse(text: string): string;
  color(name: ColorName, text: string): string;
}

function wrap(open: number, close: number): (text: string) => string {
  return (text) => (text === "" ? "" : `\u001B[${open}m${text}\u001B[${close}m`);
}

/** True unless NO_COLOR is set (to anything but "") or the terminal is `dumb`. */
export function colorsEnabled(env: Record<string, string | undefined> = process.env): boolean {
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== "") return false;
  return env.TERM !== "dumb";
}

/** A style with colours or without. */
export function createStyle(colors: boolean): Style {
  const foreground = (code: number) => wrap(code, 39);
  return {
    colors,
    bold: wrap(1, 22),
    dim: wrap(2, 22),
    italic: wrap(3, 23),
    underline: wrap(4, 24),
    strike: wrap(9, 29),
    inverse: wrap(7, 27),
    color: (name, text) => (colors ? foreground(COLOR_CODES[name])(text) : text),
  };
}

/** Text without any ANSI escape sequence (for widths and for tests). */
export function stripAnsi(text: string): string {
  // CSI sequences (colours, cursor moves) and OSC sequences (titles, links).
  return text.replace(/\u001B\[[0-?]*[ -/]*[@-~]|\u001B\][^\u0007\u001B]*(?:\u0007|\u001B\\)/g, "");
}
