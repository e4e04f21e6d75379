/** Parses rule strings as users write them (`Tool`, `Tool(specifier)`) and says why a rule is ignored. */
import { isFamilyName, NO_RULE_FAMILIES, type PermissionRule, type RuleBehavior, type RuleFamilies, type RuleSource } from "./types.ts";

export type ParsedRuleText = { ok: true; toolName: string; ruleContent?: string } | { ok: false; reason: string };

const TOOL_NAME = /^[A-Za-z0-9_*.-]+$/;

/** Splits `Tool(specifier)` into its name and specifier; `Tool(*)` and `Tool()` mean the whole tool. */
export function parseRuleText(text: string): ParsedRuleText {
  const trimmed = text.trim();
  if (trimmed === "") return { ok: false, reason: "the rule is empty" };
  const open = trimmed.indexOf("(");
  if (open === -1) {
    if (trimmed.includes(")")) return { ok: false, reason: "it has a ) without a (" };
    if (!TOOL_NAME.test(trimmed)) return { ok: false, reason: `"${trimmed}" is not a tool name (letters, digits, _ . - and * only)` };
    return { ok: true, toolName: trimmed };
  }
  if (!trimmed.endsWith(")")) return { ok: false, reason: "the specifier must end with )" };
  const toolName = trimmed.slice(0, open).trim();
  if (!TOOL_NAME.test(toolName)) return { ok: false, reason: `"${toolName}" is not a tool name (letters, digits, _ . - and * only)` };
  const content = trimmed.slice(open + 1, -1).replace(/\\([()])/g, "$1");
  if (content === "" || content === "*") return { ok: true, toolName };
  return { ok: true, toolName, ruleContent: content };
}

/** True when a tool name has glob characters (`*`, `mcp__*`). */
export function hasNameGlob(toolName: string): boolean {
  return toolName.includes("*");
}

/**
 * True when a specifier is a parameter matcher such as `file_path:/etc/*`: not a shell command
 * pattern (`Bash(git:*)` is the older spelling of `Bash(git *)`), and not an address rule's `domain:`.
 */
export function isParameterMatcher(toolName: string, content: string | undefined, families: RuleFamilies = NO_RULE_FAMILIES): boolean {
  if (content === undefined || isFamilyName(families, "shellCommands", toolName)) return false;
  const match = /^([A-Za-z_][A-Za-z0-9_]*):/.exec(content);
  return match !== null && match[1] !== "domain";
}

export interface RuleParseResult {
  rule?: PermissionRule;
  warning?: string;
}

/** Turns one rule string from a settings source into a rule, or a warning saying why it is ignored. */
export function parseRule(text: string, behavior: RuleBehavior, source: RuleSource, baseDirectory?: string, families: RuleFamilies = NO_RULE_FAMILIES): RuleParseResult {
  let parsed = parseRuleText(text);
  const where = `the ${behavior} rule "${text}" (${source})`;
  let repaired: string | undefined;
  if (!parsed.ok) {
    // `Bash(npm test *` lacks only its closing parenthesis: that is what was meant.
    const closed = `${text.trim()})`;
    const retry = text.includes("(") && !text.trim().endsWith(")") ? parseRuleText(closed) : parsed;
    if (!retry.ok) return { warning: `${where} is ignored: ${parsed.reason}` };
    // A deny or ask rule is read as meant (failing closed); an allow rule is never guessed at.
    if (behavior === "allow") return { warning: `${where} is ignored: ${parsed.reason}; did you mean "${closed}"?` };
    parsed = retry;
    repaired = `${where} lacks its closing ")"; it is read as "${closed}" so that it holds; write it that way`;
  }
  const { toolName, ruleContent } = parsed;
  if (behavior === "allow") {
    const globAllowed = /^mcp__[^*]+__/.test(toolName);
    if (hasNameGlob(toolName) && !globAllowed) {
      return { warning: `${where} is ignored: allow rules may not use globs in the tool name (only after a literal mcp__server__ prefix)` };
    }
    if (isParameterMatcher(toolName, ruleContent, families)) {
      return { warning: `${where} is ignored: parameter matchers may be used only on deny and ask rules` };
    }
  }
  return { rule: { behavior, toolName, ruleContent, source, baseDirectory }, warning: repaired };
}
