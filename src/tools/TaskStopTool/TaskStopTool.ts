/** TaskStop: stops a background task's whole process group. */
import * as z from "zod/mini";
import { buildTool } from "../../Tool.ts";
import { unknownTaskError } from "../../tasks/unknownTaskError.ts";
import { DESCRIPTION, renderPrompt, TASK_STOP_TOOL_NAME } from "./prompt.ts";

/** Built on first use: start-up never pays for a schema it does not need. */
const inputSchema = () => z.strictObject({
  task_id: z.string().check(z.minLength(1), z.describe("The id of the background task to stop")),
});

export interface TaskStopOutput {
  taskId: string;
  command: string;
  stopped: boolean;
  status: string;
  exitCode: number | null;
}

export const TaskStopTool = buildTool({
  name: TASK_STOP_TOOL_NAME,
  searchHint: "kill stop background task",
  inputSchema,
  maxResultSizeChars: 10_000,
  getToolUseSummary: (input) => input?.task_id ?? null,
  description: DESCRIPTION,
  prompt: renderPrompt(),
  // Stopping what this session itself started in the background needs no question.
  async checkPermissions() {
    return { behavior: "allow", reason: "stopping a background task of this session" };
  },
  async call(input, { context }) {
    const registry = context.services.tasks;
    const task = registry.get(input.task_id);
    if (task === undefined) throw unknownTaskError(registry, input.task_id);
    const wasRunning = task.status === "running";
    await task.stop();
    return { data: { taskId: task.id, command: task.command, stopped: wasRunning, status: task.status, exitCode: task.exitCode } };
  },
  mapToolResultToToolResultBlockParam(output: TaskStopOutput, toolUseId) {
    const text = output.stopped
      ? `Stopped task ${output.taskId} (${output.command}) and every process it started.`
      : `Task ${output.taskId} had already ended (${output.status}${output.exitCode === null ? "" : `, exit code ${output.exitCode}`}); nothing to stop.`;
    return { type: "tool_result", tool_use_id: toolUseId, content: text };
  },
});
