/**
 * The loop's side of Stop and SubagentStop hooks: when the model ends its turn, the stop hooks
 * may send it back to work with a user message. At most MAX_STOP_HOOK_CONTINUATIONS times in a
 * row; after that the run ends as it would have, with a warning, so a hook cannot loop forever.
 */
import type { ToolUseContext } from "../Tool.ts";
import { stopFeedbackText } from "../hooks/prompt.ts";
import { hookScopeOf, selectHooks } from "../hooks/runHooks.ts";
import { runStopHooks, type StopHookEvent } from "../hooks/runStopHooks.ts";
import type { ConversationMessage } from "./conversation.ts";

/** How many times in a row stop hooks may keep one run going. */
export const MAX_STOP_HOOK_CONTINUATIONS = 8;

export interface StopHookRequest {
  context: ToolUseContext;
  stopHook: StopHookEvent;
  /** Continuations the stop hooks already caused in this run. */
  continuations: number;
  lastAssistantMessage: string;
  transcriptPath?: string;
  signal: AbortSignal;
}

/** The message that sends the model back to work, or undefined when the run may end. */
export async function stopHookFeedback(request: StopHookRequest): Promise<ConversationMessage | undefined> {
  const { context, stopHook } = request;
  const values = stopHook.event === "SubagentStop" ? [stopHook.agentType] : [];
  // An interrupted run is not sent back to work, and its hooks are not started.
  if (request.signal.aborted || selectHooks(context.hooks, stopHook.event, values).length === 0) return undefined;
  const scope = hookScopeOf(context, { transcriptPath: request.transcriptPath, signal: request.signal });
  const verdict = await runStopHooks(scope, {
    stopHook,
    stopHookActive: request.continuations > 0,
    lastAssistantMessage: request.lastAssistantMessage,
  });
  if (verdict.halted !== undefined) {
    scope.warn?.(verdict.halted);
    return undefined;
  }
  if (verdict.feedback.length === 0) return undefined;
  if (request.continuations >= MAX_STOP_HOOK_CONTINUATIONS) {
    scope.warn?.(`${stopHook.event} hooks kept the run going ${MAX_STOP_HOOK_CONTINUATIONS} times in a row; this time the run ends anyway`);
    return undefined;
  }
  return { role: "user", content: [{ type: "text", text: stopFeedbackText(verdict.feedback) }] };
}
