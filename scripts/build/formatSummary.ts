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

function megabytes(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

function shown(path: string): string {
  return relative(process.cwd(), path) || ".";
}

function describeOutputs(result: BuildResult): string {
  const folder = shown(result.outputDirectory);
  const release = result.ok ? `, ${folder}/manifest.json, ${folder}/SHA256SUMS` : " (no manifest.json or SHA256SUMS: the build failed its checks)";
  return `Reports: ${folder}/audit.{md,html,json}${release}`;
}

/** One line each for the release and the npm tarballs, when they were made. */
function describePackages(result: BuildResult): string[] {
  const lines: string[] = [];
  if (result.release !== undefined) {
    const { archives } = result.release.manifest;
    const total = archives.reduce((sum, archive) => sum + archive.bytes, 0);
    lines.push(`Release: ${shown(result.release.folder)}/ holds ${archives.length} archive${archives.length === 1 ? "" : "s"} (${megabytes(total)}), SHA256SUMS, release.json and install.sh`);
  }
  if (result.npm !== undefined) {
    lines.push(`npm: ${shown(result.npm.folder)}/ holds ${result.npm.tarballs.map((tarball) => `${tarball.file} (${megabytes(tarball.bytes)})`).join(", ")}`);
  }
  return lines;
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
  lines.push(...describePackages(result));
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
  if (result.release !== undefined) lines.push("", "Install it from this release:", `  sh ${shown(result.release.folder)}/install.sh --from ${shown(result.release.folder)}`);
  if (result.npm !== undefined) {
    const tarballs = result.npm.tarballs.map((tarball) => `./${shown(`${result.npm?.folder}/${tarball.file}`)}`);
    lines.push("", "Install the npm packages built here (npm picks the platform package that fits):", `  npm install -g ${tarballs.join(" ")}`);
  }
  return lines.join("\n");
}
