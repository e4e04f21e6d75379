/**
 * The committed audit baseline: each flavor's sizes at the last accepted build. Every build is
 * compared with it (bytes and percent); `--update-baseline` writes the new sizes.
 */
import { readFileSync } from "node:fs";
import { z } from "zod";
import { writeFileAtomic } from "../../src/files/writeFileAtomic.ts";
import { BuildConfigError } from "./buildErrors.ts";

const FlavorSizesSchema = z.strictObject({
  jsBytes: z.number().int().nonnegative(),
  jsGzipBytes: z.number().int().nonnegative(),
  jsBrotliBytes: z.number().int().nonnegative(),
  binaryBytes: z.record(z.string(), z.number().int().nonnegative()),
});

const BaselineSchema = z.strictObject({
  bunVersion: z.string(),
  flavors: z.record(z.string(), FlavorSizesSchema),
});

export type FlavorSizes = z.infer<typeof FlavorSizesSchema>;
export type Baseline = z.infer<typeof BaselineSchema>;

/** One size against the baseline. */
export interface BaselineRow {
  flavor: string;
  metric: string;
  baseline: number | null;
  current: number;
  deltaBytes: number | null;
  deltaPercent: number | null;
}

/** The baseline file, or an empty baseline when it does not exist yet. */
export function readBaseline(file: string): Baseline {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch {
    return { bunVersion: Bun.version, flavors: {} };
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new BuildConfigError(`${file}: not valid JSON (${error instanceof Error ? error.message : String(error)}). Fix it or rebuild it with --update-baseline.`);
  }
  const parsed = BaselineSchema.safeParse(json);
  if (!parsed.success) {
    throw new BuildConfigError(`${file}: not an audit baseline (${parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`).join("; ")}). Fix it or rebuild it with --update-baseline.`);
  }
  return parsed.data;
}

function row(flavor: string, metric: string, baseline: number | undefined, current: number): BaselineRow {
  if (baseline === undefined) return { flavor, metric, baseline: null, current, deltaBytes: null, deltaPercent: null };
  const deltaBytes = current - baseline;
  return { flavor, metric, baseline, current, deltaBytes, deltaPercent: baseline === 0 ? null : (deltaBytes / baseline) * 100 };
}

/** Rows for every size built, against the baseline's (null where the baseline has none). */
export function compareWithBaseline(baseline: Baseline, current: Record<string, FlavorSizes>): BaselineRow[] {
  const rows: BaselineRow[] = [];
  for (const [flavor, sizes] of Object.entries(current)) {
    const old = baseline.flavors[flavor];
    rows.push(row(flavor, "js raw", old?.jsBytes, sizes.jsBytes));
    rows.push(row(flavor, "js gzip", old?.jsGzipBytes, sizes.jsGzipBytes));
    rows.push(row(flavor, "js brotli", old?.jsBrotliBytes, sizes.jsBrotliBytes));
    for (const [target, bytes] of Object.entries(sizes.binaryBytes)) rows.push(row(flavor, `binary ${target}`, old?.binaryBytes[target], bytes));
  }
  return rows;
}

/** Writes the baseline with the sizes built merged in (flavors and targets not built keep theirs). */
export function updateBaseline(file: string, baseline: Baseline, current: Record<string, FlavorSizes>): Baseline {
  const flavors: Baseline["flavors"] = { ...baseline.flavors };
  for (const [flavor, sizes] of Object.entries(current)) {
    flavors[flavor] = { ...sizes, binaryBytes: { ...flavors[flavor]?.binaryBytes, ...sizes.binaryBytes } };
  }
  const sorted: Baseline["flavors"] = {};
  for (const name of Object.keys(flavors).sort()) {
    const sizes = flavors[name] as FlavorSizes;
    sorted[name] = { ...sizes, binaryBytes: Object.fromEntries(Object.entries(sizes.binaryBytes).sort(([a], [b]) => (a < b ? -1 : 1))) };
  }
  const updated: Baseline = { bunVersion: Bun.version, flavors: sorted };
  writeFileAtomic(file, `${JSON.stringify(updated, null, 2)}\n`, { createParents: true });
  return updated;
}
