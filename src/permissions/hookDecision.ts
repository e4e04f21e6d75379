/**
 * Step 1 of the decision order: PreToolUse hooks. A hook's deny decides at once; a hook's ask
 * makes the call ask unless the rest of the order denies it; a hook's allow has already been
 * through deny rules, ask rules and the checks no mode can skip (in `decide`), so it only names
 * itself on the answer.
 */
import type { AnyTool, ToolUseContext } from "../Tool.ts";
import { runPreToolUseHooks } from "../hooks/runPreToolUseHooks.ts";
import { describeHook, type HookDefinition, type HooksVerdict } from "../hooks/types.ts";
import type { PermissionDecision, PermissionMode, ToolPermissionContext } from "./types.ts";

/** How a hook is written where a rule would be. */
export function hookRuleText(hook: HookDefinition): string {
  return `PreToolUse hook "${hook.command}"`;
}

/** Runs the hooks for a call and sends their warnings to the permission context's `warn`. */
export async function consultHooks(permissionContext: ToolPermissionContext, tool: AnyTool, input: { [key: string]: unknown }, context: ToolUseContext): Promise<HooksVerdict> {
  const hooks = permissionContext.hooks ?? [];
  if (hooks.length === 0) return { warnings: [] };
  const verdict = await runPreToolUseHooks({ hooks, tool, input, context, mode: permissionContext.mode });
  for (const warning of verdict.warnings) permissionContext.warn?.(warning);
  return verdict;
}

function withWarnings(decision: PermissionDecision, verdict: HooksVerdict): PermissionDecision {
  return verdict.warnings.length > 0 ? { ...decision, warnings: [...(decision.warnings ?? []), ...verdict.warnings] } : decision;
}

/** The answer when a hook denied: nothing else is consulted. */
export function hookDenial(verdict: HooksVerdict, hook: HookDefinition, tool: AnyTool): PermissionDecision {
  const reason = `${describeHook(hook)} denied ${tool.name}: ${verdict.reason ?? "it gave no reason"}`;
  const rule = hookRuleText(hook);
  return withWarnings({
    decision: "deny",
    reason,
    rule,
    source: hook.source,
    parts: [{ command: tool.name, decision: "deny", reason, rule, source: hook.source }],
    suggestedRules: [],
  }, verdict);
}

/** Puts the hooks' ask or allow on the decision the rest of the order reached. */
export function applyHookVerdict(decision: PermissionDecision, verdict: HooksVerdict, mode: PermissionMode, tool: AnyTool): PermissionDecision {
  const hook = verdict.hook;
  if (hook === undefined || decision.decision === "deny") return withWarnings(decision, verdict);
  const said = verdict.reason === undefined ? "" : `: ${verdict.reason}`;
  const named = { rule: hookRuleText(hook), source: hook.source };
  if (verdict.opinion === "ask") {
    // No allow rule can answer a hook's question, so none is suggested.
    const asked = { ...decision, ...named, decision: "ask" as const, reason: `${describeHook(hook)} asks before ${tool.name}${said}`, suggestedRule: undefined, suggestedRules: [] };
    if (mode === "dontAsk") return withWarnings({ ...asked, decision: "deny", reason: `${asked.reason} (dontAsk mode denies instead of asking)` }, verdict);
    return withWarnings(asked, verdict);
  }
  if (verdict.opinion === "allow" && decision.decision === "allow") {
    return withWarnings({ ...decision, ...named, reason: `${describeHook(hook)} allowed ${tool.name}${said}` }, verdict);
  }
  return withWarnings(decision, verdict);
}
