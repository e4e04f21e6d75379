/** Bash: one shell command per call, in its own process group, output captured to a file. */
import { rmSync } from "node:fs";
import { dirname, join } from "node:path";
import type * as Z from "zod/mini";
import { z } from "../../schema/zod.ts";
import { buildTool, type ToolUseContext } from "../../Tool.ts";
import { initShellParser, isReadOnlyShellCommand, isStatelessShellCommand } from "../../shell/isReadOnlyShellCommand.ts";
import { diskFullMessage, isDiskFull } from "../../tasks/diskSpace.ts";
import { spawnShellCommand } from "../../tasks/spawnShellCommand.ts";
import type { StopReport } from "../../tasks/stopCommand.ts";
import { watchFileSize } from "../../tasks/watchFileSize.ts";
import { DEFAULT_TIMEOUT_MS, MAX_COMMAND_OUTPUT_BYTES, MAX_TIMEOUT_MS } from "./limits.ts";
import { readShellFolder } from "./readShellFolder.ts";
import { BASH_TOOL_NAME, DESCRIPTION, renderPrompt } from "./prompt.ts";
import { followOutput } from "../../tasks/followOutput.ts";
import { readCommandOutput, type CommandOutput } from "./readCommandOutput.ts";
import { guardLeftoverOutput } from "../../tasks/guardLeftoverOutput.ts";

/** Built on first use: start-up never pays for a schema it does not need. */
const inputSchema = () => z.strictObject({
  command: z.string().check(z.minLength(1), z.describe("The command to run")),
  timeout: z.optional(z.int().check(z.positive(), z.maximum(MAX_TIMEOUT_MS)))
    .check(z.describe(`Optional timeout in milliseconds (default ${DEFAULT_TIMEOUT_MS}, at most ${MAX_TIMEOUT_MS})`)),
  description: z.optional(z.string()).check(z.describe("A few words saying what this command does")),
  run_in_background: z.optional(z.boolean()).check(z.describe("Run the command in the background and return a task id at once")),
});

export type BashInput = Z.infer<ReturnType<typeof inputSchema>>;

export type BashOutput =
  | { kind: "background"; taskId: string; outputPath: string; command: string }
  | {
      kind: "foreground";
      output: CommandOutput;
      exitCode: number | null;
      signal: string | null;
      ended: "exit" | "timeout" | "abort" | "output-limit";
      timeoutMs: number;
      notes: string[];
      /** For a command that was stopped: what could not be stopped. */
      stopReport?: StopReport;
      /** The folder of the output, when its disk was full as the command ended: output may be lost. */
      diskFull?: string;
    };

function readOnly(input: BashInput): boolean {
  return isReadOnlyShellCommand(input.command);
}

/** Folders a `cd` may carry over into: the working folders and any added ones. */
function allowedFolders(context: ToolUseContext): string[] {
  return [...context.workingDirectories, ...context.getAppState().toolPermissionContext.additionalDirectories];
}

/** Moves the next command's start, applied by the scheduler in call order. */
function moveShellTo(folder: string): (context: ToolUseContext) => ToolUseContext {
  return (context) => {
    context.services.shell.moveTo(folder);
    return context;
  };
}

/** How a stopped command's processes ended, said honestly: all of them, its group only, or some not. */
function stoppedWith(report: StopReport | undefined): string {
  if (report === undefined || (report.complete && report.survivors.length === 0)) return "was stopped with every process it started.";
  if (report.survivors.length > 0) {
    return `was stopped, but ${report.survivors.length} of the processes it started could not be stopped and are still running (pids ${report.survivors.join(", ")}).`;
  }
  return "was stopped with its process group; processes it moved out of that group (setsid, set -m) may still be running, since this system cannot list them.";
}

function formatForeground(output: Extract<BashOutput, { kind: "foreground" }>): string {
  const parts: string[] = [];
  const text = output.output.text.replace(/\n$/, "");
  if (output.output.savedPath !== undefined) {
    parts.push(`The output was ${output.output.totalBytes} bytes, too long to show. All of it is in ${output.output.savedPath}; here are its start and end:\n${text}`);
  } else if (text !== "") parts.push(text);
  if (output.ended === "timeout") parts.push(`Command timed out after ${output.timeoutMs} ms and ${stoppedWith(output.stopReport)}`);
  else if (output.ended === "abort") parts.push(`Command was interrupted and ${stoppedWith(output.stopReport)}`);
  else if (output.ended === "output-limit") {
    parts.push(`Command wrote more than ${MAX_COMMAND_OUTPUT_BYTES / 1024 / 1024} MB of output and ${stoppedWith(output.stopReport)} Send large output to a file of your own, or filter it (head, grep).`);
  } else if (output.exitCode !== 0) parts.push(output.exitCode === null ? `Command was killed by signal ${output.signal ?? "unknown"}.` : `Exit code ${output.exitCode}`);
  if (output.diskFull !== undefined) parts.push(diskFullMessage(output.diskFull));
  parts.push(...output.notes);
  return parts.length === 0 ? "(no output)" : parts.join("\n");
}

