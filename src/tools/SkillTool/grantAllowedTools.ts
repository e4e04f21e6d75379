/**
 * A skill's `allowed-tools` as allow rules for the rest of the turn that ran it: the rules join
 * the permission context as the context carries on through the turn, and the next user message
 * starts again from the session's own context, without them. They are allow rules, so deny and
 * ask rules, protected paths and the mode still come first: they only answer what would ask.
 */
import type { ToolUseContext } from "../../Tool.ts";
import { parseRule } from "../../permissions/parseRule.ts";
import type { PermissionRule, RuleFamilies } from "../../permissions/types.ts";

/** The rules a skill's allowed-tools stand for, and a line for each it had to ignore. */
export function parseAllowedTools(texts: readonly string[], folder: string, families: RuleFamilies): { rules: PermissionRule[]; ignored: string[] } {
  const rules: PermissionRule[] = [];
  const ignored: string[] = [];
  for (const text of texts) {
    const parsed = parseRule(text, "allow", "session", folder, families);
    if (parsed.rule !== undefined) rules.push(parsed.rule);
    else if (parsed.warning !== undefined) ignored.push(parsed.warning);
  }
  return { rules, ignored };
}

/** The context with `rules` added to what it reads as the permission context; writes still go to the session. */
export function withGrantedRules(context: ToolUseContext, rules: readonly PermissionRule[]): ToolUseContext {
  if (rules.length === 0) return context;
  const read = context.getAppState;
  return {
    ...context,
    getAppState: () => {
      const state = read();
      return { ...state, toolPermissionContext: { ...state.toolPermissionContext, rules: [...state.toolPermissionContext.rules, ...rules] } };
    },
  };
}
