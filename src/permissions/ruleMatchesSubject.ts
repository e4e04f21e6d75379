/**
 * Whether one rule covers one subject of a call. Keyed on the rule's tool name and the tool's
 * declared capabilities: Bash rules match command parts; Read and Edit rules match paths (Edit
 * covers every file-changing tool; a Read deny also blocks writes; an Edit allow also allows
 * reads); `WebFetch(domain:...)` matches the URL's host; parameter matchers match top-level
 * scalar inputs; `Agent(type)` and `Skill(name *)` match what they name.
 */
import type { AnyTool } from "../Tool.ts";
import { allowForm, denyForms, joinWords } from "../shell/commandForms.ts";
import { isParameterMatcher } from "./parseRule.ts";
import { matchCommandPattern } from "./matchCommandPattern.ts";
import { hostOfUrl, matchDomain } from "./matchDomain.ts";
import { matchToolName } from "./matchToolName.ts";
import { pathRuleMatchesAll, pathRuleMatchesAny, type PathContext, type ResolvedPath } from "./pathJudgment.ts";
import type { PathSubject, Subject } from "./subjects.ts";
import type { PermissionRule } from "./types.ts";

export interface MatchRequest {
  rule: PermissionRule;
  subject: Subject;
  tool: AnyTool;
  input: { [key: string]: unknown };
  /** Resolved path subjects, keyed by subject. */
  resolved: Map<PathSubject, ResolvedPath>;
  paths: PathContext;
}

function isShellRule(rule: PermissionRule): boolean {
  return rule.toolName === "Bash";
}

function parameterMatches(rule: PermissionRule, input: { [key: string]: unknown }): boolean {
  const content = rule.ruleContent ?? "";
  const colon = content.indexOf(":");
  const value = input[content.slice(0, colon)];
  if (value === undefined || value === null || typeof value === "object") return false;
  return matchCommandPattern(content.slice(colon + 1), String(value));
}

/** Whether a path rule of this kind speaks about this path subject at all (tool and access). */
export function pathRuleApplies(rule: PermissionRule, subject: PathSubject, tool: AnyTool): boolean {
  if (rule.behavior === "allow" && subject.mentionedOnly) return false;
  const name = rule.toolName;
  // A mentioned path may be read or written (`tee x`, `dd of=x`): every Read and Edit deny or ask applies.
  if (subject.mentionedOnly && (name === "Read" || name === "Edit")) return true;
  if (name === "Read") return rule.behavior === "allow" ? subject.access === "read" : true;
  if (name === "Edit") return rule.behavior === "allow" ? true : subject.access === "write";
  // A rule naming the tool itself with a path (`Write(src/**)`, `Glob(/tmp/**)`).
  return subject.fromTool && matchToolName(name, tool);
}

/** True when `rule` covers `subject`. */
export function ruleMatchesSubject({ rule, subject, tool, input, resolved, paths }: MatchRequest): boolean {
  const content = rule.ruleContent;
  if (subject.kind === "tool") {
    if (!matchToolName(rule.toolName, tool)) return false;
    if (content === undefined) return true;
    if (isParameterMatcher(rule.toolName, content)) return rule.behavior !== "allow" && parameterMatches(rule, input);
    if (content.startsWith("domain:")) {
      const host = typeof input.url === "string" ? hostOfUrl(input.url, rule.behavior !== "allow") : undefined;
      return host !== undefined && matchDomain(content.slice("domain:".length), host);
    }
    if (typeof input.subagent_type === "string") return matchCommandPattern(content, input.subagent_type);
    if (typeof input.skill === "string") {
      return matchCommandPattern(content, `${input.skill} ${typeof input.args === "string" ? input.args : ""}`);
    }
    return false;
  }
  if (subject.kind === "command") {
    if (!isShellRule(rule) || !matchToolName(rule.toolName, tool)) return false;
    if (content === undefined) return true;
    if (rule.behavior === "allow") {
      const form = allowForm(subject.part);
      if (form.unsafeAssignment !== undefined || form.words.length === 0) return false;
      return matchCommandPattern(content, joinWords(form.words));
    }
    return denyForms(subject.part).some((form) => matchCommandPattern(content, form));
  }
  if (!pathRuleApplies(rule, subject, tool)) return false;
  // A bare `Read` or `Edit` covers every path of its kind, from any tool.
  if (content === undefined) return rule.toolName === "Read" || rule.toolName === "Edit";
  const path = resolved.get(subject);
  if (path === undefined) return false;
  return rule.behavior === "allow" ? pathRuleMatchesAll(rule, path, paths) : pathRuleMatchesAny(rule, path, paths);
}

/** Whole-tool rules (no specifier) apply to every subject of a tool they name. */
export function isWholeToolRule(rule: PermissionRule, tool: AnyTool): boolean {
  return rule.ruleContent === undefined && matchToolName(rule.toolName, tool);
}
