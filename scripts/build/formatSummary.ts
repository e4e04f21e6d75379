/** The table printed at the end of a build, and the lines that say how to run what was built. */
import { relative } from "node:path";
import type { BuildResult } from "./runBuild.ts";
import { TARGET_PLATFORMS } from "./targets.ts";

function pad(rows: string[][]): string {
  const widths = rows[0]?.map((_, column) => Math.max(...rows.map((row) => (row[column] ?? "").length))) ?? [];
  return rows.map((row) => row.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join("  ").trimEnd()).join("\n");
}

function kilobytes(bytes: number): string {
  return `${Math.round(bytes / 1024)} KB`;
}

function describeOutputs(result: BuildResult): string {
  const folder = relative(process.cwd(), result.outputDirectory) || ".";
  const release = result.ok ? `, ${folder}/manifest.json, ${folder}/SHA256SUMS` : " (no manifest.json or SHA256SUMS: the build failed its checks)";
  return `Reports: ${folder}/audit.{md,html,json}${release}`;
}

/** One row per executable, then one line per flavor's audit and the baseline change. */
export function formatSummary(result: BuildResult): string {
  const rows = [["flavor", "target", "binary", "js raw/gzip/brotli", "tools", "smoke test", "time"]];
  for (const artifact of result.artifacts) {
    const audit = result.audit.flavors.find((entry) => entry.flavor === artifact.flavor);
    rows.push([
      artifact.flavor,
      artifact.target,
      `${(artifact.bytes / 1024 / 1024).toFixed(1)} MB`,
      `${kilobytes(artifact.jsBytes)}/${kilobytes(artifact.jsGzipBytes)}/${kilobytes(artifact.jsBrotliBytes)}`,
      String(audit?.tools.length ?? "?"),
      artifact.smokeTest,
      `${artifact.seconds.toFixed(1)} s`,
    ]);
  }
  const lines = [pad(rows), ""];
  for (const audit of result.audit.flavors) {
    const js = result.audit.baseline.find((row) => row.flavor === audit.flavor && row.metric === "js raw");
    const change = js === undefined || js.deltaPercent === null ? "no baseline yet" : `${js.deltaBytes! >= 0 ? "+" : ""}${js.deltaBytes} bytes (${js.deltaPercent.toFixed(2)}%) against the baseline`;
    const leaks = audit.leaks.length === 0 ? "no leaks" : `${audit.leaks.length} LEAKS`;
    const over = audit.budgets.filter((check) => !check.ok).length;
    lines.push(`${audit.flavor}: ${audit.features.join(",") || "no features"}; ${audit.tools.length} tools; ${leaks}; ${over === 0 ? "within budgets" : `${over} budgets exceeded`}; js ${change}`);
  }
  if (result.audit.baselineUpdated) lines.push("The baseline (build/audit-baseline.json) now holds these sizes.");
  lines.push(`commit ${result.commit}, Bun ${Bun.version}, ${result.seconds.toFixed(1)} s in all. ${describeOutputs(result)}`);
  return lines.join("\n");
}

/** How to run the host executables that were built. */
export function formatHowToRun(result: BuildResult): string {
  // A baseline build runs here too, but it is the same program: one line per flavor is enough.
  const runnable = result.artifacts.filter((artifact) => artifact.smokeTest.includes("(native)") && !TARGET_PLATFORMS[artifact.target].baseline);
  if (runnable.length === 0) return "";
  const lines = ["", "Run it:"];
  for (const artifact of runnable) {
    const path = `./${relative(process.cwd(), artifact.path)}`;
    lines.push(`  ${path} --version`, `  ${path} tools`);
  }
  const first = `./${relative(process.cwd(), (runnable[0] as (typeof runnable)[number]).path)}`;
  lines.push(`  ${first} run Read '{"file_path": "${process.cwd()}/package.json"}'`);
  return lines.join("\n");
}
