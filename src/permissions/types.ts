/**
 * The shapes the permission engine works with; shared by the contract, the pipeline, the CLI and
 * tools. This module imports nothing: every layer may use it.
 */

/** How permission prompts are handled for the session. */
export const PERMISSION_MODES = [
  "default",
  "acceptEdits",
  "plan",
  "dontAsk",
  "bypassPermissions",
] as const;
export type PermissionMode = (typeof PERMISSION_MODES)[number];

/**
 * Where a rule came from, highest precedence first. `savedAnswers` are the person's own "always"
 * answers, kept in the user config folder for one project folder (never in the repository).
 */
export const RULE_SOURCES = [
  "managed",
  "cliArg",
  "localSettings",
  "savedAnswers",
  "projectSettings",
  "userSettings",
  "session",
] as const;
export type RuleSource = (typeof RULE_SOURCES)[number];

export type RuleBehavior = "allow" | "deny" | "ask";

/**
 * What a rule naming a tool speaks for beyond that tool's own calls. A tool whose name stands for
 * a family (the file reader for `readPaths`, the shell for `shellCommands`) makes rules such as
 * `Read(.env)` or `Bash(rm *)` hold against every call of every tool that touches that kind of
 * thing: a shell command reading `.env` meets the `Read(.env)` deny.
 */
export const RULE_FAMILIES = ["readPaths", "writePaths", "shellCommands", "urls"] as const;
export type RuleFamily = (typeof RULE_FAMILIES)[number];

/** The rule names of each family, read off the tools of the build (see the registry). */
export type RuleFamilies = Readonly<Record<RuleFamily, readonly string[]>>;

/** No family has a name: rules only ever match the tools they name. */
export const NO_RULE_FAMILIES: RuleFamilies = { readPaths: [], writePaths: [], shellCommands: [], urls: [] };

/**
 * What one call touches, as its tool declares it for an input. The engine judges these, never
 * the tool's name or its input's field names.
 */
export type DeclaredSubject =
  /** A shell command the call runs: parsed, split into parts, every part judged. */
  | { kind: "shell"; command: string }
  /** A file or folder the call reads or writes; `recursive` when it reads everything under a folder. */
  | { kind: "path"; path: string; access: "read" | "write"; recursive?: boolean }
  /** An address the call fetches: `Tool(domain:...)` rules match its host. */
  | { kind: "url"; url: string }
  /** A named thing the call uses (a skill and its arguments, a sub-agent type): `Tool(pattern)` matches it. */
  | { kind: "named"; name: string };

/** One parsed rule such as `Bash(npm test *)`: the tool name and an optional specifier. */
export interface PermissionRule {
  behavior: RuleBehavior;
  toolName: string;
  /** The text inside the parentheses, if any. */
  ruleContent?: string;
  source: RuleSource;
  /** The folder of the settings file that holds the rule: what `/path` patterns are relative to. */
  baseDirectory?: string;
  /** Where the rule was written (`file:line:column`), for `permissions list` and messages. */
  where?: string;
  /** Saved from a person's "always" answer in this session (saved answers from earlier ones have the source savedAnswers). */
  fromAnswer?: boolean;
}

/** Everything the engine needs to decide, kept in app state. */
export interface ToolPermissionContext {
  mode: PermissionMode;
  rules: readonly PermissionRule[];
  /** Folders outside the working folder that count as inside (`--add-dir`). */
  additionalDirectories: readonly string[];
  /** Which rule names stand for which family (from the build's tools). */
  families: RuleFamilies;
}

/** A PreToolUse hook's say about one call, as the engine receives it (step 1 of the order). */
export interface PreToolUseVerdict {
  opinion?: "allow" | "ask" | "deny";
  /** The hook that decided, named as a rule would be. */
  by?: { rule: string; description: string; source: RuleSource };
  reason?: string;
  /** One line per hook that failed (and any allow that was dropped because of it). */
  warnings: string[];
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
  /** Problems met while deciding (a hook that failed or timed out). */
  warnings?: string[];
  /** Set when the question was not put because the call could not be made anyway (see Tool.beforeAsking): why. */
  notAsked?: string;
  /** For ask: an answer holds for this call only, so "always" saves nothing (see PermissionResult's writtenRulesOnly). */
  answerHoldsOnce?: boolean;
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

/** A permission context: default mode and no rules unless given. */
export function createPermissionContext(options: Partial<ToolPermissionContext> = {}): ToolPermissionContext {
  return {
    mode: options.mode ?? "default",
    rules: options.rules ?? [],
    additionalDirectories: options.additionalDirectories ?? [],
    families: options.families ?? NO_RULE_FAMILIES,
  };
}

/** True when `toolName` is one of the names of `family`. */
export function isFamilyName(families: RuleFamilies, family: RuleFamily, toolName: string): boolean {
  return families[family].includes(toolName);
}

/** A rule as users write it. */
export function formatRule(rule: Pick<PermissionRule, "toolName" | "ruleContent">): string {
  return rule.ruleContent === undefined ? rule.toolName : `${rule.toolName}(${rule.ruleContent})`;
}