export const BashTool = buildTool({
  name: BASH_TOOL_NAME,
  searchHint: "run shell command terminal",
  inputSchema,
  // Bash shortens long output itself (path and preview); this only guards against surprises.
  maxResultSizeChars: 100_000,
  ruleFamily: "shellCommands",
  tags: ["simple", "primitive"],
  isReadOnly: readOnly,
  // A `cd` changes where the next command starts: such a call runs alone, in order.
  isConcurrencySafe: (input) => input.run_in_background !== true && isStatelessShellCommand(input.command),
  isDestructive: (input) => !readOnly(input),
  interruptBehavior: () => "cancel",
  permissionSubjects: (input) => [{ kind: "shell", command: input.command }],
  getToolUseSummary: (input) => input?.description ?? input?.command ?? null,
  async description(input) {
    return input.description ?? DESCRIPTION;
  },
  prompt: renderPrompt,
  async validateInput(input) {
    if (input.command.trim() === "") return { result: false, message: "command is empty. Give the shell command to run." };
    // The read-only analysis needs the parser; load it before the permission check asks.
    await initShellParser().catch(() => undefined);
    return { result: true };
  },
  async call(input, { context, signal, onProgress }): Promise<{ data: BashOutput; contextModifier?: (context: ToolUseContext) => ToolUseContext }> {
    const cwd = context.services.shell.cwd;
    if (input.run_in_background) {
      const task = context.services.tasks.start({ command: input.command, description: input.description, cwd });
      return { data: { kind: "background", taskId: task.id, outputPath: task.outputPath, command: input.command } };
    }
    const id = crypto.randomUUID().slice(0, 8);
    const outputPath = join(context.sessionDirectory, "bash", `${id}.log`);
    const cwdPath = join(context.sessionDirectory, "bash", `${id}.cwd`);
    const timeoutMs = input.timeout ?? DEFAULT_TIMEOUT_MS;
    const shell = spawnShellCommand({ command: input.command, cwd, outputPath, cwdPath });
    // The person watching sees the output as it comes; the model gets it whole at the end.
    const follower = followOutput(outputPath, (line) => onProgress({ type: "line", line }));
    let timer: ReturnType<typeof setTimeout> | undefined;
    let onAbort: (() => void) | undefined;
    let stopWatching: (() => void) | undefined;
    const ended = await Promise.race([
      shell.exited.then(() => "exit" as const),
      new Promise<"timeout">((resolve) => (timer = setTimeout(() => resolve("timeout"), timeoutMs))),
      new Promise<"abort">((resolve) => {
        onAbort = () => resolve("abort");
        if (signal.aborted) onAbort();
        else signal.addEventListener("abort", onAbort, { once: true });
      }),
      new Promise<"output-limit">((resolve) => (stopWatching = watchFileSize(outputPath, MAX_COMMAND_OUTPUT_BYTES, () => resolve("output-limit")))),
    ]);
    clearTimeout(timer);
    follower.stop();
    stopWatching?.();
    if (onAbort !== undefined) signal.removeEventListener("abort", onAbort);
    const stopReport = ended === "exit" ? undefined : await shell.stop();
    const exitCode = ended === "exit" ? await shell.exited : null;
    const notes: string[] = [];
    let moveTo: string | undefined;
    if (ended === "exit") {
      const finalCwd = readShellFolder(cwdPath);
      const note = context.services.shell.checkCarryOver(finalCwd, allowedFolders(context));
      if (note !== undefined) notes.push(note);
      else if (finalCwd !== undefined && finalCwd !== cwd) moveTo = finalCwd;
    }
    rmSync(cwdPath, { force: true });
    // A full disk makes the command's writes to its output fail unseen: say so instead of "Exit code 1".
    const diskFull = isDiskFull(dirname(outputPath)) ? dirname(outputPath) : undefined;
    const output = readCommandOutput(outputPath);
    // What the command left running may go on writing here: it is stopped before the log passes the limit.
    if (ended === "exit") guardLeftoverOutput({ outputPath, maxBytes: MAX_COMMAND_OUTPUT_BYTES, leader: shell.pid, stop: () => shell.stop(), killTagged: () => shell.killTagged() });
    const data: BashOutput = { kind: "foreground", output, exitCode, signal: shell.signalCode(), ended, timeoutMs, notes, stopReport, diskFull };
    return { data, contextModifier: moveTo === undefined ? undefined : moveShellTo(moveTo) };
  },
  mapToolResultToToolResultBlockParam(output: BashOutput, toolUseId) {
    if (output.kind === "background") {
      return {
        type: "tool_result",
        tool_use_id: toolUseId,
        content: `Started background task ${output.taskId}. Read its output with TaskOutput (task_id "${output.taskId}") and stop it with TaskStop. Its output also goes to ${output.outputPath} (removed when the session ends).`,
      };
    }
    const block = { type: "tool_result" as const, tool_use_id: toolUseId, content: formatForeground(output) };
    return output.ended === "exit" && output.exitCode === 0 && output.diskFull === undefined ? block : { ...block, is_error: true };
  },
});
