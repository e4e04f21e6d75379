/**
 * The one runner under every hook event: picks the hooks of an event whose matcher selects the
 * occasion, runs them all at once, each with its JSON on standard input (the fields every event
 * shares, then the event's own), and returns what each came to. Tool events (runToolHooks) and
 * the session's events (prompts, stops, compaction, notifications) are built on it.
 */
import type { ToolUseContext } from "../Tool.ts";
import { HOOK_EVENT_RULES } from "./hookEventRules.ts";
import { interpretHookResult } from "./interpretHookResult.ts";
import { matchHookValue } from "./matchHookMatcher.ts";
import { runHookCommand } from "./runHookCommand.ts";
import { describeHook, type HookDefinition, type HookEvent, type HookRun } from "./types.ts";

/** Where hooks run and what every hook's input carries. */
export interface HookScope {
  readonly hooks: readonly HookDefinition[];
  readonly sessionId: string;
  readonly cwd: string;
  readonly permissionMode: string;
  /** The session's transcript file, when there is one. */
  readonly transcriptPath?: string;
  /** Stops the hooks that are still running (an interrupt). */
  readonly signal?: AbortSignal;
  /** Where a hook's failure is reported to the person, one line each. */
  readonly warn?: (text: string) => void;
}

/** The parts of a context a hook scope is made from. */
export type HookScopeSource = Pick<ToolUseContext, "hooks" | "sessionId" | "cwd" | "getAppState" | "abortController" | "onWarning">;

/** The scope of a context (the session's, or a sub-agent's), its permission mode as it is now. */
export function hookScopeOf(context: HookScopeSource, extra: { transcriptPath?: string; signal?: AbortSignal } = {}): HookScope {
  return {
    hooks: context.hooks,
    sessionId: context.sessionId,
    cwd: context.cwd,
    permissionMode: context.getAppState().toolPermissionContext.mode,
    ...(extra.transcriptPath === undefined ? {} : { transcriptPath: extra.transcriptPath }),
    signal: extra.signal ?? context.abortController.signal,
    ...(context.onWarning === undefined ? {} : { warn: context.onWarning }),
  };
}

export interface HooksRequest {
  scope: HookScope;
  event: HookEvent;
  /** What the matchers are tested against (a tool's names, a source, a type); ignored for events without a matcher. */
  matchValues?: readonly string[];
  /** The event's own input fields. */
  fields?: { [key: string]: unknown };
  /** The longest any one hook may run, whatever its own timeout (a budget such as SessionEnd's). */
  maxTimeoutMs?: number;
}

/** The hooks of `event` that apply, each command once (the highest source's copy). */
export function selectHooks(hooks: readonly HookDefinition[], event: HookEvent, matchValues: readonly string[] = []): HookDefinition[] {
  const matched = HOOK_EVENT_RULES[event].matcher === "none" ? () => true : (hook: HookDefinition) => matchHookValue(hook.matcher, matchValues);
  const seen = new Set<string>();
  return hooks.filter((hook) => {
    if (hook.event !== event || !matched(hook) || seen.has(hook.command)) return false;
    seen.add(hook.command);
    return true;
  });
}

/** Runs the matching hooks; an empty list when none match (nothing is started). Never throws. */
export async function runHooks(request: HooksRequest): Promise<HookRun[]> {
  const { scope, event } = request;
  const selected = selectHooks(scope.hooks, event, request.matchValues);
  if (selected.length === 0) return [];
  const input = JSON.stringify({
    hook_event_name: event,
    session_id: scope.sessionId,
    ...(scope.transcriptPath === undefined ? {} : { transcript_path: scope.transcriptPath }),
    cwd: scope.cwd,
    permission_mode: scope.permissionMode,
    ...request.fields,
  });
  const env = { ...process.env, TOOLSHED_PROJECT_DIR: scope.cwd };
  return Promise.all(selected.map(async (hook) => {
    const timeoutMs = Math.min(hook.timeoutSeconds * 1000, request.maxTimeoutMs ?? Number.POSITIVE_INFINITY);
    const result = await runHookCommand({ command: hook.command, cwd: scope.cwd, input, timeoutMs, signal: scope.signal, env });
    return { hook, outcome: interpretHookResult(result, timeoutMs / 1000, event) };
  }));
}

/** Tells the person about every hook that failed. */
export function reportHookFailures(runs: readonly HookRun[], scope: Pick<HookScope, "warn">): void {
  for (const { hook, outcome } of runs) {
    if (outcome.kind === "failed") scope.warn?.(`${describeHook(hook)} ${outcome.problem}`);
  }
}
