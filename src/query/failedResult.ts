/** The result event of a run that ended before the model was asked anything (or could be). */
import type { ResultEvent } from "./events.ts";
import { emptyUsage } from "./usage.ts";

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
