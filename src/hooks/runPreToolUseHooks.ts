/**
 * Runs every PreToolUse hook whose matcher selects the tool, all at once, and combines their
 * answers: any deny wins, then ask, then allow. A hook that fails gives a warning and counts as
 * no opinion; while any matching hook failed, the others' allow is not used either (a failure
 * never ends in an allow).
 */
import type { AnyTool, ToolUseContext } from "../Tool.ts";
import type { PermissionMode } from "../permissions/types.ts";
import { interpretHookResult } from "./interpretHookResult.ts";
import { matchHookMatcher } from "./matchHookMatcher.ts";
import { runHookCommand } from "./runHookCommand.ts";
import { describeHook, HOOK_EVENT, type HookDefinition, type HookOpinion, type HookOutcome, type HooksVerdict } from "./types.ts";

export interface PreToolUseRequest {
  hooks: readonly HookDefinition[];
  tool: AnyTool;
  input: { [key: string]: unknown };
  context: ToolUseContext;
  mode: PermissionMode;
}

const ORDER: readonly HookOpinion[] = ["deny", "ask", "allow"];

/** The hooks that apply to `tool`, each command once (the highest source's copy). */
export function selectHooks(hooks: readonly HookDefinition[], tool: Pick<AnyTool, "name" | "aliases">): HookDefinition[] {
  const seen = new Set<string>();
  return hooks.filter((hook) => {
    if (!matchHookMatcher(hook.matcher, tool) || seen.has(hook.command)) return false;
    seen.add(hook.command);
    return true;
  });
}

/** Runs the matching hooks and combines what they said. */
export async function runPreToolUseHooks(request: PreToolUseRequest): Promise<HooksVerdict> {
  const selected = selectHooks(request.hooks, request.tool);
  if (selected.length === 0) return { warnings: [] };
  const { context, tool } = request;
  const input = JSON.stringify({
    hook_event_name: HOOK_EVENT,
    tool_name: tool.name,
    tool_input: request.input,
    cwd: context.cwd,
    session_id: context.agentId,
    permission_mode: request.mode,
  });
  const env = { ...process.env, TOOLSHED_PROJECT_DIR: context.cwd };
  const outcomes: { hook: HookDefinition; outcome: HookOutcome }[] = await Promise.all(selected.map(async (hook) => {
    const result = await runHookCommand({
      command: hook.command,
      cwd: context.cwd,
      input,
      timeoutMs: hook.timeoutSeconds * 1000,
      signal: context.abortController.signal,
      env,
    });
    return { hook, outcome: interpretHookResult(result, hook.timeoutSeconds) };
  }));
  const warnings: string[] = [];
  for (const { hook, outcome } of outcomes) {
    if (outcome.kind === "failed") warnings.push(`${describeHook(hook)} ${outcome.problem}; it counts as no opinion on ${tool.name}`);
  }
  for (const opinion of ORDER) {
    const found = outcomes.find(({ outcome }) => outcome.kind === "opinion" && outcome.opinion === opinion);
    if (found === undefined || found.outcome.kind !== "opinion") continue;
    if (opinion === "allow" && warnings.length > 0) {
      warnings.push(`the allow from ${describeHook(found.hook)} is not used, since another matching hook failed; the permission rules decide`);
      return { warnings };
    }
    return { opinion, hook: found.hook, reason: found.outcome.reason, warnings };
  }
  return { warnings };
}
