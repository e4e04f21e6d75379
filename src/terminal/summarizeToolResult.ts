/** A few lines that say how a tool call ended, for the line under the call. */
import type { ToolResultBlockParam } from "@anthropic-ai/sdk/resources/messages";
import { toolResultText, type AnyTool } from "../Tool.ts";

/** Lines of a result shown under its call; errors get a few more, since they need reading. */
export const RESULT_LINES = 3;
export const ERROR_LINES = 6;

/** The first lines of `text` (blank lines dropped), with a count of the rest. */
export function firstLines(text: string, count: number): string[] {
  const lines = text.replace(/\s+$/, "").split("\n").filter((line) => line.trim() !== "");
  if (lines.length === 0) return [];
  if (lines.length <= count) return lines;
  return [...lines.slice(0, count), `… +${lines.length - count} lines`];
}

/** The short form of a tool_result block: its first lines, or "(no output)". */
export function summarizeToolResult(block: ToolResultBlockParam): string[] {
  const lines = firstLines(toolResultText(block), block.is_error === true ? ERROR_LINES : RESULT_LINES);
  return lines.length === 0 ? ["(no output)"] : lines;
}

/**
 * The lines a tool that shows its result itself (terminalResultLines) gives for `output`;
 * undefined when it does not, or when rendering fails (the model's text is shown instead).
 */
export function renderedToolResult(tool: AnyTool | undefined, output: unknown): string[] | undefined {
  if (tool?.terminalResultLines === undefined || output === undefined) return undefined;
  try {
    const lines = firstLines(tool.renderResultForTerminal(output), tool.terminalResultLines);
    return lines.length === 0 ? undefined : lines;
  } catch {
    return undefined;
  }
}

/** A call's input on one line, for tools that give no summary of their own. */
export function compactInput(input: unknown, maxLength = 80): string {
  let text: string;
  try {
    text = JSON.stringify(input) ?? "";
  } catch {
    text = String(input);
  }
  return text.length > maxLength ? `${text.slice(0, maxLength - 1)}…` : text;
}
