/** TaskOutput: a background task's new output, status and exit code; can wait for it to end. */
import { z } from "../../schema/zod.ts";
import { buildTool } from "../../Tool.ts";
import { dirname } from "node:path";
import type { TaskStatus } from "../../tasks/BackgroundTask.ts";
import { diskFullMessage, isDiskFull } from "../../tasks/diskSpace.ts";
import { MAX_TASK_LOG_BYTES } from "../../tasks/limits.ts";
import { unknownTaskError } from "../../tasks/unknownTaskError.ts";
import { DEFAULT_WAIT_MS, DESCRIPTION, MAX_TASK_OUTPUT_BYTES, MAX_WAIT_MS, renderPrompt, TASK_OUTPUT_TOOL_NAME } from "./prompt.ts";

/** Built on first use: start-up never pays for a schema it does not need. */
const inputSchema = () => z.strictObject({
  task_id: z.string().check(z.minLength(1), z.describe("The id of the background task")),
  block: z._default(z.boolean(), true).check(z.describe("Wait for the task to finish (default true)")),
  timeout: z.optional(z.int().check(z.nonnegative(), z.maximum(MAX_WAIT_MS)))
    .check(z.describe(`How long to wait, in milliseconds (default ${DEFAULT_WAIT_MS}, at most ${MAX_WAIT_MS})`)),
});

export interface TaskOutputResult {
  taskId: string;
  status: TaskStatus;
  exitCode: number | null;
  output: string;
  remainingBytes: number;
  /** Bytes dropped unread since the last call: the log passed its limit and was emptied. */
  droppedBytes: number;
  outputPath: string;
  waitedOut: boolean;
  /** The log's folder, when its disk is full (output may be lost). */
  diskFull?: string;
}

export const TaskOutputTool = buildTool({
  name: TASK_OUTPUT_TOOL_NAME,
  searchHint: "background task output status",
  inputSchema,
  maxResultSizeChars: 100_000,
  // It moves the task's read position, so two calls at once would race for the same output.
  isConcurrencySafe: () => false,
  isReadOnly: () => true,
  getToolUseSummary: (input) => input?.task_id ?? null,
  description: DESCRIPTION,
  prompt: renderPrompt,
  async call(input, { context, signal }) {
    const registry = context.services.tasks;
    const task = registry.get(input.task_id);
    if (task === undefined) throw unknownTaskError(registry, input.task_id);
    let waitedOut = false;
    if (input.block && task.status === "running") {
      let timer: ReturnType<typeof setTimeout> | undefined;
      let onAbort: (() => void) | undefined;
      const outcome = await Promise.race([
        task.done.then(() => "done" as const),
        new Promise<"timeout">((resolve) => (timer = setTimeout(() => resolve("timeout"), input.timeout ?? DEFAULT_WAIT_MS))),
        new Promise<"abort">((resolve) => {
          onAbort = () => resolve("abort");
          signal.addEventListener("abort", onAbort, { once: true });
        }),
      ]);
      clearTimeout(timer);
      if (onAbort !== undefined) signal.removeEventListener("abort", onAbort);
      waitedOut = outcome === "timeout";
    }
    const chunk = task.readNewOutput(MAX_TASK_OUTPUT_BYTES);
    return {
      data: {
        taskId: task.id,
        status: task.status,
        exitCode: task.exitCode,
        output: chunk.text,
        remainingBytes: chunk.remainingBytes,
        droppedBytes: chunk.droppedBytes,
        outputPath: task.outputPath,
        waitedOut,
        diskFull: isDiskFull(dirname(task.outputPath)) ? dirname(task.outputPath) : undefined,
      },
    };
  },
  mapToolResultToToolResultBlockParam(output: TaskOutputResult, toolUseId) {
    const lines = [`Task ${output.taskId}: ${output.status}${output.exitCode === null ? "" : ` (exit code ${output.exitCode})`}`];
    if (output.waitedOut) lines.push("It is still running after the wait; call TaskOutput again later, or stop it with TaskStop.");
    if (output.droppedBytes > 0) {
      lines.push(`(${output.droppedBytes} bytes of output were dropped unread: the log is emptied each time it passes ${MAX_TASK_LOG_BYTES / 1024 / 1024} MB. Send large output to a file of your own, or filter it.)`);
    }
    lines.push(output.output === "" ? "(no new output)" : `New output:\n${output.output.replace(/\n$/, "")}`);
    if (output.remainingBytes > 0) lines.push(`(${output.remainingBytes} more bytes of output are waiting; call TaskOutput again, or read ${output.outputPath}.)`);
    if (output.diskFull !== undefined) lines.push(diskFullMessage(output.diskFull));
    return { type: "tool_result", tool_use_id: toolUseId, content: lines.join("\n") };
  },
});
