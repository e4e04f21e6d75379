/** `dist/audit.md`: the audit as tables people read in a review. */
import type { FlavorAudit } from "./auditFlavor.ts";
import type { BaselineRow } from "./baseline.ts";
import { BROTLI_QUALITY, GZIP_LEVEL } from "./measureBundle.ts";
import type { BuildAudit } from "./buildAudit.ts";

/** How many packages and modules each flavor's tables show. */
export const LARGEST_SHOWN = 15;

function bytes(value: number): string {
  return value.toLocaleString("en-US");
}

function table(header: string[], rows: string[][]): string {
  return [`| ${header.join(" | ")} |`, `|${header.map(() => "---").join("|")}|`, ...rows.map((row) => `| ${row.join(" | ")} |`)].join("\n");
}

function flavorSection(audit: FlavorAudit): string {
  const lines = [
    `## ${audit.flavor}`,
    "",
    audit.description,
    "",
    `- features: ${audit.features.join(", ") || "none"}; user type: ${audit.userType}`,
    `- JavaScript: ${bytes(audit.js.raw)} bytes raw, ${bytes(audit.js.gzip)} gzip (level ${GZIP_LEVEL}), ${bytes(audit.js.brotli)} brotli (quality ${BROTLI_QUALITY}), in ${audit.js.chunks} chunks`,
    `- binaries: ${audit.binaries.map((binary) => `${binary.target} ${bytes(binary.bytes)} bytes`).join(", ")}`,
    `- tools (${audit.toolsSource}): ${audit.tools.join(", ")}`,
    `- gated tools in the bundle: ${audit.gatedToolsPresent.join(", ") || "none"}`,
    `- leak check: ${audit.leaks.length === 0 ? "clean" : `${audit.leaks.length} leaks`}`,
    `- source maps and original sources: ${audit.problems.length === 0 ? "none found" : audit.problems.join("; ")}`,
    "",
  ];
  if (audit.leaks.length > 0) lines.push(table(["tool", "where", "evidence"], audit.leaks.map((leak) => [leak.tool, leak.where, leak.evidence.replaceAll("|", "\\|")])), "");
  lines.push(table(["budget", "limit", "actual", ""], audit.budgets.map((check) => [
    `${check.budget}${check.target ? ` (${check.target})` : ""}`, bytes(check.limit), bytes(check.actual), check.ok ? "ok" : "**over**",
  ])), "");
  lines.push(`Largest packages:`, "", table(["package", "bytes", "modules"], audit.packages.slice(0, LARGEST_SHOWN).map((entry) => [entry.name, bytes(entry.bytes), String(entry.modules)])), "");
  lines.push(`Largest modules:`, "", table(["module", "bytes"], audit.modules.slice(0, LARGEST_SHOWN).map((module) => [module.path, bytes(module.bytes)])), "");
  return lines.join("\n");
}

function signed(value: number | null, suffix = ""): string {
  if (value === null) return "new";
  const text = suffix === "%" ? value.toFixed(2) : bytes(value);
  return `${value > 0 ? "+" : ""}${text}${suffix}`;
}

function baselineSection(rows: readonly BaselineRow[], updated: boolean): string {
  return [
    `## Against the baseline${updated ? " (updated by this build)" : ""}`,
    "",
    table(["flavor", "size", "baseline", "now", "change", "%"], rows.map((row) => [
      row.flavor, row.metric, row.baseline === null ? "-" : bytes(row.baseline), bytes(row.current), signed(row.deltaBytes), signed(row.deltaPercent, "%"),
    ])),
    "",
  ].join("\n");
}

/** The whole report. */
export function renderAuditMarkdown(audit: BuildAudit): string {
  const differences = audit.differences.map((difference) => {
    const [first, second] = difference.flavors;
    return [
      `### ${first} and ${second}`,
      "",
      `- tools only in ${first}: ${difference.toolsOnlyInFirst.join(", ") || "none"}`,
      `- tools only in ${second}: ${difference.toolsOnlyInSecond.join(", ") || "none"}`,
      `- modules only in ${first}: ${difference.modulesOnlyInFirst.join(", ") || "none"}`,
      `- modules only in ${second}: ${difference.modulesOnlyInSecond.join(", ") || "none"}`,
      "",
    ].join("\n");
  });
  return [
    "# toolshed bundle audit",
    "",
    `commit ${audit.commit}, Bun ${audit.bunVersion}`,
    "",
    ...audit.flavors.map(flavorSection),
    ...(differences.length > 0 ? ["## Between flavors", "", ...differences] : []),
    baselineSection(audit.baseline, audit.baselineUpdated),
  ].join("\n");
}
