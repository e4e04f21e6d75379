/** TaskStop: stops a background task's whole process group. */
import { z } from "../../schema/zod.ts";
import { buildTool } from "../../Tool.ts";
import type { StopReport } from "../../tasks/stopCommand.ts";
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
  report: StopReport;
}

export const TaskStopTool = buildTool({
  name: TASK_STOP_TOOL_NAME,
  searchHint: "kill stop background task",
  inputSchema,
  maxResultSizeChars: 10_000,
  getToolUseSummary: (input) => input?.task_id ?? null,
  description: DESCRIPTION,
  prompt: renderPrompt,
  // Stopping what this session itself started in the background needs no question.
  async checkPermissions() {
    return { behavior: "allow", reason: "stopping a background task of this session" };
  },
  async call(input, { context }) {
    const registry = context.services.tasks;
    const task = registry.get(input.task_id);
    if (task === undefined) throw unknownTaskError(registry, input.task_id);
    const wasRunning = task.status === "running";
    const report = await task.stop();
    return { data: { taskId: task.id, command: task.command, stopped: wasRunning, status: task.status, exitCode: task.exitCode, report } };
  },
  mapToolResultToToolResultBlockParam(output: TaskStopOutput, toolUseId) {
    const { report } = output;
    const rest = report.survivors.length > 0
      ? ` ${report.survivors.length} of the processes it started could not be stopped and are still running (pids ${report.survivors.join(", ")}).`
      : report.complete ? "" : " Processes it moved out of its process group (setsid, set -m) may still be running: this system cannot list them.";
    const text = output.stopped
      ? `Stopped task ${output.taskId} (${output.command}) and ${rest === "" ? "every process it started." : `its processes.${rest}`}`
      : `Task ${output.taskId} had already ended (${output.status}${output.exitCode === null ? "" : `, exit code ${output.exitCode}`}); anything it left running has been stopped.${rest}`;
    return { type: "tool_result", tool_use_id: toolUseId, content: text };
  },
});
