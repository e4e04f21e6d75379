/**
 * UserPromptSubmit: runs before a prompt is sent. Plain output or `additionalContext` is context
 * added to the message; a block (exit 2, `decision: "block"`, or `continue: false`) keeps the
 * prompt from being sent, and its reason is for the person, never the model.
 */
import { hookContextText } from "./prompt.ts";
import { reportHookFailures, runHooks, type HookScope } from "./runHooks.ts";
import { describeHook } from "./types.ts";

/** What the hooks said about one prompt. */
export interface PromptVerdict {
  /** Set when a hook blocked the prompt: what the person is told (the hook and its reason). */
  blocked?: string;
  /** Text for the model, each marked as a hook's, to go after the prompt. */
  context: string[];
}

/** Runs the UserPromptSubmit hooks for `prompt` (its text). */
export async function runUserPromptSubmitHooks(scope: HookScope, prompt: string): Promise<PromptVerdict> {
  const runs = await runHooks({ scope, event: "UserPromptSubmit", fields: { prompt } });
  reportHookFailures(runs, scope);
  for (const { hook, outcome } of runs) {
    if (outcome.kind === "block" || outcome.kind === "halt") {
      const how = outcome.kind === "block" ? "blocked this prompt" : "stopped this prompt (continue: false)";
      return { blocked: `${describeHook(hook)} ${how}, so it was not sent: ${outcome.reason ?? "it gave no reason"}`, context: [] };
    }
  }
  const context = runs.flatMap(({ hook, outcome }) => (outcome.kind === "none" && outcome.context !== undefined ? [hookContextText(hook, outcome.context)] : []));
  return { context };
}
