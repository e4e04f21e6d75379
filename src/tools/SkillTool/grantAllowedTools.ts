/**
 * A skill's `allowed-tools` as allow rules for the rest of the turn that ran it (see
 * permissions/turnGrants.ts): the next user message starts again from the session's own context,
 * without them, and a sub-agent started in the background does not take them along. They are
 * allow rules, so deny and ask rules, protected paths and the mode still come first: they only
 * answer what would ask.
 */
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
