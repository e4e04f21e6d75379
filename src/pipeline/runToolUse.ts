/**
 * One tool call, every stage: look up, coerce, validate, PreToolUse hooks, permissions, call (in
 * its own abort scope), PostToolUse hooks, map, size check. Nothing throws out of `runToolUse`:
 * every failure becomes a tool_result with is_error.
 */
import type { ToolResultBlockParam } from "@anthropic-ai/sdk/resources/messages";
import type { AnyTool, AssistantMessage, CanUseTool, NewMessage, ToolResult, Tools, ToolUseContext } from "../Tool.ts";
import { ToolError } from "../errors/ToolError.ts";
import { PermissionDeniedError } from "../errors/PermissionDeniedError.ts";
import { describeError } from "../errors/describeError.ts";
import { logError } from "../errors/logError.ts";
import { findToolByName } from "../findToolByName.ts";
import { runPostToolUseHooks } from "../hooks/runPostToolUseHooks.ts";
import { runPreToolUseHooks } from "../hooks/runPreToolUseHooks.ts";
import type { PermissionDecision, PreToolUseVerdict } from "../permissions/types.ts";
import { createAbortScope } from "../session/abortScope.ts";
import { appendFeedback } from "./appendFeedback.ts";
import { boundErrorText } from "./boundErrorText.ts";
import { exceedsDepth } from "./exceedsDepth.ts";
import { MAX_ERROR_RESULT_CHARS, MAX_INPUT_DEPTH } from "./limits.ts";
import { formatValidationError } from "./formatValidationError.ts";
import { parseToolInput } from "./parseToolInput.ts";
import { persistLargeResult } from "./persistLargeResult.ts";
import { raceAbort } from "./raceAbort.ts";

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
  /** The tool's own output, when the call succeeded (for `renderResultForTerminal`). */
  output?: unknown;
  permission?: PermissionDecision;
  newMessages: NewMessage[];
  /** The call's state change; the scheduler applies it in call order. */
  contextModifier?: (context: ToolUseContext) => ToolUseContext;
}

const INTERRUPTED = "Interrupted: the user stopped this call before it finished.";
const NO_HOOKS: PreToolUseVerdict = { warnings: [] };

/** An error result, cut to the tool's limit (or MAX_ERROR_RESULT_CHARS): errors often quote the input. */
function errorOutcome(toolUse: ToolUseBlock, stage: ToolUseStage, message: string, tool?: AnyTool): ToolUseOutcome {
  const limit = Math.min(MAX_ERROR_RESULT_CHARS, tool?.maxResultSizeChars ?? MAX_ERROR_RESULT_CHARS);
  return {
    result: { type: "tool_result", tool_use_id: toolUse.id, content: boundErrorText(message, limit), is_error: true },
    stage,
    tool,
    newMessages: [],
  };
}

/** Runs one tool_use block through the whole pipeline and returns its tool_result. */
export async function runToolUse(options: RunToolUseOptions): Promise<ToolUseOutcome> {
  const { toolUse, context } = options;
  const scope = createAbortScope(context.abortController.signal);
  try {
    // Awaited here so that a rejection lands in the catch below, not with the caller.
    return await runStages(options, scope.signal);
  } catch (error) {
    // A ToolError from validateInput or a permission check is meant for the model, as it is.
    if (error instanceof ToolError) return errorOutcome(toolUse, "validation", `Error: ${error.message}`);
    // Any other failure of toolshed itself or of a tool's own hooks: log the stack, tell the model plainly.
    logError(error, context.sessionDirectory, `runToolUse(${toolUse.name})`);
    return errorOutcome(toolUse, "call", `Error: toolshed failed while running ${toolUse.name}: ${describeError(error)}`);
  } finally {
    scope.dispose();
  }
}

/** The PreToolUse stage: runs only when the session has hooks; its warnings go to the person. */
async function preToolUse(tool: AnyTool, input: { [key: string]: unknown }, context: ToolUseContext, toolUseId: string, signal: AbortSignal): Promise<PreToolUseVerdict> {
  if (context.hooks.length === 0) return NO_HOOKS;
  const verdict = await runPreToolUseHooks({ tool, input, context, toolUseId, signal });
  for (const warning of verdict.warnings) context.onWarning?.(warning);
  return verdict;
}

