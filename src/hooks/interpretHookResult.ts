/**
 * What a finished hook said. Exit 2 denies with standard error as the reason; exit 0 may answer
 * in JSON on standard output (`hookSpecificOutput.permissionDecision`, or the older top-level
 * `decision: approve | block`); exit 0 with no JSON has no opinion. Anything else (another exit
 * code, a signal, a timeout, JSON that does not parse or fit) is a failure: a warning, and never
 * an allow.
 */
import { z } from "zod";
import type { HookRunResult } from "./runHookCommand.ts";
import { HOOK_EVENT, type HookOutcome } from "./types.ts";

const hookOutputSchema = z.looseObject({
  hookSpecificOutput: z.looseObject({
    hookEventName: z.string().optional(),
    permissionDecision: z.enum(["allow", "deny", "ask"]).optional(),
    permissionDecisionReason: z.string().optional(),
  }).optional(),
  decision: z.enum(["approve", "block"]).optional(),
  reason: z.string().optional(),
});

/** The first lines of a stream, for a warning. */
function excerpt(text: string): string {
  const trimmed = text.trim();
  if (trimmed === "") return "";
  const short = trimmed.length > 300 ? `${trimmed.slice(0, 300)}…` : trimmed;
  return `: ${short.replace(/\s*\n\s*/g, " | ")}`;
}

function parseJsonAnswer(stdout: string): HookOutcome {
  let value: unknown;
  try {
    value = JSON.parse(stdout);
  } catch (error) {
    return { kind: "failed", problem: `printed JSON that does not parse (${(error as Error).message})` };
  }
  const parsed = hookOutputSchema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return { kind: "failed", problem: `printed JSON of the wrong shape (${issue?.path.map(String).join(".") || "(top level)"}: ${issue?.message ?? "invalid"})` };
  }
  const specific = parsed.data.hookSpecificOutput;
  if (specific !== undefined) {
    if (specific.hookEventName !== undefined && specific.hookEventName !== HOOK_EVENT) {
      return { kind: "failed", problem: `answered for the event "${specific.hookEventName}" instead of ${HOOK_EVENT}` };
    }
    if (specific.permissionDecision !== undefined) {
      return { kind: "opinion", opinion: specific.permissionDecision, reason: specific.permissionDecisionReason };
    }
  }
  if (parsed.data.decision === "block") return { kind: "opinion", opinion: "deny", reason: parsed.data.reason };
  if (parsed.data.decision === "approve") return { kind: "opinion", opinion: "allow", reason: parsed.data.reason };
  return { kind: "none" };
}

/** Turns a finished run into the hook's answer. */
export function interpretHookResult(result: HookRunResult, timeoutSeconds: number): HookOutcome {
  if (result.startError !== undefined) return { kind: "failed", problem: `could not be started (${result.startError})` };
  if (result.timedOut) return { kind: "failed", problem: `did not finish within ${timeoutSeconds} s and was stopped` };
  if (result.aborted) return { kind: "failed", problem: "was stopped because the call was interrupted" };
  if (result.exitCode === null) return { kind: "failed", problem: `was ended by the signal ${result.signalCode ?? "(unknown)"}${excerpt(result.stderr)}` };
  if (result.exitCode === 2) return { kind: "opinion", opinion: "deny", reason: result.stderr.trim() || undefined };
  if (result.exitCode !== 0) return { kind: "failed", problem: `failed with exit code ${result.exitCode}${excerpt(result.stderr)}` };
  const stdout = result.stdout.trim();
  if (stdout.startsWith("{") || stdout.startsWith("[")) return parseJsonAnswer(stdout);
  return { kind: "none" };
}
