/**
 * Step 1 of the decision order: what the PreToolUse hooks said (the pipeline runs them and hands
 * the verdict in). A hook's deny decides at once; a hook's ask makes the call ask unless the rest
 * of the order denies it; a hook's allow has already been through deny rules, ask rules and the
 * checks no mode can skip (in `decide`), so it only names itself on the answer.
 */
import type { AnyTool } from "../Tool.ts";
import type { PermissionDecision, PermissionMode, PreToolUseVerdict } from "./types.ts";

type DecidingHook = NonNullable<PreToolUseVerdict["by"]>;

function withWarnings(decision: PermissionDecision, verdict: PreToolUseVerdict): PermissionDecision {
  return verdict.warnings.length > 0 ? { ...decision, warnings: [...(decision.warnings ?? []), ...verdict.warnings] } : decision;
}

/** The answer when a hook denied: nothing else is consulted. */
export function hookDenial(verdict: PreToolUseVerdict, hook: DecidingHook, tool: AnyTool): PermissionDecision {
  const reason = `${hook.description} denied ${tool.name}: ${verdict.reason ?? "it gave no reason"}`;
  return withWarnings({
    decision: "deny",
    reason,
    rule: hook.rule,
    source: hook.source,
    parts: [{ command: tool.name, decision: "deny", reason, rule: hook.rule, source: hook.source }],
    suggestedRules: [],
  }, verdict);
}

/** Puts the hooks' ask or allow on the decision the rest of the order reached. */
export function applyHookVerdict(decision: PermissionDecision, verdict: PreToolUseVerdict, mode: PermissionMode, tool: AnyTool): PermissionDecision {
  const hook = verdict.by;
  if (hook === undefined || decision.decision === "deny") return withWarnings(decision, verdict);
  const said = verdict.reason === undefined ? "" : `: ${verdict.reason}`;
  const named = { rule: hook.rule, source: hook.source };
  if (verdict.opinion === "ask") {
    // No allow rule can answer a hook's question, so none is suggested.
    const asked = { ...decision, ...named, decision: "ask" as const, reason: `${hook.description} asks before ${tool.name}${said}`, suggestedRule: undefined, suggestedRules: [] };
    if (mode === "dontAsk") return withWarnings({ ...asked, decision: "deny", reason: `${asked.reason} (dontAsk mode denies instead of asking)` }, verdict);
    return withWarnings(asked, verdict);
  }
  if (verdict.opinion === "allow" && decision.decision === "allow") {
    return withWarnings({ ...decision, ...named, reason: `${hook.description} allowed ${tool.name}${said}` }, verdict);
  }
  return withWarnings(decision, verdict);
}
