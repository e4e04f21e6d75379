/**
 * One flavor: compile it for each target (in child processes, alongside the other flavors, which
 * checksum what they built and measure the chunks inside it), smoke-test what can run here, then
 * audit it, reading its JavaScript chunks out of the binaries (or, when that cannot be done,
 * bundling them again). Failed checks come back as lines; a failed compile throws once every other
 * compile has finished.
 */
import { mkdirSync, rmSync, statSync } from "node:fs";
import { dirname, relative } from "node:path";
import { auditFlavor, type AuditedBinary, type FlavorAudit } from "./auditFlavor.ts";
import { describeBudgetFailures } from "./budgets.ts";
import { BuildCheckError } from "./buildErrors.ts";
import { bundleJavaScript, type Chunk, type FlavorSource, type Metafile } from "./bundleFlavor.ts";
import { createBuildSlots, type BuildSlots } from "./buildSlots.ts";
import { compileInChild } from "./compileInChild.ts";
import { chunksInBinary } from "./chunksInBinary.ts";
import { leakedToolNames } from "./leakCheck.ts";
import { mapFile } from "./mapFile.ts";
import { measureChunks, type BundleSize } from "./measureBundle.ts";
import type { ManifestArtifact } from "./releaseFiles.ts";
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
  /** Hears of anything the build did differently from usual, such as bundling the audited chunks itself. */
  onNotice?: (line: string) => void;
}

interface BuiltTarget {
  binary: AuditedBinary;
  artifact: BuiltArtifact;
  /** The sizes of the chunks inside it, unless they could not be read out of it. */
  js?: BundleSize;
  failures: string[];
}

/** Compiles (in a child process, when a slot is free, which also checksums it and measures its chunks) and smoke-tests one target's executable. */
function buildTarget(options: TargetOptions & { slots: BuildSlots }, target: TargetName): Promise<BuiltTarget> {
  const { source, outputDirectory } = options;
  const flavor = source.flavor;
  return options.slots.run(async () => {
    const started = performance.now();
    const failures: string[] = [];
    const path = executablePath(outputDirectory, flavor.name, target);
    rmSync(dirname(path), { recursive: true, force: true });
    mkdirSync(dirname(path), { recursive: true });
    const compiled = await compileInChild(source, target, path, { measure: true });
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
      sha256: compiled.sha256,
      jsBytes: 0,
      jsGzipBytes: 0,
      jsBrotliBytes: 0,
      smokeTest: smokeLabel(smoke),
      seconds: seconds(started),
    };
    options.onTarget?.(artifact);
    return { binary: { target, path, bytes, metafile: compiled.metafile, smoke }, artifact, js: compiled.js, failures };
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
 * The chunks the audit measures, with their metafile and sizes: those inside `binary`, whose
 * compile measured them as `js`; bundled again when the binary's payload could not be read (`js`
 * is then absent: a Bun whose layout embeddedFiles does not know), which `onNotice` hears of. That
 * bundle is made for no platform, so its sizes differ a little from any binary's.
 */
export async function auditedChunks(source: FlavorSource, binary: AuditedBinary, js: BundleSize | undefined, onNotice?: (line: string) => void): Promise<{ chunks: Chunk[]; metafile: Metafile; js: BundleSize }> {
  const chunks = js === undefined ? undefined : chunksInBinary(mapFile(binary.path), binary.metafile);
  if (chunks !== undefined && js !== undefined) return { chunks, metafile: binary.metafile, js };
  onNotice?.(`${source.flavor.name}: the chunks inside the ${binary.target} binary could not be read, so the audit bundles them again`);
  const bundle = await bundleJavaScript(source);
  return { ...bundle, js: measureChunks(bundle.chunks) };
}

/** The chunks of the other targets' binaries that are not among `seen` (code another platform runs), for the leak check. */
function otherChunks(others: readonly BuiltTarget[], seen: readonly Chunk[]): Chunk[] {
  const texts = new Map<string, Set<string>>();
  const isNew = (chunk: Chunk) => {
    const known = texts.get(chunk.path) ?? new Set<string>();
    texts.set(chunk.path, known);
    if (known.has(chunk.text)) return false;
    known.add(chunk.text);
    return true;
  };
  for (const chunk of seen) isNew(chunk);
  return others.flatMap((other) => (chunksInBinary(mapFile(other.binary.path), other.binary.metafile) ?? []).filter(isNew));
}

/**
 * Builds, smoke-tests and audits one flavor for `targets`; `onTarget` hears of each executable as
 * it is done. The executables compile in `slots`, shared with the other flavors.
 */
export async function buildFlavor(options: TargetOptions & { targets: readonly TargetName[] }): Promise<BuiltFlavor> {
  const { source } = options;
  const flavor = source.flavor;
  const slots = options.slots ?? createBuildSlots();
  const targets = await settleAll(TARGETS.filter((name) => options.targets.includes(name)).map((target) => buildTarget({ ...options, slots }, target)));
  // A compile drops the code other platforms run, so each target's chunks differ a little: the
  // flavor's sizes are the first target's (linux-x64 when it is built), whatever machine builds it.
  const [first] = targets;
  if (first === undefined) throw new BuildCheckError(`${flavor.name}: no target to build`);
  const { chunks, metafile, js } = await auditedChunks(source, first.binary, first.js, options.onNotice);
  const artifacts = targets.map((target) => target.artifact);
  const audit = auditFlavor({ root: source.root, flavor, chunks: [...chunks, ...otherChunks(targets.slice(1), chunks)], js, metafile, binaries: targets.map((target) => target.binary) });
  for (const [index, artifact] of artifacts.entries()) {
    const own = targets[index]?.js ?? audit.js;
    artifact.jsBytes = own.raw;
    artifact.jsGzipBytes = own.gzip;
    artifact.jsBrotliBytes = own.brotli;
  }
  const failures = targets.flatMap((target) => target.failures);
  return { artifacts, audit, failures: [...failures, ...checkFailures(flavor.name, flavor.file, source.root, audit)] };
}
