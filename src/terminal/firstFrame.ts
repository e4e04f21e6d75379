/**
 * The first frame, drawn before the screen's library has loaded: the welcome line, the empty input
 * box and the status line, exactly as the full screen draws them, so the prompt is there at once.
 * When the full screen starts it erases these lines and draws its own in their place; keys typed in
 * between wait in the terminal (it is put in raw mode with the frame, so they are not echoed).
 */
import stringWidth from "string-width";
import { wrapText } from "./markdown/wrapText.ts";
import { renderStatusLine } from "./renderStatusLine.ts";
import type { Style } from "./style.ts";
import type { StatusView } from "./terminalState.ts";
import { printableText } from "../text/printableText.ts";

/** An info notice's lines (dim, indented by two), as the finished items show them. */
export function infoNoticeLines(text: string, width: number, style: Style): string[] {
  return text.split("\n").flatMap((line) => wrapText(line, width - 2)).map((line) => style.dim(`  ${line}`));
}

/** The empty input box at `width`, as the full screen draws it. */
export function emptyInputBoxLines(width: number, style: Style): string[] {
  const border = (text: string) => (style.colors ? style.color("muted", text) : text);
  const inside = `${style.color("accent", "> ")}${style.inverse(" ")}`;
  const room = Math.max(0, width - 4 - stringWidth(`> ${" "}`));
  return [border(`╭${"─".repeat(width - 2)}╮`), `${border("│")} ${inside}${" ".repeat(room)} ${border("│")}`, border(`╰${"─".repeat(width - 2)}╯`)];
}

/** The whole first frame, one entry per screen line (the first is the blank line above the welcome). */
export function firstFrameLines(options: { width: number; style: Style; welcome: string; status: StatusView }): string[] {
  const { width, style } = options;
  // Written before the screen library loads, so nothing else stands between the welcome (it names the folder) and the terminal.
  return ["", ...infoNoticeLines(printableText(options.welcome), width, style), "", ...emptyInputBoxLines(width, style), `  ${renderStatusLine(options.status, width - 4, style)}`];
}

/** Moves back to the start of a frame of `lines` lines (the cursor on its last) and clears from there down. */
export function eraseFrame(lines: number): string {
  return `\r${lines > 1 ? `\u001B[${lines - 1}A` : ""}\u001B[J`;
}
