/**
 * What a finished hook said. Exit 2 is the hook's "no": before a call it denies, after a call it
 * sends standard error back to the model. Exit 0 may answer in JSON on standard output
 * (`hookSpecificOutput.permissionDecision`, the older top-level `decision: approve | block`, or
 * `additionalContext`); exit 0 with no JSON has no opinion. Anything else (another exit code, a
 * signal, a timeout, JSON that does not parse or fit) is a failure: a warning, never an allow.
 */
import * as z from "zod/mini";
import { lazy } from "../lazy.ts";
import type { HookRunResult } from "./runHookCommand.ts";
import type { HookEvent, HookOutcome } from "./types.ts";

const hookOutputSchema = lazy(() => z.looseObject({
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
  const specific = parsed.data.hookSpecificOutput;
  if (specific?.hookEventName !== undefined && specific.hookEventName !== event) {
    return { kind: "failed", problem: `answered for the event "${specific.hookEventName}" instead of ${event}` };
  }
  if (event === "PreToolUse") {
    if (specific?.permissionDecision !== undefined) {
      return { kind: "opinion", opinion: specific.permissionDecision, reason: specific.permissionDecisionReason };
    }
    if (parsed.data.decision === "block") return { kind: "opinion", opinion: "deny", reason: parsed.data.reason };
    if (parsed.data.decision === "approve") return { kind: "opinion", opinion: "allow", reason: parsed.data.reason };
    return { kind: "none" };
  }
  if (parsed.data.decision === "block") return { kind: "block", reason: parsed.data.reason };
  return { kind: "none", context: specific?.additionalContext };
}

/** Turns a finished run of a hook for `event` into its answer. */
export function interpretHookResult(result: HookRunResult, timeoutSeconds: number, event: HookEvent): HookOutcome {
  if (result.startError !== undefined) return { kind: "failed", problem: `could not be started (${result.startError})` };
  if (result.timedOut) return { kind: "failed", problem: `did not finish within ${timeoutSeconds} s and was stopped` };
  if (result.aborted) return { kind: "failed", problem: "was stopped because the call was interrupted" };
  if (result.exitCode === null) return { kind: "failed", problem: `was ended by the signal ${result.signalCode ?? "(unknown)"}${excerpt(result.stderr)}` };
  if (result.exitCode === 2) {
    const reason = result.stderr.trim() || undefined;
    return event === "PreToolUse" ? { kind: "opinion", opinion: "deny", reason } : { kind: "block", reason };
  }
  if (result.exitCode !== 0) return { kind: "failed", problem: `failed with exit code ${result.exitCode}${excerpt(result.stderr)}` };
  const stdout = result.stdout.trim();
  if (stdout.startsWith("{") || stdout.startsWith("[")) return parseJsonAnswer(stdout, event);
  return { kind: "none" };
}
