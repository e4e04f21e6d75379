/**
 * The PostToolUse stage's hooks: run after a call succeeded, with the tool's response. A hook
 * that blocks (exit 2, or `decision: "block"`) cannot undo the call; its reason goes back to the
 * model beside the result, as does any `additionalContext`. A hook that fails gives a warning.
 */
import type { AnyTool, ToolUseContext } from "../Tool.ts";
import { runToolHooks } from "./runToolHooks.ts";
import { describeHook } from "./types.ts";

export interface PostToolUseRequest {
  tool: AnyTool;
  input: { [key: string]: unknown };
  /** What the tool returned (its output data), as the hook's `tool_response`. */
  response: unknown;
  context: ToolUseContext;
  toolUseId: string;
  signal?: AbortSignal;
}

/** What the PostToolUse hooks said: text for the model, and warnings for the person. */
export interface PostToolUseVerdict {
  feedback: string[];
  warnings: string[];
}

/** Runs the matching hooks and collects their feedback. */
export async function runPostToolUseHooks(request: PostToolUseRequest): Promise<PostToolUseVerdict> {
  const outcomes = await runToolHooks({
    ...request,
    event: "PostToolUse",
    fields: { tool_response: request.response, tool_use_id: request.toolUseId },
  });
  const verdict: PostToolUseVerdict = { feedback: [], warnings: [] };
  for (const { hook, outcome } of outcomes) {
    if (outcome.kind === "failed") verdict.warnings.push(`${describeHook(hook)} ${outcome.problem}`);
    else if (outcome.kind === "block") verdict.feedback.push(`${describeHook(hook)} says: ${outcome.reason ?? "it blocked this result without a reason"}`);
    else if (outcome.kind === "none" && outcome.context !== undefined && outcome.context.trim() !== "") {
      verdict.feedback.push(`${describeHook(hook)} adds: ${outcome.context.trim()}`);
    }
  }
  return verdict;
}
