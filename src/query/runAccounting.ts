/** What a run counts as it goes: the usage of every answer (priced per model) and the time spent waiting on the API. */
import { createUsageTracker, type UsageTracker } from "./usage.ts";

export interface RunAccounting {
  usage: UsageTracker;
  apiMilliseconds: number;
}

/** Nothing counted yet. */
export function createRunAccounting(env?: Record<string, string | undefined>): RunAccounting {
  return { usage: createUsageTracker(env), apiMilliseconds: 0 };
}
