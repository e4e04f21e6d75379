#!/usr/bin/env bun
/**
 * Compiles one flavor for one target in a process of its own, so that several compile at once
 * (Bun.build's bytecode step runs on one thread, and calls within one process wait for each
 * other), then checksums the executable and, when asked, measures the JavaScript chunks inside it:
 * work on this process's core rather than the parent's one thread. Reads `{ source, target,
 * outfile, measure }` as JSON on standard input and writes a CompileReport as JSON on standard
 * output; a failed compile's message goes to standard error, status 1.
 */
import { BuildCheckError } from "./buildErrors.ts";
import { compileExecutable, type FlavorSource } from "./bundleFlavor.ts";
import { chunksInBinary } from "./chunksInBinary.ts";
import type { CompileReport } from "./compileInChild.ts";
import { mapFile } from "./mapFile.ts";
import { measureChunks } from "./measureBundle.ts";
import { sha256File } from "./releaseFiles.ts";
import type { TargetName } from "./targets.ts";

interface CompileRequest {
  source: FlavorSource;
  target: TargetName;
  outfile: string;
  measure: boolean;
}

try {
  const request = JSON.parse(await Bun.stdin.text()) as CompileRequest;
  const metafile = await compileExecutable(request.source, request.target, request.outfile);
  const report: CompileReport = { metafile, sha256: await sha256File(request.outfile) };
  if (request.measure) {
    const chunks = chunksInBinary(mapFile(request.outfile), metafile);
    if (chunks !== undefined) report.js = measureChunks(chunks);
  }
  await Bun.write(Bun.stdout, JSON.stringify(report));
} catch (error) {
  process.stderr.write(error instanceof BuildCheckError ? error.message : String(error instanceof Error ? (error.stack ?? error.message) : error));
  process.exitCode = 1;
}
