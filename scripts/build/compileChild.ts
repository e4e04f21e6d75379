#!/usr/bin/env bun
/**
 * Compiles one flavor for one target in a process of its own, so that several compile at once
 * (Bun.build's bytecode step runs on one thread, and calls within one process wait for each
 * other). Reads `{ source, target, outfile }` as JSON on standard input and writes the compile's
 * metafile as JSON on standard output; a failed compile's message goes to standard error, status 1.
 */
import { BuildCheckError } from "./buildErrors.ts";
import { compileExecutable, type FlavorSource } from "./bundleFlavor.ts";
import type { TargetName } from "./targets.ts";

interface CompileRequest {
  source: FlavorSource;
  target: TargetName;
  outfile: string;
}

try {
  const request = JSON.parse(await Bun.stdin.text()) as CompileRequest;
  const metafile = await compileExecutable(request.source, request.target, request.outfile);
  await Bun.write(Bun.stdout, JSON.stringify(metafile));
} catch (error) {
  process.stderr.write(error instanceof BuildCheckError ? error.message : String(error instanceof Error ? (error.stack ?? error.message) : error));
  process.exitCode = 1;
}
