/** Runs tasks with at most `limit` of them at once, in the order given. */

/** Runs `work` for every item, `limit` at a time; resolves when all have settled. */
export async function runBounded<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  // One iterator shared by every lane: each lane takes the next item when it is free.
  const queue = items[Symbol.iterator]();
  const lane = async () => {
    for (let step = queue.next(); step.done !== true; step = queue.next()) await work(step.value);
  };
  await Promise.all(Array.from({ length: Math.min(Math.max(1, limit), items.length) }, lane));
}
