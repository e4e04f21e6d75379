/**
 * Accounting for a sub-agent's run: its own totals (for the Agent tool's result), with every
 * request also counted where the caller counts, as it happens, so the caller's budget and result
 * include what its sub-agents spent.
 */
import type { RunAccounting } from "./runAccounting.ts";
import { createUsageTracker, type UsageTracker } from "./usage.ts";

export function createChildAccounting(parent: RunAccounting, env?: Record<string, string | undefined>): RunAccounting {
  const own = createUsageTracker(env);
  let apiMilliseconds = 0;
  const usage: UsageTracker = {
    add(model, requestUsage, messageId) {
      own.add(model, requestUsage, messageId);
      parent.usage.add(model, requestUsage, messageId);
    },
    summary: () => own.summary(),
  };
  return {
    usage,
    // The caller's limit holds for what the caller and all its sub-agents spend together.
    get budget() {
      return parent.budget;
    },
    get apiMilliseconds() {
      return apiMilliseconds;
    },
    set apiMilliseconds(value: number) {
      parent.apiMilliseconds += value - apiMilliseconds;
      apiMilliseconds = value;
    },
  };
}
