/** The result event of a run that ended before the model was asked anything (or could be). */
import type { ResultEvent } from "./events.ts";
import { emptyUsage } from "./usage.ts";

/** Why a turn ends before the person's message reaches the model: interrupted first, or a hook blocked it. */
const BEFORE_SENDING: ReadonlySet<string> = new Set(["aborted_hooks", "prompt_blocked"]);

/** True when the turn ended before the message reached the conversation: nothing of it was sent. */
export function endedBeforeSending(result: ResultEvent): boolean {
  return BEFORE_SENDING.has(result.terminal_reason);
}

/** A result saying what went wrong, with nothing counted. */
export function failedResult(sessionId: string, errors: string[], terminalReason: string): ResultEvent {
  return {
    type: "result",
    subtype: "error_during_execution",
    is_error: true,
    result: "",
    errors,
    session_id: sessionId,
    uuid: crypto.randomUUID(),
    num_turns: 0,
    duration_ms: 0,
    duration_api_ms: 0,
    total_cost_usd: 0,
    usage: emptyUsage(),
    modelUsage: {},
    permission_denials: [],
    stop_reason: null,
    terminal_reason: terminalReason,
  };
}
