/**
 * Runs a freshly built executable: `--version` must name the flavor and commit, `tools --json`
 * must list the tools. Host binaries and their baseline variants run natively; musl builds run
 * when a musl loader here can load them; a Linux arm64 binary runs under qemu-user when it is
 * installed.
 */
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { z } from "zod";
import { LIBC_LOADERS } from "../../src/release/detectPlatform.ts";
import { BuildCheckError } from "./buildErrors.ts";
import { TARGET_PLATFORMS, type TargetName } from "./targets.ts";

/** What the smoke test saw, or why it could not run. */
export type SmokeResult =
  | { ran: true; runner: "native" | "qemu"; version: string; tools: string[] }
  | { ran: false; reason: string };

const ToolListSchema = z.array(z.looseObject({ name: z.string() }));

const QEMU_AARCH64 = ["qemu-aarch64-static", "qemu-aarch64"];
/** Where Debian's libc6-arm64-cross puts the arm64 loader and libc. */
const AARCH64_SYSROOTS = ["/usr/aarch64-linux-gnu"];

type Runner = { prefix: string[]; runner: "native" | "qemu" } | { reason: string };

/**
 * A musl build on a glibc machine runs only if musl's loader is here and finds every library
 * the binary needs (Bun's musl runtime needs a musl libstdc++, which only musl systems carry).
 */
function findMuslRunner(arch: keyof typeof LIBC_LOADERS, binary: string | undefined): Runner {
  const loader = LIBC_LOADERS[arch].musl;
  if (!existsSync(loader)) return { reason: `there is no musl loader here (${loader}); musl builds run on Alpine and other musl systems` };
  if (binary === undefined) return { prefix: [], runner: "native" };
  const listed = Bun.spawnSync([loader, "--list", binary], { stdout: "ignore", stderr: "pipe", timeout: 10_000 });
  if (listed.exitCode === 0) return { prefix: [], runner: "native" };
  // musl names the binary's own path after the missing library; the reason is the library.
  const why = listed.stderr.toString().split("\n")[0]?.replace(/ \(needed by .*\)$/, "").trim() || `exit ${listed.exitCode}`;
  return { reason: `the musl loader here cannot load it (${why})` };
}

/**
 * The command prefix that runs a binary of `target` here, or the reason it cannot run. Given the
 * binary, a musl build is first checked against the musl loader, so a missing library is a
 * reason rather than a failed smoke test.
 */
export function findRunner(target: TargetName, host: TargetName, binary?: string): Runner {
  if (target === host) return { prefix: [], runner: "native" };
  const wanted = TARGET_PLATFORMS[target];
  const here = TARGET_PLATFORMS[host];
  if (wanted.os === here.os && wanted.arch === here.arch) {
    // A baseline build needs less of the processor than the host's own, so it runs wherever that does.
    if (wanted.libc === here.libc) return { prefix: [], runner: "native" };
    if (wanted.libc === "musl") return findMuslRunner(wanted.arch, binary);
  }
  if (wanted.os === "linux" && wanted.arch === "arm64" && process.platform === "linux") {
    if (wanted.libc === "musl") return { reason: "qemu-user has no arm64 musl libraries to run it with here" };
    const qemu = QEMU_AARCH64.map((name) => Bun.which(name)).find((path) => path !== null);
    if (qemu === undefined || qemu === null) return { reason: "qemu-user is not installed" };
    const sysroot = AARCH64_SYSROOTS.find((path) => existsSync(join(path, "lib", "ld-linux-aarch64.so.1")));
    if (sysroot === undefined) return { reason: "qemu-user is installed but no arm64 libc was found (apt-get install libc6-arm64-cross)" };
    return { prefix: [qemu, "-L", sysroot], runner: "qemu" };
  }
  return { reason: `a ${target} binary cannot run on ${host}` };
}

function run(command: string[], cwd: string): { exitCode: number; stdout: string; stderr: string } {
  // An empty working folder: the listing must not depend on where the build ran. USER_TYPE=internal
  // proves the user type is fixed at build time: an external binary must still list no internal tool.
  const result = Bun.spawnSync(command, { cwd, stdout: "pipe", stderr: "pipe", env: { ...process.env, TOOLSHED_SIMPLE: "", USER_TYPE: "internal" }, timeout: 120_000 });
  return { exitCode: result.exitCode ?? -1, stdout: result.stdout.toString(), stderr: result.stderr.toString() };
}

/** Smoke-tests `binary`; throws a BuildCheckError when it runs and misbehaves. */
export function smokeTest(options: { binary: string; target: TargetName; host: TargetName; flavor: string; commit: string }): SmokeResult {
  const found = findRunner(options.target, options.host, options.binary);
  if ("reason" in found) return { ran: false, reason: found.reason };
  const label = `${options.flavor}/${options.target}`;
  const cwd = mkdtempSync(join(tmpdir(), "toolshed-smoke-"));
  try {
    const version = run([...found.prefix, options.binary, "--version"], cwd);
    if (version.exitCode !== 0) {
      throw new BuildCheckError(`smoke test of ${label}: "--version" exited ${version.exitCode}\n${version.stderr.trim()}`);
    }
    const versionLine = version.stdout.trim();
    if (!versionLine.includes(`flavor ${options.flavor};`) || !versionLine.includes(`commit ${options.commit};`)) {
      throw new BuildCheckError(`smoke test of ${label}: "--version" printed "${versionLine}", which does not name flavor ${options.flavor} and commit ${options.commit}`);
    }
    const listing = run([...found.prefix, options.binary, "tools", "--json"], cwd);
    if (listing.exitCode !== 0) {
      throw new BuildCheckError(`smoke test of ${label}: "tools --json" exited ${listing.exitCode}\n${listing.stderr.trim()}`);
    }
    let tools: unknown;
    try {
      tools = JSON.parse(listing.stdout);
    } catch {
      throw new BuildCheckError(`smoke test of ${label}: "tools --json" did not print JSON: ${listing.stdout.slice(0, 200)}`);
    }
    const parsed = ToolListSchema.safeParse(tools);
    if (!parsed.success || parsed.data.length === 0) {
      throw new BuildCheckError(`smoke test of ${label}: "tools --json" did not print a non-empty list of tools`);
    }
    return { ran: true, runner: found.runner, version: versionLine, tools: parsed.data.map((tool) => tool.name).sort() };
  } finally {
    rmSync(cwd, { recursive: true, force: true });
  }
}