async function runStages({ toolUse, context, canUseTool, parentMessage, tools }: RunToolUseOptions, signal: AbortSignal): Promise<ToolUseOutcome> {
  const pool = tools ?? context.options.tools;
  if (signal.aborted) return errorOutcome(toolUse, "aborted", INTERRUPTED);

  const tool = findToolByName(pool, toolUse.name);
  if (tool === undefined) {
    const names = pool.map((candidate) => candidate.name).join(", ");
    return errorOutcome(toolUse, "lookup", `Error: no tool named "${toolUse.name}". The available tools are: ${names || "(none)"}.`);
  }

  // Checked before anything walks the input (validation, its messages, hooks): a very deep value would overflow the stack.
  if (exceedsDepth(toolUse.input, MAX_INPUT_DEPTH)) {
    return errorOutcome(toolUse, "validation", `InputValidationError: ${tool.name} was called with input nested more than ${MAX_INPUT_DEPTH} levels deep. Give each parameter as a plain value, as the tool's schema describes.`, tool);
  }
  const parsed = parseToolInput(tool, toolUse.input);
  if (!parsed.success) {
    return errorOutcome(toolUse, "validation", formatValidationError(tool.name, parsed.error, parsed.schema, parsed.checked), tool);
  }
  const input = parsed.data;

  // A call a deny rule refuses skips the tool's checks (which may look at the file system); the
  // decision below still denies it, after the hooks have seen it.
  const denied = tool.validateInput === undefined || canUseTool.deniedByRule === undefined
    ? undefined
    : await raceAbort(canUseTool.deniedByRule({ tool, input, context }), signal);
  if (denied === "aborted") return errorOutcome(toolUse, "aborted", INTERRUPTED, tool);
  if (tool.validateInput !== undefined && denied === undefined) {
    const validation = await raceAbort(tool.validateInput(input, context), signal);
    if (validation === "aborted") return errorOutcome(toolUse, "aborted", INTERRUPTED, tool);
    if (!validation.result) return errorOutcome(toolUse, "validation", validation.message, tool);
  }

  // No hooks, no stage: a call without them pays for no extra await.
  const hookVerdict = context.hooks.length === 0 ? NO_HOOKS : await raceAbort(preToolUse(tool, input, context, toolUse.id, signal), signal);
  if (hookVerdict === "aborted") return errorOutcome(toolUse, "aborted", INTERRUPTED, tool);
  // Raced with the abort: a person may press Ctrl-C while a permission question is open.
  const decided = await raceAbort(canUseTool({ tool, input, context, signal, hookVerdict }), signal);
  if (decided === "aborted") return errorOutcome(toolUse, "aborted", INTERRUPTED, tool);
  // Nothing lifts a deny rule's denial; should the decision ever differ, the unchecked call still does not run.
  const permission = denied !== undefined && decided.decision !== "deny" ? denied : decided;
  if (permission.decision !== "allow" && permission.notAsked !== undefined) {
    return { ...errorOutcome(toolUse, "validation", permission.notAsked, tool), permission };
  }
  if (permission.decision !== "allow") {
    const outcome = errorOutcome(toolUse, "permission", `Permission to use ${tool.name} was denied: ${permission.reason}`, tool);
    return { ...outcome, permission };
  }
  if (signal.aborted) return { ...errorOutcome(toolUse, "aborted", INTERRUPTED, tool), permission };

  let settled: ToolResult<unknown> | "aborted";
  try {
    const onProgress = (data: unknown) => context.onProgress?.({ toolUseId: toolUse.id, data });
    const pending = tool.call(input, { context, toolUseId: toolUse.id, signal, onProgress, parentMessage, canUseTool });
    settled = await raceAbort(pending, signal);
  } catch (error) {
    if (signal.aborted) return { ...errorOutcome(toolUse, "aborted", INTERRUPTED, tool), permission };
    // A second check the call made once it knew more (a name leading to this machine's network) was refused.
    if (error instanceof PermissionDeniedError) {
      return { ...errorOutcome(toolUse, "permission", `Permission to use ${tool.name} was denied: ${error.decision.reason}`, tool), permission: error.decision };
    }
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
    return { ...errorOutcome(toolUse, "call", message, tool), permission, contextModifier: settled.contextModifier };
  }
  let result = persistLargeResult({ ...block, tool_use_id: toolUse.id }, tool.maxResultSizeChars, context.sessionDirectory);
  if (context.hooks.length > 0) {
    const post = await runPostToolUseHooks({ tool, input, response: settled.data, context, toolUseId: toolUse.id, signal });
    for (const warning of post.warnings) context.onWarning?.(warning);
    result = appendFeedback(result, post.feedback);
  }
  return {
    result,
    stage: "done",
    tool,
    output: settled.data,
    permission,
    newMessages: settled.newMessages ?? [],
    contextModifier: settled.contextModifier,
  };
}
