/**
 * A fixed number of slots for work that each keeps a core busy (compiles): a job waits for a free
 * slot, runs, and hands its slot to the next job waiting, in the order they came.
 */
import { availableParallelism } from "node:os";

export interface BuildSlots {
  run<T>(job: () => Promise<T>): Promise<T>;
}

/** Slots for `count` jobs at once; one per core by default. */
export function createBuildSlots(count = availableParallelism()): BuildSlots {
  let free = Math.max(1, count);
  const waiting: (() => void)[] = [];
  return {
    async run(job) {
      if (free > 0) free--;
      else await new Promise<void>((resolve) => waiting.push(resolve));
      try {
        return await job();
      } finally {
        const next = waiting.shift();
        if (next === undefined) free++;
        else next();
      }
    },
  };
}
