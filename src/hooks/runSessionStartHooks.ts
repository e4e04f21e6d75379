/**
 * SessionStart: runs when a session starts (`startup`) or continues one (`resume`); the matcher
 * selects the source. Plain output or `additionalContext` is context for the first message
 * sent. It cannot block: a hook that tries only warns the person.
 */
import { hookContextText } from "./prompt.ts";
import { reportHookFailures, runHooks, type HookScope } from "./runHooks.ts";

export type SessionStartSource = "startup" | "resume" | "clear" | "compact";

/** Runs the SessionStart hooks; returns their context, each marked as a hook's. */
export async function runSessionStartHooks(scope: HookScope, start: { source: SessionStartSource; model?: string }): Promise<string[]> {
  const runs = await runHooks({
    scope,
    event: "SessionStart",
    matchValues: [start.source],
    fields: { source: start.source, ...(start.model === undefined ? {} : { model: start.model }) },
  });
  reportHookFailures(runs, scope);
  return runs.flatMap(({ hook, outcome }) => (outcome.kind === "none" && outcome.context !== undefined ? [hookContextText(hook, outcome.context)] : []));
}
