/** The audit of one flavor: sizes, contents, tools, leaks, source maps and budgets. */
import type { FeatureName } from "../../src/features.ts";
import { checkBudgets, type BudgetCheck } from "./budgets.ts";
import type { Chunk, Metafile } from "./bundleFlavor.ts";
import type { Flavor, UserType } from "./flavors.ts";
import { excludedTools, GATED_TOOLS } from "./gatedTools.ts";
import { mapFile } from "./mapFile.ts";
import { scannedBytes } from "./bunPayload.ts";
import { findLeaks, findLeaksInBinary, type Leak } from "./leakCheck.ts";
import { moduleSizes, packageSizes, type BundleSize, type ModuleSize, type PackageSize } from "./measureBundle.ts";
import type { SmokeResult } from "./smokeTest.ts";
import { findOriginalSourceInBinary, findSourceMapProblems, originalSourceMarkers } from "./sourceCheck.ts";

/** A compiled executable of the flavor, as the audit needs it. */
export interface AuditedBinary {
  target: string;
  path: string;
  bytes: number;
  metafile: Metafile;
  smoke: SmokeResult;
}

export interface FlavorAudit {
  flavor: string;
  description: string;
  features: FeatureName[];
  userType: UserType;
  js: BundleSize;
  binaries: Array<{ target: string; bytes: number }>;
  /** Every input module with the bytes it adds, largest first. */
  modules: ModuleSize[];
  packages: PackageSize[];
  /** The tools the flavor offers, and how that was learnt. */
  tools: string[];
  toolsSource: string;
  /** Gated tools whose modules are among the bundle's inputs. */
  gatedToolsPresent: string[];
  /** Gated tools this flavor is meant to contain but whose binary does not list them. */
  missingTools: string[];
  leaks: Leak[];
  /** Source maps, original sources, or an audited bundle that differs from the compiled one. */
  problems: string[];
  budgets: BudgetCheck[];
}

function sameInputs(a: Metafile, b: Metafile): boolean {
  const left = Object.keys(a.inputs).sort();
  const right = Object.keys(b.inputs).sort();
  return left.length === right.length && left.every((path, index) => path === right[index]);
}

/** Audits one flavor from its JavaScript bundle (and its measured size) and its compiled binaries. */
export function auditFlavor(options: { root: string; flavor: Flavor; chunks: Chunk[]; js: BundleSize; metafile: Metafile; binaries: AuditedBinary[] }): FlavorAudit {
  const { flavor, chunks, metafile, binaries } = options;
  const inputs = [...new Set([metafile, ...binaries.map((binary) => binary.metafile)].flatMap((meta) => Object.keys(meta.inputs)))].sort();
  const listings = binaries.flatMap((binary) => (binary.smoke.ran ? [{ target: binary.target, tools: binary.smoke.tools }] : []));
  const gatedToolsPresent = GATED_TOOLS.filter((tool) => inputs.some((path) => tool.modules.some((prefix) => path.startsWith(prefix)))).map((tool) => tool.name);
  const listing = listings[0];
  const tools = listing?.tools ?? gatedToolsPresent;
  const toolsSource = listing === undefined ? "bundle inputs (gated tools only; no binary could run here)" : `tools --json of ${listing.target}`;
  const excluded = excludedTools(flavor);
  const leaks = findLeaks({ excluded, inputs, chunks, listings });
  const problems = findSourceMapProblems(chunks, [metafile, ...binaries.map((binary) => binary.metafile)]);
  const markers = originalSourceMarkers(options.root, inputs);
  if (markers.length === 0) problems.push("no first-party module offered a comment to look for; the original-source check could not run");
  for (const binary of binaries) {
    // Each binary is read once and its embedded bundle scanned for both kinds of evidence.
    const bytes = scannedBytes(mapFile(binary.path));
    leaks.push(...findLeaksInBinary(excluded, binary.target, bytes));
    problems.push(...findOriginalSourceInBinary(markers, binary.target, bytes));
  }
  for (const binary of binaries) {
    if (!sameInputs(metafile, binary.metafile)) problems.push(`the audited bundle and the ${binary.target} binary were built from different modules`);
  }
  const expected = GATED_TOOLS.filter((tool) => tool.isIncluded(flavor)).map((tool) => tool.name);
  const missingTools = listings.flatMap((entry) => expected.filter((name) => !entry.tools.includes(name)).map((name) => `${name} (${entry.target})`));
  const js = options.js;
  const binarySizes = binaries.map((binary) => ({ target: binary.target, bytes: binary.bytes }));
  const modules = moduleSizes(metafile);
  return {
    flavor: flavor.name,
    description: flavor.description,
    features: flavor.features,
    userType: flavor.userType,
    js,
    binaries: binarySizes,
    modules,
    packages: packageSizes(modules),
    tools,
    toolsSource,
    gatedToolsPresent,
    missingTools,
    leaks,
    problems,
    budgets: checkBudgets(flavor.budgets, js, binarySizes),
  };
}

/** What one flavor has that another lacks. */
export interface FlavorDifference {
  flavors: [string, string];
  modulesOnlyInFirst: string[];
  modulesOnlyInSecond: string[];
  toolsOnlyInFirst: string[];
  toolsOnlyInSecond: string[];
}

/** The modules and tools present in one flavor and not the other, for every pair. */
export function compareFlavors(audits: readonly FlavorAudit[]): FlavorDifference[] {
  const differences: FlavorDifference[] = [];
  for (let i = 0; i < audits.length; i++) {
    for (let j = i + 1; j < audits.length; j++) {
      const first = audits[i] as FlavorAudit;
      const second = audits[j] as FlavorAudit;
      const firstModules = new Set(first.modules.map((module) => module.path));
      const secondModules = new Set(second.modules.map((module) => module.path));
      differences.push({
        flavors: [first.flavor, second.flavor],
        modulesOnlyInFirst: [...firstModules].filter((path) => !secondModules.has(path)).sort(),
        modulesOnlyInSecond: [...secondModules].filter((path) => !firstModules.has(path)).sort(),
        toolsOnlyInFirst: first.tools.filter((tool) => !second.tools.includes(tool)),
        toolsOnlyInSecond: second.tools.filter((tool) => !first.tools.includes(tool)),
      });
    }
  }
  return differences;
}
