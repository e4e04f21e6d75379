/**
 * Text from a model, a file or a server made safe to print to a terminal: control characters
 * (escape sequences that clear the screen, hide text or set the window title, backspaces,
 * carriage returns that overwrite a line, bidirectional overrides that reorder it) are shown as
 * visible `^X` / `\u{...}` marks instead of acting. Line feeds and tabs stay.
 */

// C0 controls except tab and line feed, DEL, the C1 controls (including the one-byte CSI), and
// the bidirectional embeddings, overrides and isolates that reorder how a line reads.
const CONTROL_CHARACTERS = "[\\u0000-\\u0008\\u000b-\\u001f\\u007f-\\u009f\\u202a-\\u202e\\u2066-\\u2069]";
const CONTROL = new RegExp(CONTROL_CHARACTERS, "g");

function mark(char: string): string {
  const code = char.charCodeAt(0);
  if (code < 0x20) return `^${String.fromCharCode(code + 0x40)}`;
  if (code === 0x7f) return "^?";
  return `\\u{${code.toString(16)}}`;
}

/** `text` with every control character but newline and tab shown, not obeyed. */
export function printableText(text: string): string {
  return text.replace(CONTROL, mark);
}

// A colour or weight (SGR: ESC [ digits m) is kept; any other control is marked.
const CONTROL_OR_STYLE = new RegExp(`\\u001b\\[[0-9;]*m|${CONTROL_CHARACTERS}`, "g");

/** Like printableText, but colours and weights (SGR sequences, as toolshed's own styling writes them) still apply; concealed text (SGR 8) does not. */
export function printableStyledText(text: string): string {
  return text.replace(CONTROL_OR_STYLE, (found) => {
    if (found.length === 1) return mark(found);
    return found.slice(2, -1).split(";").some((parameter) => Number(parameter) === 8) ? `${mark("\u001b")}${found.slice(1)}` : found;
  });
}
