/** Keeps the newest of many files without sorting them all: most files are turned away by one comparison. */

export interface TimedPath {
  path: string;
  mtimeMs: number;
}

/** Newer first; equal times by path, so the order is stable. */
export function compareNewestFirst(a: TimedPath, b: TimedPath): number {
  return b.mtimeMs - a.mtimeMs || (a.path < b.path ? -1 : a.path > b.path ? 1 : 0);
}

/** The `limit` newest files offered so far, in order, and how many were offered. */
export class NewestFiles {
  private readonly kept: TimedPath[] = [];
  private offered = 0;

  constructor(private readonly limit: number) {}

  /** Offers one file. */
  offer(path: string, mtimeMs: number): void {
    this.offered++;
    const { kept, limit } = this;
    const entry = { path, mtimeMs };
    if (kept.length === limit && compareNewestFirst(entry, kept[limit - 1] as TimedPath) >= 0) return;
    let low = 0;
    let high = kept.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (compareNewestFirst(kept[middle] as TimedPath, entry) <= 0) low = middle + 1;
      else high = middle;
    }
    kept.splice(low, 0, entry);
    if (kept.length > limit) kept.pop();
  }

  /** The kept files, newest first. */
  get newest(): readonly TimedPath[] {
    return this.kept;
  }

  /** How many files were offered in all. */
  get total(): number {
    return this.offered;
  }
}
