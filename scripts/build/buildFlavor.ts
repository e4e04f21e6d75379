/**
 * One flavor: bundle its JavaScript once, compile it for each target, smoke-test what can run
 * here, then audit it. Failed checks come back as lines; a failed compile throws.
 */
import { mkdirSync, rmSync, statSync } from "node:fs";
import { dirname, relative } from "node:path";
import { auditFlavor, type AuditedBinary, type FlavorAudit } from "./auditFlavor.ts";
import { describeBudgetFailures } from "./budgets.ts";
import { BuildCheckError } from "./buildErrors.ts";
import { bundleJavaScript, compileExecutable, type FlavorSource } from "./bundleFlavor.ts";
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

/** Builds, smoke-tests and audits one flavor for `targets`; `onTarget` hears of each executable as it is done. */
export async function buildFlavor(options: {
  source: FlavorSource;
  targets: readonly TargetName[];
  outputDirectory: string;
  host: TargetName;
  onTarget?: (artifact: BuiltArtifact) => void;
}): Promise<BuiltFlavor> {
  const { source, outputDirectory } = options;
  const flavor = source.flavor;
  const { chunks, metafile } = await bundleJavaScript(source);
  // Compressing for the audit runs on the thread pool while the executables compile.
  const measuring = measureChunks(chunks);
  const failures: string[] = [];
  const binaries: AuditedBinary[] = [];
  const artifacts: BuiltArtifact[] = [];
  for (const target of TARGETS.filter((name) => options.targets.includes(name))) {
    const started = performance.now();
    const path = executablePath(outputDirectory, flavor.name, target);
    rmSync(dirname(path), { recursive: true, force: true });
    mkdirSync(dirname(path), { recursive: true });
    const compiled = await compileExecutable(source, target, path);
    let smoke: SmokeResult;
    try {
      smoke = smokeTest({ binary: path, target, host: options.host, flavor: flavor.name, commit: source.commit });
    } catch (error) {
      if (!(error instanceof BuildCheckError)) throw error;
      failures.push(error.message);
      smoke = { ran: false, reason: `failed: ${error.message.split("\n")[0]}` };
    }
    const bytes = statSync(path).size;
    binaries.push({ target, path, bytes, metafile: compiled, smoke });
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
    artifacts.push(artifact);
    options.onTarget?.(artifact);
  }
  const audit = auditFlavor({ root: source.root, flavor, chunks, js: await measuring, metafile, binaries });
  for (const artifact of artifacts) {
    artifact.jsBytes = audit.js.raw;
    artifact.jsGzipBytes = audit.js.gzip;
    artifact.jsBrotliBytes = audit.js.brotli;
  }
  return { artifacts, audit, failures: [...failures, ...checkFailures(flavor.name, flavor.file, source.root, audit)] };
}
