/**
 * The whole build: for each flavor, compile it for each target, smoke-test what can run here,
 * audit the flavor (from the JavaScript inside its binaries), then write the manifest, checksums, audit
 * reports and (on request) the baseline. Checks that fail are collected and reported together.
 * The manifest and checksums are written only when every check passed; the audit reports always.
 * On request, a build that passed goes on to the release archives and the npm tarballs.
 */
import { isAbsolute, join } from "node:path";
import packageJson from "../../package.json" with { type: "json" };
import { NPM_FLAVOR } from "../npm/npmPackages.ts";
import { checkNpmInputs, writeNpmPackages, type NpmTarball } from "../npm/writeNpmPackages.ts";
import { checkReleaseDocuments, writeRelease, type WrittenRelease } from "../release/writeRelease.ts";
import { compareFlavors, type FlavorAudit, type FlavorDifference } from "./auditFlavor.ts";
import { compareWithBaseline, readBaseline, updateBaseline, type BaselineRow, type FlavorSizes } from "./baseline.ts";
import type { BuildAudit } from "./buildAudit.ts";
import { BuildConfigError } from "./buildErrors.ts";
import { buildFlavor, settleAll, type BuiltArtifact } from "./buildFlavor.ts";
import { createBuildSlots } from "./buildSlots.ts";
import { removeStaleOutputs } from "./cleanOutputs.ts";
import { loadFlavors, selectFlavors } from "./flavors.ts";
import { gitCommit } from "./gitCommit.ts";
import { writeReleaseFiles } from "./releaseFiles.ts";
import { hostTarget, selectTargets } from "./targets.ts";
import { flavorExactSchemas, flavorToolSchemas } from "./toolSchemas.ts";
import { writeAuditReports } from "./writeAuditReports.ts";

export type { BuildAudit, BuiltArtifact };

export interface BuildOptions {
  /** The repository root: sources, package.json, and the default folders below. */
  root: string;
  flavors?: string[];
  targets?: string[];
  flagsDirectory?: string;
  outputDirectory?: string;
  baselineFile?: string;
  /** The entry module; src/main.ts by default. */
  entrypoint?: string;
  /** The commit to stamp; from git by default. */
  commit?: string;
  /** Write this build's sizes to the baseline file (only when every check passed). */
  updateBaseline?: boolean;
  /** Then write the release: archives, SHA256SUMS, release.json and install.sh in `<output>/release/`. */
  release?: boolean;
  /** Then write the npm tarballs of the npm flavor in `<output>/npm/`. */
  npm?: boolean;
  /** Receives one line per flavor and target as it finishes, and per archive and tarball. */
  onProgress?: (line: string) => void;
}

export interface BuildResult {
  ok: boolean;
  /** One line per failed check (smoke test, leak, missing tool, source map, budget). */
  failures: string[];
  commit: string;
  artifacts: BuiltArtifact[];
  audit: BuildAudit;
  outputDirectory: string;
  /** What `release` wrote, when asked for and every check passed. */
  release?: WrittenRelease;
  /** What `npm` wrote, when asked for and every check passed. */
  npm?: { folder: string; tarballs: NpmTarball[] };
  seconds: number;
}

function seconds(started: number): number {
  return Math.round((performance.now() - started) / 100) / 10;
}

