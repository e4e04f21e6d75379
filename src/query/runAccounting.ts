/** What a run counts as it goes: the usage of every answer (priced per model) and the time spent waiting on the API. */
import { createUsageTracker, type UsageTracker } from "./usage.ts";

/** A run's spending limit: every loop counting into this accounting (its sub-agents' too) stops at it. */
export interface RunBudget {
  maxUsd: number;
  spentUsd(): number;
}

export interface RunAccounting {
  usage: UsageTracker;
  apiMilliseconds: number;
  budget?: RunBudget;
}

/** Nothing counted yet. */
export function createRunAccounting(env?: Record<string, string | undefined>): RunAccounting {
  return { usage: createUsageTracker(env), apiMilliseconds: 0 };
}
