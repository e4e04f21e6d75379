/** The shapes of the hook system: hooks as configured, and what running them came to. */
import type { RuleSource } from "../permissions/types.ts";

/** The hook events toolshed runs, in the settings shape users already write. */
export const HOOK_EVENTS = ["PreToolUse", "PostToolUse"] as const;
export type HookEvent = (typeof HOOK_EVENTS)[number];

/** How long a hook may run when its settings give no timeout, in seconds. */
export const DEFAULT_HOOK_TIMEOUT_SECONDS = 60;

/** One configured command hook, with where it came from. */
export interface HookDefinition {
  event: HookEvent;
  /** Which tools it runs for: a name, `|`-separated names, a regular expression, or "" / `*` for all. */
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

/** What one hook run came to: an opinion, feedback, no opinion, or a failure (a warning, never an allow). */
export type HookOutcome =
  | { kind: "opinion"; opinion: HookOpinion; reason?: string }
  | { kind: "block"; reason?: string }
  | { kind: "none"; context?: string }
  | { kind: "failed"; problem: string };

/** How a hook is named in reasons and warnings. */
export function describeHook(hook: Pick<HookDefinition, "event" | "command" | "where">): string {
  return `the ${hook.event} hook "${hook.command}" (${hook.where})`;
}

/** How a hook is written where a rule would be. */
export function hookRuleText(hook: Pick<HookDefinition, "event" | "command">): string {
  return `${hook.event} hook "${hook.command}"`;
}
