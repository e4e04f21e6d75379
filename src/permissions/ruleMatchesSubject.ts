/**
 * Whether one rule covers one subject of a call. Keyed on what the rule's tool name stands for
 * and what the call declared, never on a particular tool: a rule naming a family's tool (see
 * RuleFamily) covers that kind of subject from every tool (a read-paths rule covers every read,
 * and its deny every write too; a write-paths allow also allows reads); a rule naming the tool
 * itself covers the subjects the tool declared; `Tool(domain:...)` matches an address's host;
 * parameter matchers match top-level scalar inputs; `Tool(pattern)` matches a named thing.
 */
import type { AnyTool } from "../Tool.ts";
import { allowForm, denyForms, joinWords, ruleProgramName } from "../shell/commandForms.ts";
import { isParameterMatcher } from "./parseRule.ts";
import { matchCommandPattern } from "./matchCommandPattern.ts";
import { hostOfUrl, matchDomain } from "./matchDomain.ts";
import { matchToolName } from "./matchToolName.ts";
import type { ProgramIdentities } from "./programIdentity.ts";
import { pathRuleMatchesAll, pathRuleMatchesAny, type PathContext, type ResolvedPath } from "./pathJudgment.ts";
import type { PathSubject, Subject } from "./subjects.ts";
import { isFamilyName, type PermissionRule, type RuleFamilies } from "./types.ts";

export interface MatchRequest {
  rule: PermissionRule;
  subject: Subject;
  tool: AnyTool;
  input: { [key: string]: unknown };
  families: RuleFamilies;
  /** Resolved path subjects, keyed by subject. */
  resolved: Map<PathSubject, ResolvedPath>;
  paths: PathContext;
  /** Other names the programs of command parts run under, while a deny or ask rule about commands is in force. */
  programs?: ProgramIdentities;
}

/** The specifier prefix of address rules. */
export const DOMAIN_PREFIX = "domain:";

function parameterMatches(rule: PermissionRule, input: { [key: string]: unknown }): boolean {
  const content = rule.ruleContent ?? "";
  const colon = content.indexOf(":");
  const value = input[content.slice(0, colon)];
  if (value === undefined || value === null || typeof value === "object") return false;
  return matchCommandPattern(content.slice(colon + 1), String(value));
}

/** Whether a path rule of this kind speaks about this path subject at all (tool and access). */
export function pathRuleApplies(rule: PermissionRule, subject: PathSubject, tool: AnyTool, families: RuleFamilies): boolean {
  if (rule.behavior === "allow" && subject.mentionedOnly) return false;
  const reads = isFamilyName(families, "readPaths", rule.toolName);
  const writes = isFamilyName(families, "writePaths", rule.toolName);
  // A mentioned path may be read or written (`tee x`, `dd of=x`): every read or write deny or ask applies.
  if (subject.mentionedOnly && (reads || writes)) return true;
  if (reads) return rule.behavior === "allow" ? subject.access === "read" : true;
  if (writes) return rule.behavior === "allow" ? true : subject.access === "write";
  // A rule naming the tool itself with a path (`Write(src/**)`, `Glob(/tmp/**)`).
  return subject.fromTool && matchToolName(rule.toolName, tool);
}

/** True when `rule` covers `subject`. */
export function ruleMatchesSubject({ rule, subject, tool, input, families, resolved, paths, programs }: MatchRequest): boolean {
  const content = rule.ruleContent;
  const namesTool = matchToolName(rule.toolName, tool);
  switch (subject.kind) {
    case "tool": {
      if (content?.startsWith(DOMAIN_PREFIX)) {
        if (!namesTool && !isFamilyName(families, "urls", rule.toolName)) return false;
        const pattern = content.slice(DOMAIN_PREFIX.length);
        const covers = (url: string) => {
          const host = hostOfUrl(url, rule.behavior !== "allow");
          return host !== undefined && matchDomain(pattern, host);
        };
        // An allow must cover every address the call reaches; a deny or ask any one of them.
        return subject.urls.length > 0 && (rule.behavior === "allow" ? subject.urls.every(covers) : subject.urls.some(covers));
      }
      if (!namesTool) return false;
      if (content === undefined) return true;
      if (isParameterMatcher(rule.toolName, content, families)) return rule.behavior !== "allow" && parameterMatches(rule, input);
      const covers = (name: string) => matchCommandPattern(content, name);
      return subject.names.length > 0 && (rule.behavior === "allow" ? subject.names.every(covers) : subject.names.some(covers));
    }
    case "command": {
      if (!namesTool && !isFamilyName(families, "shellCommands", rule.toolName)) return false;
      if (content === undefined) return true;
      if (rule.behavior === "allow") {
        const form = allowForm(subject.part);
        if (form.unsafeAssignment !== undefined || form.words.length === 0) return false;
        return matchCommandPattern(content, joinWords(form.words));
      }
      return denyForms(subject.part, programs?.aliases.get(subject.part), ruleProgramName(content)).some((form) => matchCommandPattern(content, form));
    }
    case "path": {
      if (!pathRuleApplies(rule, subject, tool, families)) return false;
      // A bare read-paths or write-paths rule covers every path of its kind, from any tool.
      if (content === undefined) return isFamilyName(families, "readPaths", rule.toolName) || isFamilyName(families, "writePaths", rule.toolName);
      const path = resolved.get(subject);
      if (path === undefined) return false;
      return rule.behavior === "allow" ? pathRuleMatchesAll(rule, path, paths) : pathRuleMatchesAny(rule, path, paths);
    }
  }
}

/** Whole-tool rules (no specifier) apply to every subject of a tool they name. */
export function isWholeToolRule(rule: PermissionRule, tool: AnyTool): boolean {
  return rule.ruleContent === undefined && matchToolName(rule.toolName, tool);
}
