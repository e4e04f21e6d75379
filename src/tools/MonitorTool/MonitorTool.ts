/** Monitor: runs a command and streams each stdout line as progress until a pattern, exit or deadline. */
import { z } from "../../schema/zod.ts";
import { buildTool } from "../../Tool.ts";
import { ToolError } from "../../errors/ToolError.ts";
import {
  DEFAULT_MONITOR_TIMEOUT_MS,
  DESCRIPTION,
  MAX_KEPT_LINES,
  MAX_MONITOR_TIMEOUT_MS,
  MONITOR_TOOL_NAME,
  renderPrompt,
} from "./prompt.ts";
import { watchCommand, type WatchResult } from "./watchCommand.ts";

/** Built on first use: start-up never pays for a schema it does not need. */
const inputSchema = () => z.strictObject({
  description: z.string().check(z.minLength(1), z.describe("A few words saying what the watch waits for")),
  command: z.string().check(z.minLength(1), z.describe("The shell command to run and watch")),
  timeout_ms: z.optional(z.int().check(z.positive(), z.maximum(MAX_MONITOR_TIMEOUT_MS)))
    .check(z.describe(`How long to watch, in milliseconds (default ${DEFAULT_MONITOR_TIMEOUT_MS}, at most ${MAX_MONITOR_TIMEOUT_MS})`)),
  until: z.optional(z.string().check(z.minLength(1))).check(z.describe("A regular expression; the watch ends at the first stdout line that matches it")),
});

/** One progress event: a line of the command's standard output. */
export interface MonitorProgress {
  type: "line";
  line: string;
  lineNumber: number;
}

export type MonitorOutput = WatchResult & { description: string; timeoutMs: number; until?: string };

function compileUntil(until: string): RegExp {
  try {
    return new RegExp(until);
  } catch (error) {
    throw new ToolError(`until is not a valid regular expression: ${error instanceof Error ? error.message : String(error)}. Escape special characters such as ( [ . * with a backslash.`);
  }
}

function endText(output: MonitorOutput): string {
  switch (output.end) {
    case "matched":
      return `Matched after ${output.totalLines} lines: ${output.matchedLine}`;
    case "exited":
      return `The command exited with code ${output.exitCode} after ${output.totalLines} lines.`;
    case "timeout":
      return `The deadline of ${output.timeoutMs} ms passed after ${output.totalLines} lines${output.until === undefined ? "" : " with no line matching the pattern"}; the command was stopped.`;
    case "aborted":
      return "Interrupted; the command was stopped.";
  }
}

export const MonitorTool = buildTool({
  name: MONITOR_TOOL_NAME,
  searchHint: "watch command output stream until pattern log",
  inputSchema,
  maxResultSizeChars: 100_000,
  interruptBehavior: () => "cancel",
  // The command is judged as any shell command is: every shell rule holds against it.
  permissionSubjects: (input) => [{ kind: "shell", command: input.command }],
  getToolUseSummary: (input) => input?.description ?? null,
  description: DESCRIPTION,
  prompt: renderPrompt,
  async validateInput(input) {
    if (input.until === undefined) return { result: true };
    try {
      compileUntil(input.until);
      return { result: true };
    } catch (error) {
      return { result: false, message: error instanceof Error ? error.message : String(error) };
    }
  },
  async call(input, { context, signal, onProgress }) {
    const timeoutMs = input.timeout_ms ?? DEFAULT_MONITOR_TIMEOUT_MS;
    const result = await watchCommand({
      command: input.command,
      cwd: context.cwd,
      timeoutMs,
      until: input.until === undefined ? undefined : compileUntil(input.until),
      signal,
      onLine: (line, lineNumber) => onProgress({ type: "line", line, lineNumber }),
    });
    return { data: { ...result, description: input.description, timeoutMs, until: input.until } };
  },
  mapToolResultToToolResultBlockParam(output: MonitorOutput, toolUseId) {
    const parts = [endText(output)];
    if (output.lines.length > 0) {
      const shown = output.totalLines > output.lines.length ? ` (the last ${MAX_KEPT_LINES} of ${output.totalLines})` : "";
      parts.push(`Output${shown}:\n${output.lines.join("\n")}`);
    }
    if (output.stderrTail !== "") parts.push(`Standard error (end):\n${output.stderrTail}`);
    return { type: "tool_result", tool_use_id: toolUseId, content: parts.join("\n\n") };
  },
});
