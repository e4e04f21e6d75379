/**
 * Runs every hook of one tool event whose matcher selects a tool (its name or an alias), with
 * the tool's name and input in the hook's JSON. Shared by the PreToolUse and PostToolUse stages.
 */
import type { AnyTool, ToolUseContext } from "../Tool.ts";
import { hookScopeOf, runHooks } from "./runHooks.ts";
import type { HookEvent, HookRun } from "./types.ts";

export interface ToolHooksRequest {
  event: HookEvent;
  tool: AnyTool;
  input: { [key: string]: unknown };
  context: ToolUseContext;
  /** Event-specific fields added to the hook's input (`tool_response`, `tool_use_id`, ...). */
  fields?: { [key: string]: unknown };
  signal?: AbortSignal;
}

/** Runs the matching hooks; an empty list when none match (nothing is started). */
export async function runToolHooks(request: ToolHooksRequest): Promise<HookRun[]> {
  const { context, tool } = request;
  return runHooks({
    scope: hookScopeOf(context, { signal: request.signal }),
    event: request.event,
    matchValues: [tool.name, ...(tool.aliases ?? [])],
    fields: { tool_name: tool.name, tool_input: request.input, ...request.fields },
  });
}
