/** The shapes the permission engine works with; shared by the pipeline, the CLI and tools. */

import type { HookDefinition } from "../hooks/types.ts";

/** How permission prompts are handled for the session. */
export const PERMISSION_MODES = [
  "default",
  "acceptEdits",
  "plan",
  "dontAsk",
  "bypassPermissions",
] as const;
export type PermissionMode = (typeof PERMISSION_MODES)[number];

/** Where a rule came from, highest precedence first. */
export const RULE_SOURCES = [
  "managed",
  "cliArg",
  "localSettings",
  "projectSettings",
  "userSettings",
  "session",
] as const;
export type RuleSource = (typeof RULE_SOURCES)[number];

export type RuleBehavior = "allow" | "deny" | "ask";

/** One parsed rule such as `Bash(npm test *)`: the tool name and an optional specifier. */
export interface PermissionRule {
  behavior: RuleBehavior;
  toolName: string;
  /** The text inside the parentheses, if any. */
  ruleContent?: string;
  source: RuleSource;
  /** The folder of the settings file that holds the rule: what `/path` patterns are relative to. */
  baseDirectory?: string;
}

/** Everything the engine needs to decide, kept in app state. */
export interface ToolPermissionContext {
  mode: PermissionMode;
  rules: readonly PermissionRule[];
  /** Folders outside the working folder that count as inside (`--add-dir`). */
  additionalDirectories: readonly string[];
  /** PreToolUse hooks, step 1 of every decision (project hooks only in a trusted folder). */
  hooks?: readonly HookDefinition[];
  /** Where the engine's warnings while deciding go (a hook that failed); dropped when unset. */
  warn?: (text: string) => void;
}

export type Decision = "allow" | "ask" | "deny";

/** The engine's answer: what to do, why, and which rule (if any) said so. */
export interface PermissionDecision {
  decision: Decision;
  reason: string;
  /** The rule that decided, written as users write it, e.g. `Bash(rm *)`. */
  rule?: string;
  source?: RuleSource;
  /** For ask and deny: a rule that would allow the call, to suggest to the user. */
  suggestedRule?: string;
  /** For a compound shell command: the verdict on each part, in order. */
  parts?: PartDecision[];
  /** For ask: the allow rules that answering "always" saves (one per command part). */
  suggestedRules?: string[];
  /** Problems met while deciding (a hook that failed or timed out), also sent to `warn`. */
  warnings?: string[];
}

/** The verdict on one part of a compound shell command. */
export interface PartDecision {
  /** The part as rules see it, e.g. `git status` or `> out.txt`. */
  command: string;
  decision: Decision;
  reason: string;
  rule?: string;
  source?: RuleSource;
}

/** A fresh permission context: default mode, no rules. */
export function emptyPermissionContext(): ToolPermissionContext {
  return { mode: "default", rules: [], additionalDirectories: [] };
}

/** A rule as users write it. */
export function formatRule(rule: Pick<PermissionRule, "toolName" | "ruleContent">): string {
  return rule.ruleContent === undefined ? rule.toolName : `${rule.toolName}(${rule.ruleContent})`;
}
