/** The shapes of the hook system: hooks as configured, and what running them decided. */
import type { RuleSource } from "../permissions/types.ts";

/** The one hook event toolshed runs: before a tool call, as part of the permission decision. */
export const HOOK_EVENT = "PreToolUse";

/** How long a hook may run when its settings give no timeout, in seconds. */
export const DEFAULT_HOOK_TIMEOUT_SECONDS = 60;

/** One configured command hook, with where it came from. */
export interface HookDefinition {
  /** Which tools it runs for: a name, `|`-separated names, a regular expression, or "" / `*` for all. */
  matcher: string;
  /** Run through the shell in the session's working folder. */
  command: string;
  timeoutSeconds: number;
  source: RuleSource;
  /** The settings file (or "--settings") that holds it. */
  where: string;
}

/** A hook's answer about one call. */
export type HookOpinion = "allow" | "ask" | "deny";

/** What one hook run came to: an opinion, no opinion, or a failure (a warning, never an allow). */
export type HookOutcome =
  | { kind: "opinion"; opinion: HookOpinion; reason?: string }
  | { kind: "none" }
  | { kind: "failed"; problem: string };

/** The hooks' combined say about a call: the deciding hook, or none. */
export interface HooksVerdict {
  opinion?: HookOpinion;
  hook?: HookDefinition;
  reason?: string;
  /** One line per hook that failed (and any allow that was dropped because of it). */
  warnings: string[];
}

/** How a hook is named in reasons and warnings. */
export function describeHook(hook: Pick<HookDefinition, "command" | "where">): string {
  return `the PreToolUse hook "${hook.command}" (${hook.where})`;
}
