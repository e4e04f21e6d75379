/**
 * SessionEnd: runs as a session ends (the matcher selects the reason). The program is closing,
 * so the hooks get a budget: 1.5 s, raised to the longest timeout of a matching hook (at most
 * 60 s), or TOOLSHED_SESSIONEND_HOOKS_TIMEOUT_MS; a hook still running then is stopped. What
 * the hooks print is ignored; a failure only warns.
 */
import { reportHookFailures, runHooks, selectHooks, type HookScope } from "./runHooks.ts";
import { SESSION_END_DEFAULT_TIMEOUT_SECONDS } from "./types.ts";

export type SessionEndReason = "clear" | "resume" | "logout" | "prompt_input_exit" | "other";

/** The most the budget is raised to by the hooks' own timeouts. */
export const SESSION_END_MAX_BUDGET_MS = 60_000;

/** How long the SessionEnd hooks of `scope` may take for `reason`, in milliseconds. */
export function sessionEndBudgetMs(scope: Pick<HookScope, "hooks">, reason: SessionEndReason, env: Record<string, string | undefined> = process.env): number {
  const override = env.TOOLSHED_SESSIONEND_HOOKS_TIMEOUT_MS?.trim();
  if (override !== undefined && /^\d+$/.test(override) && Number(override) > 0) return Number(override);
  const longest = Math.max(SESSION_END_DEFAULT_TIMEOUT_SECONDS, ...selectHooks(scope.hooks, "SessionEnd", [reason]).map((hook) => hook.timeoutSeconds));
  return Math.min(longest * 1000, SESSION_END_MAX_BUDGET_MS);
}

/** Runs the SessionEnd hooks within their budget; never throws, and ends by the budget at the latest. */
export async function runSessionEndHooks(scope: HookScope, reason: SessionEndReason, env?: Record<string, string | undefined>): Promise<void> {
  if (selectHooks(scope.hooks, "SessionEnd", [reason]).length === 0) return;
  const runs = await runHooks({ scope, event: "SessionEnd", matchValues: [reason], fields: { reason }, maxTimeoutMs: sessionEndBudgetMs(scope, reason, env) });
  reportHookFailures(runs, scope);
}
