/** The shapes of the hook system: hooks as configured, and what running them came to. */
import type { RuleSource } from "../permissions/types.ts";

/** The hook events toolshed runs, in the settings shape users already write. */
export const HOOK_EVENTS = [
  "PreToolUse",
  "PostToolUse",
  "UserPromptSubmit",
  "Stop",
  "SubagentStop",
  "SessionStart",
  "SessionEnd",
  "PreCompact",
  "Notification",
] as const;
export type HookEvent = (typeof HOOK_EVENTS)[number];

/** How long a hook may run when its settings give no timeout, in seconds. */
export const DEFAULT_HOOK_TIMEOUT_SECONDS = 60;

/**
 * SessionEnd hooks run while the program is closing, so one without a timeout of its own gets
 * this much (the leading agent's 1.5 s budget); a longer timeout in the settings raises it.
 */
export const SESSION_END_DEFAULT_TIMEOUT_SECONDS = 1.5;

/** The timeout of a hook of `event` whose settings give none, in seconds. */
export function defaultHookTimeoutSeconds(event: HookEvent): number {
  return event === "SessionEnd" ? SESSION_END_DEFAULT_TIMEOUT_SECONDS : DEFAULT_HOOK_TIMEOUT_SECONDS;
}

/** One configured command hook, with where it came from. */
export interface HookDefinition {
  event: HookEvent;
  /**
   * What it runs for: a name, `|`-separated names, a regular expression, or "" / `*` for all.
   * Tool events match the tool's name; SessionStart its source, SessionEnd its reason,
   * PreCompact its trigger, Notification its type, SubagentStop the agent type. The other
   * events have no matcher and run for every occasion.
   */
  matcher: string;
  /** Run through the shell in the session's working folder. */
  command: string;
  timeoutSeconds: number;
  source: RuleSource;
  /** The settings file (or "--settings") that holds it. */
  where: string;
}

/** A hook's answer about one call before it runs. */
export type HookOpinion = "allow" | "ask" | "deny";

/**
 * What one hook run came to: an opinion, a block (with its reason), no opinion (maybe with
 * context for the model), a halt (`continue: false`: stop the run), or a failure (a warning,
 * never an allow).
 */
export type HookOutcome =
  | { kind: "opinion"; opinion: HookOpinion; reason?: string }
  | { kind: "block"; reason?: string }
  | { kind: "none"; context?: string }
  | { kind: "halt"; reason?: string }
  | { kind: "failed"; problem: string };

/** One hook and what its run came to. */
export interface HookRun {
  hook: HookDefinition;
  outcome: HookOutcome;
}

/** How a hook is named in reasons and warnings. */
export function describeHook(hook: Pick<HookDefinition, "event" | "command" | "where">): string {
  return `the ${hook.event} hook "${hook.command}" (${hook.where})`;
}

/** How a hook is written where a rule would be. */
export function hookRuleText(hook: Pick<HookDefinition, "event" | "command">): string {
  return `${hook.event} hook "${hook.command}"`;
}
