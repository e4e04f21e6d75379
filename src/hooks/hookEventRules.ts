/**
 * What each hook event allows, in one table: what its matcher is tested against, whether a hook
 * can block it, whether plain standard output is context for the model, and whether
 * `continue: false` stops the run. interpretHookResult and the runners read it, so no event's
 * rules are spelled out twice.
 */
import type { HookEvent } from "./types.ts";

export interface HookEventRules {
  /** The matcher is tested against a tool's names, another value of the occasion, or nothing (every hook runs). */
  matcher: "tool" | "value" | "none";
  /** Exit 2 or `decision: "block"` means something (for PreToolUse: a deny). */
  canBlock: boolean;
  /** A block must say why (the reason is what the model is told). */
  blockNeedsReason: boolean;
  /** Plain standard output of a hook that exits 0 is context for the model. */
  plainOutputIsContext: boolean;
  /** `continue: false` (with `stopReason`) stops the run. */
  canHalt: boolean;
}

const rules = (matcher: HookEventRules["matcher"], canBlock: boolean, extra: Partial<HookEventRules> = {}): HookEventRules =>
  ({ matcher, canBlock, blockNeedsReason: false, plainOutputIsContext: false, canHalt: false, ...extra });

export const HOOK_EVENT_RULES: Readonly<Record<HookEvent, HookEventRules>> = {
  PreToolUse: rules("tool", true),
  PostToolUse: rules("tool", true),
  UserPromptSubmit: rules("none", true, { plainOutputIsContext: true, canHalt: true }),
  Stop: rules("none", true, { blockNeedsReason: true, canHalt: true }),
  SubagentStop: rules("value", true, { blockNeedsReason: true, canHalt: true }),
  SessionStart: rules("value", false, { plainOutputIsContext: true }),
  SessionEnd: rules("value", false),
  PreCompact: rules("value", true),
  Notification: rules("value", false),
};
