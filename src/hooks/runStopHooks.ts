/**
 * Stop and SubagentStop: run when an agent answers without calling a tool and its run would end.
 * A block (exit 2 with the reason on standard error, `decision: "block"` with a `reason`) or
 * `additionalContext` sends the agent back to work with that text; `continue: false` lets the
 * run end whatever the others said. The loop bounds how often in a row this can happen.
 */
import type { StopFeedback } from "./prompt.ts";
import { reportHookFailures, runHooks, type HookScope } from "./runHooks.ts";
import { describeHook } from "./types.ts";

/** Which stop event an agent's run fires: the main agent's, or a sub-agent's (matched by its type). */
export type StopHookEvent = { event: "Stop" } | { event: "SubagentStop"; agentId: string; agentType: string };

export interface StopRequest {
  stopHook: StopHookEvent;
  /** True when this stop already follows a continuation a stop hook asked for. */
  stopHookActive: boolean;
  /** The text of the answer that would end the run. */
  lastAssistantMessage: string;
}

/** What the hooks said: feedback that keeps the run going (empty: let it end), or a halt that ends it. */
export interface StopVerdict {
  feedback: StopFeedback[];
  /** Set when a hook answered `continue: false`: the run ends, and the person is told this. */
  halted?: string;
}

/** Runs the stop hooks of `request.stopHook`. */
export async function runStopHooks(scope: HookScope, request: StopRequest): Promise<StopVerdict> {
  const { stopHook } = request;
  const subagent = stopHook.event === "SubagentStop" ? { agent_id: stopHook.agentId, agent_type: stopHook.agentType } : {};
  const runs = await runHooks({
    scope,
    event: stopHook.event,
    matchValues: stopHook.event === "SubagentStop" ? [stopHook.agentType] : [],
    fields: { stop_hook_active: request.stopHookActive, last_assistant_message: request.lastAssistantMessage, ...subagent },
  });
  reportHookFailures(runs, scope);
  const halt = runs.find(({ outcome }) => outcome.kind === "halt");
  if (halt !== undefined && halt.outcome.kind === "halt") {
    return { feedback: [], halted: `${describeHook(halt.hook)} ended the run (continue: false)${halt.outcome.reason === undefined ? "" : `: ${halt.outcome.reason}`}` };
  }
  const feedback = runs.flatMap(({ hook, outcome }): StopFeedback[] => {
    if (outcome.kind === "block") return [{ hook, reason: outcome.reason }];
    if (outcome.kind === "none" && outcome.context !== undefined) return [{ hook, context: outcome.context }];
    return [];
  });
  return { feedback };
}
