/**
 * The one place a permission decision is made. Everything that runs a tool asks `decide`.
 * This is the foundation's minimal engine: whole-tool rules, the modes, the tool's own check,
 * and "read-only inside the working folders is allowed". The full rule language replaces it.
 */
import type { AnyTool, ToolUseContext } from "../Tool.ts";
import { isInsideDirectories } from "../paths/isInsideDirectories.ts";
import { formatRule, type PermissionDecision, type PermissionRule, type RuleBehavior } from "./types.ts";

export interface DecideRequest {
  tool: AnyTool;
  /** The validated input. */
  input: { [key: string]: unknown };
  context: ToolUseContext;
}

/** True when a rule names this tool as a whole (no specifier, or `Tool(*)`). */
export function ruleMatchesWholeTool(rule: PermissionRule, tool: Pick<AnyTool, "name" | "aliases">): boolean {
  const names = [tool.name, ...(tool.aliases ?? [])];
  if (!names.includes(rule.toolName)) return false;
  return rule.ruleContent === undefined || rule.ruleContent === "*";
}

function findRule(
  rules: readonly PermissionRule[],
  behavior: RuleBehavior,
  tool: AnyTool,
): PermissionRule | undefined {
  return rules.find((rule) => rule.behavior === behavior && ruleMatchesWholeTool(rule, tool));
}

function fromRule(decision: PermissionDecision["decision"], rule: PermissionRule, reason: string): PermissionDecision {
  return { decision, reason, rule: formatRule(rule), source: rule.source };
}

/** The rule a user could add to allow this call without being asked. */
export function suggestRule(tool: AnyTool, input: { [key: string]: unknown }): string {
  const path = tool.getPath?.(input);
  // `//` anchors a rule at the filesystem root; a relative path is relative to the working folder.
  if (path !== undefined && path !== "") return `${tool.name}(${path.startsWith("/") ? `/${path}` : path})`;
  return tool.name;
}

/** Decides whether a validated call may run: allow, ask or deny, with the reason and rule. */
export async function decide({ tool, input, context }: DecideRequest): Promise<PermissionDecision> {
  const permissionContext = context.getAppState().toolPermissionContext;
  const { rules, mode } = permissionContext;

  const deny = findRule(rules, "deny", tool);
  if (deny !== undefined) return fromRule("deny", deny, `${tool.name} is denied by a rule`);

  const ask = findRule(rules, "ask", tool);
  if (ask !== undefined) return askOrDeny(fromRule("ask", ask, `a rule asks before ${tool.name} runs`), mode);

  const readOnly = tool.isReadOnly(input);
  if (mode === "bypassPermissions") return { decision: "allow", reason: "permission mode bypassPermissions" };
  if (mode === "plan" && !readOnly) {
    return { decision: "deny", reason: `plan mode allows only read-only tools; ${tool.name} would make changes` };
  }

  const allow = findRule(rules, "allow", tool);
  if (allow !== undefined) return fromRule("allow", allow, `${tool.name} is allowed by a rule`);

  const own = await tool.checkPermissions(input, context);
  if (own.behavior === "deny") return { decision: "deny", reason: own.reason };
  if (own.behavior === "allow") return { decision: "allow", reason: own.reason ?? `${tool.name} allowed this call` };
  if (own.behavior === "ask") return askOrDeny({ decision: "ask", reason: own.reason, suggestedRule: suggestRule(tool, input) }, mode);

  if (readOnly) {
    const path = tool.getPath?.(input);
    const directories = [...context.workingDirectories, ...permissionContext.additionalDirectories];
    if (path === undefined || isInsideDirectories(path, directories, context.cwd)) {
      return { decision: "allow", reason: "read-only call inside the working folders" };
    }
    return askOrDeny(
      { decision: "ask", reason: `${path} is outside the working folders`, suggestedRule: suggestRule(tool, input) },
      mode,
    );
  }
  return askOrDeny(
    { decision: "ask", reason: `${tool.name} can make changes`, suggestedRule: suggestRule(tool, input) },
    mode,
  );
}

/** In dontAsk mode every would-ask becomes a deny. */
function askOrDeny(decision: PermissionDecision, mode: string): PermissionDecision {
  if (decision.decision !== "ask" || mode !== "dontAsk") return decision;
  return { ...decision, decision: "deny", reason: `${decision.reason} (dontAsk mode denies instead of asking)` };
}
