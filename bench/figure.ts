/** What a benchmark reports: a figure compared with its goal (see benchmarks.md). */
export interface Figure {
  name: string;
  /** The measured value: a ratio, or MiB for memory figures. */
  value: number;
  goal: number;
  /** Printed after the value, e.g. "MiB"; empty for ratios. */
  unit?: string;
  /** What was measured, for the reader (absolute times, sample counts). */
  detail?: string;
}

export interface Benchmark {
  name: string;
  run(): Promise<Figure[]>;
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  if (sorted.length === 0) return Number.NaN;
  return sorted.length % 2 === 1 ? (sorted[middle] as number) : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

/**
 * Times `subject` and `reference` interleaved (A B A B ...) over `rounds` rounds and returns the
 * median of each and their ratio. Each sample is the time of one call of the function.
 */
export async function compareInterleaved(
  subject: () => unknown | Promise<unknown>,
  reference: () => unknown | Promise<unknown>,
  rounds: number,
): Promise<{ subjectMs: number; referenceMs: number; ratio: number }> {
  const subjectTimes: number[] = [];
  const referenceTimes: number[] = [];
  for (let round = 0; round < rounds; round++) {
    let started = performance.now();
    await subject();
    subjectTimes.push(performance.now() - started);
    started = performance.now();
    await reference();
    referenceTimes.push(performance.now() - started);
  }
  const subjectMs = median(subjectTimes);
  const referenceMs = median(referenceTimes);
  return { subjectMs, referenceMs, ratio: subjectMs / referenceMs };
}

export function formatFigure(figure: Figure): string {
  const value = figure.unit ? `${figure.value.toFixed(1)} ${figure.unit}` : figure.value.toFixed(2);
  const goal = figure.unit ? `${figure.goal} ${figure.unit}` : String(figure.goal);
  return `${figure.name}: ${value} (goal <= ${goal})`;
}
