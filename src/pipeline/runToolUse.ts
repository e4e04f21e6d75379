/**
 * One tool call, every stage: look up, coerce, validate, permissions, call, map, size check.
 * Nothing throws out of `runToolUse`: every failure becomes a tool_result with is_error.
 */
import type { ToolResultBlockParam } from "@anthropic-ai/sdk/resources/messages";
import type { AnyTool, AssistantMessage, CanUseTool, NewMessage, Tools, ToolUseContext } from "../Tool.ts";
import { ToolError } from "../errors/ToolError.ts";
import { describeError } from "../errors/describeError.ts";
import { logError } from "../errors/logError.ts";
import type { PermissionDecision } from "../permissions/types.ts";
import { findToolByName } from "../findToolByName.ts";
import { coerceInput } from "./coerceInput.ts";
import { formatValidationError } from "./formatValidationError.ts";
import { isConcurrencySafeCall } from "./isConcurrencySafeCall.ts";
import { persistLargeResult } from "./persistLargeResult.ts";
import { raceAbort } from "./raceAbort.ts";
import { toolInputJSONSchema } from "./toolInputJSONSchema.ts";

/** A tool_use block as the model sends it. */
export interface ToolUseBlock {
  id: string;
  name: string;
  input: unknown;
}

/** One call to run, the session it runs in, and who answers its permission question. */
export interface RunToolUseOptions {
  toolUse: ToolUseBlock;
  context: ToolUseContext;
  canUseTool: CanUseTool;
  parentMessage?: AssistantMessage;
  /** The pool to look the tool up in; the context's pool by default. */
  tools?: Tools;
}

/** Which stage a call ended in; useful to callers and tests, never sent to the model. */
export type ToolUseStage = "lookup" | "validation" | "permission" | "call" | "aborted" | "done";

/** The tool_result of one call and what the scheduler needs to know about it. */
export interface ToolUseOutcome {
  result: ToolResultBlockParam;
  stage: ToolUseStage;
  tool?: AnyTool;
  permission?: PermissionDecision;
  newMessages: NewMessage[];
  /** Set only for tools that are not concurrency-safe; the scheduler applies it. */
  contextModifier?: (context: ToolUseContext) => ToolUseContext;
}

const INTERRUPTED = "Interrupted: the user stopped this call before it finished.";

function errorOutcome(toolUse: ToolUseBlock, stage: ToolUseStage, message: string, tool?: AnyTool): ToolUseOutcome {
  return {
    result: { type: "tool_result", tool_use_id: toolUse.id, content: message, is_error: true },
    stage,
    tool,
    newMessages: [],
  };
}

/** Runs one tool_use block through the whole pipeline and returns its tool_result. */
export async function runToolUse(options: RunToolUseOptions): Promise<ToolUseOutcome> {
  const { toolUse, context } = options;
  try {
    // Awaited here so that a rejection lands in the catch below, not with the caller.
    return await runStages(options);
  } catch (error) {
    // A ToolError from validateInput or a permission check is meant for the model, as it is.
    if (error instanceof ToolError) return errorOutcome(toolUse, "validation", `Error: ${error.message}`);
    // Any other failure of toolshed itself or of a tool's own hooks: log the stack, tell the model plainly.
    logError(error, context.sessionDirectory, `runToolUse(${toolUse.name})`);
    return errorOutcome(toolUse, "call", `Error: toolshed failed while running ${toolUse.name}: ${describeError(error)}`);
  }
}

async function runStages({ toolUse, context, canUseTool, parentMessage, tools }: RunToolUseOptions): Promise<ToolUseOutcome> {
  const pool = tools ?? context.options.tools;
  const signal = context.abortController.signal;
  if (signal.aborted) return errorOutcome(toolUse, "aborted", INTERRUPTED);

  const tool = findToolByName(pool, toolUse.name);
  if (tool === undefined) {
    const names = pool.map((candidate) => candidate.name).join(", ");
    return errorOutcome(toolUse, "lookup", `Error: no tool named "${toolUse.name}". The available tools are: ${names || "(none)"}.`);
  }

  const schema = toolInputJSONSchema(tool);
  const coerced = coerceInput(toolUse.input, schema);
  const parsed = tool.inputSchema.safeParse(coerced);
  if (!parsed.success) {
    return errorOutcome(toolUse, "validation", formatValidationError(tool.name, parsed.error, schema, coerced), tool);
  }
  const input = parsed.data as { [key: string]: unknown };

  if (tool.validateInput !== undefined) {
    const validation = await raceAbort(tool.validateInput(input, context), signal);
    if (validation === "aborted") return errorOutcome(toolUse, "aborted", INTERRUPTED, tool);
    if (!validation.result) return errorOutcome(toolUse, "validation", validation.message, tool);
  }

  // Raced with the abort: a person may press Ctrl-C while a permission question is open.
  const permission = await raceAbort(canUseTool(tool, input, context), signal);
  if (permission === "aborted") return errorOutcome(toolUse, "aborted", INTERRUPTED, tool);
  if (permission.decision !== "allow") {
    const outcome = errorOutcome(toolUse, "permission", `Permission to use ${tool.name} was denied: ${permission.reason}`, tool);
    return { ...outcome, permission };
  }
  if (signal.aborted) return { ...errorOutcome(toolUse, "aborted", INTERRUPTED, tool), permission };

  let settled: Awaited<ReturnType<AnyTool["call"]>> | "aborted";
  try {
    const onProgress = (data: unknown) => context.onProgress?.({ toolUseId: toolUse.id, data });
    const pending = tool.call(input, context, canUseTool, parentMessage, onProgress);
    settled = await raceAbort(pending, signal);
  } catch (error) {
    if (signal.aborted) return { ...errorOutcome(toolUse, "aborted", INTERRUPTED, tool), permission };
    if (!(error instanceof ToolError)) logError(error, context.sessionDirectory, tool.name);
    return { ...errorOutcome(toolUse, "call", `Error: ${describeError(error)}`, tool), permission };
  }
  if (settled === "aborted") return { ...errorOutcome(toolUse, "aborted", INTERRUPTED, tool), permission };

  let block: ToolResultBlockParam;
  try {
    block = tool.mapToolResultToToolResultBlockParam(settled.data, toolUse.id);
  } catch (error) {
    // The call itself happened (and may have changed things): say so, so the model does not repeat it blindly.
    logError(error, context.sessionDirectory, `${tool.name} result mapping`);
    const message = `Error: ${tool.name} ran, but its result could not be shown: ${describeError(error)}`;
    return { ...errorOutcome(toolUse, "call", message, tool), permission };
  }
  const result = persistLargeResult({ ...block, tool_use_id: toolUse.id }, tool.maxResultSizeChars, context.sessionDirectory);
  return {
    result,
    stage: "done",
    tool,
    permission,
    newMessages: settled.newMessages ?? [],
    contextModifier: isConcurrencySafeCall(tool, input) ? undefined : settled.contextModifier,
  };
}
