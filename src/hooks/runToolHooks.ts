/**
 * Runs every hook of one event whose matcher selects a tool, all at once, each with its JSON on
 * standard input, and returns what each came to. Shared by the PreToolUse and PostToolUse stages.
 */
import type { AnyTool, ToolUseContext } from "../Tool.ts";
import { interpretHookResult } from "./interpretHookResult.ts";
import { matchHookMatcher } from "./matchHookMatcher.ts";
import { runHookCommand } from "./runHookCommand.ts";
import type { HookDefinition, HookEvent, HookOutcome } from "./types.ts";

export interface ToolHooksRequest {
  event: HookEvent;
  tool: AnyTool;
  input: { [key: string]: unknown };
  context: ToolUseContext;
  /** Event-specific fields added to the hook's input (`tool_response`, `tool_use_id`, ...). */
  fields?: { [key: string]: unknown };
  signal?: AbortSignal;
}

/** The hooks of `event` that apply to `tool`, each command once (the highest source's copy). */
export function selectHooks(hooks: readonly HookDefinition[], event: HookEvent, tool: Pick<AnyTool, "name" | "aliases">): HookDefinition[] {
  const seen = new Set<string>();
  return hooks.filter((hook) => {
    if (hook.event !== event || !matchHookMatcher(hook.matcher, tool) || seen.has(hook.command)) return false;
    seen.add(hook.command);
    return true;
  });
}

/** Runs the matching hooks; an empty list when none match (nothing is started). */
export async function runToolHooks(request: ToolHooksRequest): Promise<{ hook: HookDefinition; outcome: HookOutcome }[]> {
  const { context, tool, event } = request;
  const selected = selectHooks(context.hooks, event, tool);
  if (selected.length === 0) return [];
  const input = JSON.stringify({
    hook_event_name: event,
    session_id: context.sessionId,
    cwd: context.cwd,
    permission_mode: context.getAppState().toolPermissionContext.mode,
    tool_name: tool.name,
    tool_input: request.input,
    ...request.fields,
  });
  const env = { ...process.env, TOOLSHED_PROJECT_DIR: context.cwd };
  return Promise.all(selected.map(async (hook) => {
    const result = await runHookCommand({
      command: hook.command,
      cwd: context.cwd,
      input,
      timeoutMs: hook.timeoutSeconds * 1000,
      signal: request.signal ?? context.abortController.signal,
      env,
    });
    return { hook, outcome: interpretHookResult(result, hook.timeoutSeconds, event) };
  }));
}
