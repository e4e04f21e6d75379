/**
 * The PreToolUse stage's hooks: runs every matching hook and combines their answers into the
 * verdict the permission engine receives. Any deny wins, then ask, then allow. A hook that fails
 * gives a warning and counts as no opinion; while any matching hook failed, the others' allow is
 * not used either (a failure never ends in an allow).
 */
import type { AnyTool, ToolUseContext } from "../Tool.ts";
import type { PreToolUseVerdict } from "../permissions/types.ts";
import { runToolHooks } from "./runToolHooks.ts";
import { describeHook, hookRuleText, type HookOpinion } from "./types.ts";

export interface PreToolUseRequest {
  tool: AnyTool;
  input: { [key: string]: unknown };
  context: ToolUseContext;
  toolUseId: string;
  signal?: AbortSignal;
}

const ORDER: readonly HookOpinion[] = ["deny", "ask", "allow"];

/** Runs the matching hooks and combines what they said. */
export async function runPreToolUseHooks(request: PreToolUseRequest): Promise<PreToolUseVerdict> {
  const { tool } = request;
  const outcomes = await runToolHooks({ ...request, event: "PreToolUse", fields: { tool_use_id: request.toolUseId } });
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
    const by = { rule: hookRuleText(found.hook), description: describeHook(found.hook), source: found.hook.source };
    return { opinion, by, reason: found.outcome.reason, warnings };
  }
  return { warnings };
}
