/**
 * Each thing the screen shows as lines of styled text at most `width` columns wide: the person's
 * messages, the model's answers (Markdown), tool calls with their progress and result, notices,
 * command output and `!` commands. The view draws these lines as they are, so what a test renders
 * is what a terminal shows. What the items carry (a model's text, a file's contents in a tool's
 * result, a server's name in a notice) has its control characters shown, not obeyed, before any
 * styling is added: an escape sequence in a file cannot set the window title or the clipboard.
 */
import { renderMarkdown, wrapText } from "./markdown/renderMarkdown.ts";
import { infoNoticeLines } from "./firstFrame.ts";
import type { Style } from "./style.ts";
import type { ScreenItem, ToolCallView } from "./terminalState.ts";
import { printableStyledText, printableText } from "../text/printableText.ts";

/** The mark before an answer and before each tool call. */
export const BULLET = "●";

/** `lines` with `first` before the first and `rest` before the others (hanging indent). */
export function indent(lines: readonly string[], first: string, rest: string): string[] {
  return lines.map((line, index) => `${index === 0 ? first : rest}${line}`);
}

/** Text wrapped to `width` after a prefix, with the following lines under the text. */
function prefixed(text: string, width: number, first: string, rest: string): string[] {
  return indent(text.split("\n").flatMap((line) => wrapText(line, width - rest.length)), first, rest);
}

/** The call's heading: its name, and its summary in brackets. */
export function toolHeading(call: ToolCallView, style: Style): string {
  return `${style.bold(printableText(call.title))}${call.summary === null || call.summary === "" ? "" : `(${printableText(call.summary)})`}`;
}

/** A tool call: the heading, then its progress while it runs, or its result once it ended. */
export function toolCallLines(call: ToolCallView, width: number, style: Style, spinner = BULLET): string[] {
  const bullet = call.status === "running" ? style.color("muted", spinner) : call.status === "error" ? style.color("error", BULLET) : style.color("success", BULLET);
  const heading = prefixed(toolHeading(call, style), width, `${bullet} `, "  ");
  const body = call.status === "running" ? call.progress : call.result;
  const elapsed = call.status === "running" && call.elapsedSeconds !== undefined && call.elapsedSeconds >= 1 ? ` ${style.dim(`(${Math.floor(call.elapsedSeconds)} s)`)}` : "";
  if (elapsed !== "" && heading.length > 0) heading[heading.length - 1] += elapsed;
  const shown = body.flatMap((line) => wrapText(printableText(line), width - 4)).map((line) => (call.status === "error" ? style.color("error", line) : style.dim(line)));
  return [...heading, ...indent(shown, "  └ ", "    ")];
}

/** The lines of one finished item. */
export function renderItemLines(item: ScreenItem, width: number, style: Style): string[] {
  switch (item.kind) {
    case "user":
      return prefixed(printableText(item.text), width, style.color("muted", "> "), "  ").map((line) => style.bold(line));
    case "assistant": {
      const lines = renderMarkdown(printableText(item.text), width - 2, style);
      return indent(lines, item.continued ? "  " : `${style.color("accent", BULLET)} `, "  ");
    }
    case "tool":
      return toolCallLines(item.call, width, style);
    case "notice": {
      const text = printableText(item.text);
      if (item.level === "error") return prefixed(text, width, style.color("error", "✗ "), "  ").map((line) => style.color("error", line));
      if (item.level === "warning") return prefixed(text, width, style.color("warning", "! "), "  ").map((line) => style.color("warning", line));
      return infoNoticeLines(text, width, style);
    }
    case "output":
      // Laid out and styled by toolshed's own commands: their colours stay, any other control is shown.
      return item.lines.flatMap((line) => wrapText(printableStyledText(line), width - 2)).map((line) => `  ${line}`);
    case "shell": {
      const heading = prefixed(printableText(item.command), width, `${style.color("warning", "!")} `, "  ").map((line) => style.bold(line));
      const output = item.output.flatMap((line) => wrapText(printableText(line), width - 4)).map((line) => style.dim(line));
      return [...heading, ...indent([...output, item.status], "  └ ", "    ")];
    }
  }
}
