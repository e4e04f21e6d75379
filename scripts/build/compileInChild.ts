/**
 * Runs compileChild.ts for one flavor and target and returns its report: the parent smoke-tests
 * and audits while the children compile, one per free core (see buildSlots).
 */
import { join } from "node:path";
import { BuildCheckError } from "./buildErrors.ts";
import type { FlavorSource, Metafile } from "./bundleFlavor.ts";
import type { BundleSize } from "./measureBundle.ts";
import type { TargetName } from "./targets.ts";

/** What a compile child reports: the compile's metafile, the executable's SHA-256, and when asked, the sizes of the chunks inside it. */
export interface CompileReport {
  metafile: Metafile;
  sha256: string;
  /** Absent when not asked for, or when the chunks could not be read out of the executable. */
  js?: BundleSize;
}

/** A compile normally takes seconds; a first cross-compile also fetches that platform's runtime. */
export const COMPILE_TIMEOUT_MS = 10 * 60_000;
/** What is kept of a failed compile's messages. */
const MAX_ERROR_CHARS = 20_000;

/**
 * Compiles `source` for `target` into `outfile` in a child process, which also checksums it and,
 * with `measure`, measures its chunks; a failure throws BuildCheckError with its messages.
 */
export async function compileInChild(source: FlavorSource, target: TargetName, outfile: string, options: { measure?: boolean; timeoutMs?: number } = {}): Promise<CompileReport> {
  const timeoutMs = options.timeoutMs ?? COMPILE_TIMEOUT_MS;
  const started = performance.now();
  const child = Bun.spawn([process.execPath, join(import.meta.dir, "compileChild.ts")], {
    stdin: new Blob([JSON.stringify({ source, target, outfile, measure: options.measure === true })]),
    stdout: "pipe",
    stderr: "pipe",
    timeout: timeoutMs,
    killSignal: "SIGKILL",
  });
  const [output, errors, status] = await Promise.all([new Response(child.stdout).text(), new Response(child.stderr).text(), child.exited]);
  const what = `compiling ${source.flavor.name} for ${target}`;
  // Killed at the deadline, or by something else (the kernel, out of memory): each says so.
  if (child.signalCode === "SIGKILL" && performance.now() - started >= timeoutMs) throw new BuildCheckError(`${what} took longer than ${Math.round(timeoutMs / 1000)} s and was stopped`);
  if (child.signalCode !== null) throw new BuildCheckError(`${what} failed: the compiler was killed by ${child.signalCode}${child.signalCode === "SIGKILL" ? " (the system may have run out of memory)" : ""}`);
  if (status !== 0) {
    const message = errors.trim().slice(0, MAX_ERROR_CHARS) || `the compiler exited with status ${status} and said nothing`;
    // The child's message already names the flavor and target when the compile itself failed.
    throw new BuildCheckError(message.startsWith("compiling ") ? message : `${what} failed:\n  ${message}`);
  }
  try {
    return JSON.parse(output) as CompileReport;
  } catch {
    throw new BuildCheckError(`${what} failed: the compiler's report was not JSON (${output.length} characters)`);
  }
}