function megabytes(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** Builds the flavors and targets asked for; throws BuildConfigError for a bad request. */
export async function runBuild(options: BuildOptions): Promise<BuildResult> {
  const started = performance.now();
  const root = options.root;
  const resolve = (path: string) => (isAbsolute(path) ? path : join(root, path));
  const outputDirectory = resolve(options.outputDirectory ?? "dist");
  const baselineFile = resolve(options.baselineFile ?? "build/audit-baseline.json");
  const flavors = selectFlavors(loadFlavors(resolve(options.flagsDirectory ?? "flags")), options.flavors ?? []);
  const targets = selectTargets(options.targets ?? []);
  const baseline = readBaseline(baselineFile);
  const host = hostTarget();
  const commit = options.commit ?? gitCommit(root);
  const progress = options.onProgress ?? (() => {});
  const total = flavors.length * targets.length;
  const targetWidth = Math.max(...targets.map((target) => target.length));
  // What the release and the npm packages need is checked before minutes of compiling.
  if (options.release) checkReleaseDocuments(root);
  const npmFlavor = flavors.find((flavor) => flavor.name === NPM_FLAVOR);
  if (options.npm) {
    checkNpmInputs(root, packageJson);
    if (npmFlavor === undefined) throw new BuildConfigError(`the npm packages are the ${NPM_FLAVOR} flavor; add --flavor ${NPM_FLAVOR}.`);
  }

  const removed = removeStaleOutputs(outputDirectory, { flavors: flavors.map((flavor) => flavor.name), targets });
  if (removed.length > 0) progress(`removed stale outputs of an earlier build: ${removed.join(", ")}`);

  const failures: string[] = [];
  const artifacts: BuiltArtifact[] = [];
  const audits: FlavorAudit[] = [];
  let done = 0;
  // Every flavor's executables compile at once, as many as there are cores; results keep the flavors' order.
  const slots = createBuildSlots();
  const builds = flavors.map((flavor) => buildFlavor({
    source: { root, entrypoint: resolve(options.entrypoint ?? "src/main.ts"), flavor, commit, toolSchemas: flavorToolSchemas(flavor), exactSchemas: flavorExactSchemas(flavor) },
    targets,
    outputDirectory,
    host,
    slots,
    onNotice: progress,
    onTarget: (artifact) => {
      done++;
      progress(`[${done}/${total}] ${flavor.name.padEnd(10)} ${artifact.target.padEnd(targetWidth)} ${artifact.seconds.toFixed(1).padStart(5)} s  ${megabytes(artifact.bytes).padStart(9)}  smoke test ${artifact.smokeTest}`);
    },
  }));
  for (const built of await settleAll(builds)) {
    artifacts.push(...built.artifacts);
    audits.push(built.audit);
    failures.push(...built.failures);
  }

  const sizes: Record<string, FlavorSizes> = {};
  for (const audit of audits) {
    sizes[audit.flavor] = {
      jsBytes: audit.js.raw,
      jsGzipBytes: audit.js.gzip,
      jsBrotliBytes: audit.js.brotli,
      binaryBytes: Object.fromEntries(audit.binaries.map((binary) => [binary.target, binary.bytes])),
    };
  }
  const buildAudit: BuildAudit = {
    commit,
    bunVersion: Bun.version,
    flavors: audits,
    differences: compareFlavors(audits),
    baseline: compareWithBaseline(baseline, sizes),
    baselineUpdated: false,
  };
  const ok = failures.length === 0;
  if (options.updateBaseline && ok) {
    updateBaseline(baselineFile, baseline, sizes);
    buildAudit.baselineUpdated = true;
  }
  if (options.updateBaseline && !ok) failures.push(`the baseline (${baselineFile}) was not updated, because the build failed its checks`);
  if (ok) {
    writeReleaseFiles(outputDirectory, {
      name: packageJson.name,
      version: packageJson.version,
      commit,
      bunVersion: Bun.version,
      artifacts: artifacts.map(({ path: _path, seconds: _seconds, ...artifact }) => artifact),
    });
  }
  writeAuditReports(outputDirectory, buildAudit);
  const result: BuildResult = { ok, failures, commit, artifacts, audit: buildAudit, outputDirectory, seconds: 0 };
  if (ok && options.release) {
    result.release = writeRelease({
      root,
      outputDirectory,
      release: { name: packageJson.name, version: packageJson.version, commit, bunVersion: Bun.version },
      binaries: artifacts,
      onProgress: progress,
    });
  }
  if (ok && options.npm && npmFlavor !== undefined) {
    result.npm = await writeNpmPackages({
      root,
      outputDirectory,
      repository: packageJson,
      flavor: npmFlavor,
      commit,
      binaries: artifacts.filter((artifact) => artifact.flavor === NPM_FLAVOR),
      onProgress: progress,
    });
  }
  result.seconds = seconds(started);
  return result;
}
