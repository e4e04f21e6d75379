/**
 * PreCompact: runs before a conversation is summarized; the matcher selects the trigger
 * (`manual` for a person's request, `auto` when the context window fills up). A block (exit 2,
 * `decision: "block"`) stops the compaction.
 */
import { reportHookFailures, runHooks, type HookScope } from "./runHooks.ts";
import { describeHook } from "./types.ts";

export type CompactTrigger = "manual" | "auto";

/** Runs the PreCompact hooks; returns why the compaction may not happen (a hook and its reason), or undefined when it may. */
export async function runPreCompactHooks(scope: HookScope, request: { trigger: CompactTrigger; customInstructions?: string }): Promise<string | undefined> {
  const runs = await runHooks({
    scope,
    event: "PreCompact",
    matchValues: [request.trigger],
    fields: { trigger: request.trigger, custom_instructions: request.customInstructions ?? null },
  });
  reportHookFailures(runs, scope);
  const block = runs.find(({ outcome }) => outcome.kind === "block");
  if (block === undefined || block.outcome.kind !== "block") return undefined;
  return `${describeHook(block.hook)} blocked the compaction: ${block.outcome.reason ?? "it gave no reason"}`;
}
