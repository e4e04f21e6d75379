/** Every word the session's hook events add to what the model reads (the tool stages say theirs where they run). */
import type { HookDefinition } from "./types.ts";

type NamedHook = Pick<HookDefinition, "event" | "command">;

/** Context a UserPromptSubmit or SessionStart hook added to a user message, marked as the hook's and not the person's. */
export function hookContextText(hook: NamedHook, text: string): string {
  return `Context added by the ${hook.event} hook "${hook.command}" (it was not typed by the user):\n${text}`;
}

/** One line of what a Stop or SubagentStop hook said when it kept the turn going. */
export interface StopFeedback {
  hook: NamedHook;
  /** A block's reason. */
  reason?: string;
  /** Context it added instead of blocking. */
  context?: string;
}

/** The user message that sends the model back to work after a Stop or SubagentStop hook blocked the end of its turn. */
export function stopFeedbackText(feedback: readonly StopFeedback[]): string {
  const lines = feedback.map(({ hook, reason, context }) =>
    reason !== undefined ? `- The ${hook.event} hook "${hook.command}" did not let the turn end: ${reason}` : `- The ${hook.event} hook "${hook.command}" adds: ${context ?? ""}`);
  return `Before your turn could end, hooks of this session said:\n${lines.join("\n")}\nDeal with this, then end your turn again.`;
}
