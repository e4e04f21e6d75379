/**
 * One flavor: compile it for each target (in child processes, alongside the other flavors), bundle
 * its JavaScript for the audit meanwhile, smoke-test what can run here, then audit it. Failed
 * checks come back as lines; a failed compile throws once every other compile has finished.
 */
import { mkdirSync, rmSync, statSync } from "node:fs";
import { dirname, relative } from "node:path";
import { auditFlavor, type AuditedBinary, type FlavorAudit } from "./auditFlavor.ts";
import { describeBudgetFailures } from "./budgets.ts";
import { BuildCheckError } from "./buildErrors.ts";
import { bundleJavaScript, type FlavorSource } from "./bundleFlavor.ts";
import { createBuildSlots, type BuildSlots } from "./buildSlots.ts";
import { compileInChild } from "./compileInChild.ts";
import { leakedToolNames } from "./leakCheck.ts";
import { measureChunks } from "./measureBundle.ts";
import { sha256File, type ManifestArtifact } from "./releaseFiles.ts";
import { smokeTest, type SmokeResult } from "./smokeTest.ts";
import { executablePath, TARGETS, type TargetName } from "./targets.ts";

/** One executable built, with where it is and how long it took. */
export interface BuiltArtifact extends ManifestArtifact {
  path: string;
  seconds: number;
}

export interface BuiltFlavor {
  artifacts: BuiltArtifact[];
  audit: FlavorAudit;
  /** One line per failed check. */
  failures: string[];
}

function seconds(started: number): number {
  return Math.round((performance.now() - started) / 100) / 10;
}

function smokeLabel(smoke: SmokeResult): string {
  return smoke.ran ? `passed (${smoke.runner})` : `not run: ${smoke.reason}`;
}

function checkFailures(flavorName: string, flavorFile: string, root: string, audit: FlavorAudit): string[] {
  const failures: string[] = [];
  for (const tool of leakedToolNames(audit.leaks)) {
    const evidence = audit.leaks.filter((leak) => leak.tool === tool).map((leak) => `${leak.where}: ${leak.evidence}`);
    failures.push(`leak: the ${flavorName} flavor contains the gated tool ${tool}, which it leaves off:\n  ${evidence.join("\n  ")}`);
  }
  for (const missing of audit.missingTools) failures.push(`${flavorName}: the binary does not list the gated tool ${missing}, which the flavor turns on`);
  for (const problem of audit.problems) failures.push(`${flavorName}: ${problem}`);
  failures.push(...describeBudgetFailures(flavorName, relative(root, flavorFile), audit.budgets));
  return failures;
}

interface TargetOptions {
  source: FlavorSource;
  outputDirectory: string;
  host: TargetName;
  /** Where compiles wait their turn; shared by the flavors of one build (one per core when not given). */
  slots?: BuildSlots;
  onTarget?: (artifact: BuiltArtifact) => void;
}

/** Compiles (in a child process, when a slot is free), smoke-tests and checksums one target's executable. */
function buildTarget(options: TargetOptions & { slots: BuildSlots }, target: TargetName): Promise<{ binary: AuditedBinary; artifact: BuiltArtifact; failures: string[] }> {
  const { source, outputDirectory } = options;
  const flavor = source.flavor;
  return options.slots.run(async () => {
    const started = performance.now();
    const failures: string[] = [];
    const path = executablePath(outputDirectory, flavor.name, target);
    rmSync(dirname(path), { recursive: true, force: true });
    mkdirSync(dirname(path), { recursive: true });
    const compiled = await compileInChild(source, target, path);
    let smoke: SmokeResult;
    try {
      smoke = smokeTest({ binary: path, target, host: options.host, flavor: flavor.name, commit: source.commit });
    } catch (error) {
      if (!(error instanceof BuildCheckError)) throw error;
      failures.push(error.message);
      smoke = { ran: false, reason: `failed: ${error.message.split("\n")[0]}` };
    }
    const bytes = statSync(path).size;
    const artifact: BuiltArtifact = {
      flavor: flavor.name,
      target,
      file: relative(outputDirectory, path).replaceAll("\\", "/"),
      path,
      features: flavor.features,
      userType: flavor.userType,
      bytes,
      sha256: await sha256File(path),
      jsBytes: 0,
      jsGzipBytes: 0,
      jsBrotliBytes: 0,
      smokeTest: smokeLabel(smoke),
      seconds: seconds(started),
    };
    options.onTarget?.(artifact);
    return { binary: { target, path, bytes, metafile: compiled, smoke }, artifact, failures };
  });
}

/** Waits for every job, then throws the first failure: no compile is left running behind a thrown error. */
export async function settleAll<T>(jobs: readonly Promise<T>[]): Promise<T[]> {
  const settled = await Promise.allSettled(jobs);
  const failed = settled.find((outcome) => outcome.status === "rejected");
  if (failed !== undefined) throw failed.reason;
  return settled.map((outcome) => (outcome as PromiseFulfilledResult<T>).value);
}

/**
 * Builds, smoke-tests and audits one flavor for `targets`; `onTarget` hears of each executable as
 * it is done. The executables compile in `slots` (shared with the other flavors) while the
 * JavaScript bundle the audit reads is made here.
 */
export async function buildFlavor(options: TargetOptions & { targets: readonly TargetName[] }): Promise<BuiltFlavor> {
  const { source } = options;
  const flavor = source.flavor;
  const slots = options.slots ?? createBuildSlots();
  const compiling = TARGETS.filter((name) => options.targets.includes(name)).map((target) => buildTarget({ ...options, slots }, target));
  const bundled = bundleJavaScript(source).then(async ({ chunks, metafile }) => ({ chunks, metafile, js: await measureChunks(chunks) }));
  const [targets, [bundle]] = await Promise.all([settleAll(compiling), settleAll([bundled])]);
  const { chunks, metafile, js } = bundle as Awaited<typeof bundled>;
  const artifacts = targets.map((target) => target.artifact);
  const audit = auditFlavor({ root: source.root, flavor, chunks, js, metafile, binaries: targets.map((target) => target.binary) });
  for (const artifact of artifacts) {
    artifact.jsBytes = audit.js.raw;
    artifact.jsGzipBytes = audit.js.gzip;
    artifact.jsBrotliBytes = audit.js.brotli;
  }
  const failures = targets.flatMap((target) => target.failures);
  return { artifacts, audit, failures: [...failures, ...checkFailures(flavor.name, flavor.file, source.root, audit)] };
}
