/**
 * What a finished hook said. Exit 2 is the hook's "no": before a call it denies, elsewhere it
 * blocks with standard error as the reason (for events that can be blocked). Exit 0 may answer
 * in JSON on standard output (`hookSpecificOutput.permissionDecision`, the older top-level
 * `decision: approve | block`, `additionalContext`, `continue: false`); exit 0 with plain text is
 * context for the events that take it (UserPromptSubmit, SessionStart) and no opinion elsewhere.
 * Anything else (another exit code, a signal, a timeout, JSON that does not parse or fit) is a
 * failure: a warning, never an allow.
 */
import { z } from "../schema/zod.ts";
import { lazy } from "../lazy.ts";
import { HOOK_EVENT_RULES } from "./hookEventRules.ts";
import type { HookRunResult } from "./runHookCommand.ts";
import type { HookEvent, HookOutcome } from "./types.ts";

const hookOutputSchema = lazy(() => z.looseObject({
  continue: z.optional(z.boolean()),
  stopReason: z.optional(z.string()),
  hookSpecificOutput: z.optional(z.looseObject({
    hookEventName: z.optional(z.string()),
    permissionDecision: z.optional(z.enum(["allow", "deny", "ask"])),
    permissionDecisionReason: z.optional(z.string()),
    additionalContext: z.optional(z.string()),
  })),
  decision: z.optional(z.enum(["approve", "block"])),
  reason: z.optional(z.string()),
}));

/** The first lines of a stream, for a warning. */
function excerpt(text: string): string {
  const trimmed = text.trim();
  if (trimmed === "") return "";
  const short = trimmed.length > 300 ? `${trimmed.slice(0, 300)}…` : trimmed;
  return `: ${short.replace(/\s*\n\s*/g, " | ")}`;
}

function nonEmpty(text: string | undefined): string | undefined {
  const trimmed = text?.trim();
  return trimmed === undefined || trimmed === "" ? undefined : trimmed;
}

/** A block, for the events that can be blocked: Stop and SubagentStop need the reason they tell the model. */
function blockOutcome(event: HookEvent, reason: string | undefined, how: string): HookOutcome {
  const rules = HOOK_EVENT_RULES[event];
  if (!rules.canBlock) return { kind: "failed", problem: `${how}, but ${event} hooks cannot block anything${reason === undefined ? "" : `: ${reason}`}` };
  if (rules.blockNeedsReason && reason === undefined) return { kind: "failed", problem: `${how} without a reason, and a ${event} block needs one (it is what the model is told)` };
  return { kind: "block", reason };
}

function parseJsonAnswer(stdout: string, event: HookEvent): HookOutcome {
  let value: unknown;
  try {
    value = JSON.parse(stdout);
  } catch (error) {
    return { kind: "failed", problem: `printed JSON that does not parse (${(error as Error).message})` };
  }
  const parsed = hookOutputSchema().safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return { kind: "failed", problem: `printed JSON of the wrong shape (${issue?.path.map(String).join(".") || "(top level)"}: ${issue?.message ?? "invalid"})` };
  }
  const answer = parsed.data;
  const specific = answer.hookSpecificOutput;
  if (specific?.hookEventName !== undefined && specific.hookEventName !== event) {
    return { kind: "failed", problem: `answered for the event "${specific.hookEventName}" instead of ${event}` };
  }
  if (event === "PreToolUse") {
    if (specific?.permissionDecision !== undefined) {
      return { kind: "opinion", opinion: specific.permissionDecision, reason: specific.permissionDecisionReason };
    }
    if (answer.decision === "block") return { kind: "opinion", opinion: "deny", reason: answer.reason };
    if (answer.decision === "approve") return { kind: "opinion", opinion: "allow", reason: answer.reason };
    return { kind: "none" };
  }
  // `continue: false` comes before any decision: the run stops, whatever else the hook said.
  if (answer.continue === false && HOOK_EVENT_RULES[event].canHalt) return { kind: "halt", reason: nonEmpty(answer.stopReason) };
  if (answer.decision === "block" && HOOK_EVENT_RULES[event].canBlock) return blockOutcome(event, nonEmpty(answer.reason), 'answered "block"');
  return { kind: "none", context: nonEmpty(specific?.additionalContext) };
}

/** Turns a finished run of a hook for `event` into its answer. */
export function interpretHookResult(result: HookRunResult, timeoutSeconds: number, event: HookEvent): HookOutcome {
  if (result.startError !== undefined) return { kind: "failed", problem: `could not be started (${result.startError})` };
  if (result.timedOut) return { kind: "failed", problem: `did not finish within ${timeoutSeconds} s and was stopped` };
  if (result.aborted) return { kind: "failed", problem: "was stopped because the call was interrupted" };
  if (result.exitCode === null) return { kind: "failed", problem: `was ended by the signal ${result.signalCode ?? "(unknown)"}${excerpt(result.stderr)}` };
  if (result.exitCode === 2) {
    const reason = nonEmpty(result.stderr);
    return event === "PreToolUse" ? { kind: "opinion", opinion: "deny", reason } : blockOutcome(event, reason, "exited with 2");
  }
  if (result.exitCode !== 0) return { kind: "failed", problem: `failed with exit code ${result.exitCode}${excerpt(result.stderr)}` };
  const stdout = result.stdout.trim();
  const contextEvent = HOOK_EVENT_RULES[event].plainOutputIsContext;
  // Where plain text is context, only an object is an answer: "[main] 3 files changed" is text.
  if (stdout.startsWith("{") || (stdout.startsWith("[") && !contextEvent)) return parseJsonAnswer(stdout, event);
  if (stdout !== "" && contextEvent) return { kind: "none", context: stdout };
  return { kind: "none" };
}
