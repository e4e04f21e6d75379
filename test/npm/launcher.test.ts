/**
 * The npm launcher (run by Node): it picks the platform package the TypeScript rules pick, and
 * runs a stand-in binary with the arguments, streams, exit status and signals passing through.
 */
import { afterEach, describe, expect, test } from "bun:test";
import { chmodSync, copyFileSync, mkdirSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { TARGET_PLATFORMS } from "../../scripts/build/targets.ts";
import { NPM_TARGETS, platformPackageName } from "../../scripts/npm/npmPackages.ts";
import { detectLibc, LIBC_LOADERS } from "../../src/release/detectPlatform.ts";
import { selectTarget } from "../../src/release/selectTarget.ts";
import { ROOT } from "../build/buildTestKit.ts";
import { createTemporaryFolder, type TemporaryFolder } from "../helpers/temporaryFolder.ts";

const LAUNCHER = join(ROOT, "scripts/npm/launcher.cjs");
const launcher = createRequire(import.meta.url)(LAUNCHER) as {
  detectLibc(arch: string, exists: (path: string) => boolean): string | null;
  platformPackage(platform: string, arch: string, libc: string | null): string;
};
const node = Bun.which("node");
const folders: TemporaryFolder[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) folder.remove();
});

describe("the launcher's choice", () => {
  test("is the platform package of the target selectTarget picks, for every npm target", () => {
    for (const target of NPM_TARGETS) {
      const { os, arch, libc } = TARGET_PLATFORMS[target];
      const platform = os === "windows" ? "win32" : os;
      const chosen = selectTarget({ os: platform, arch, libc, avx2: true, translated: false });
      expect(chosen).toEqual({ ok: true, target });
      expect(launcher.platformPackage(platform, arch, libc)).toBe(platformPackageName(target));
    }
  });

  test("tells musl from glibc by the same rule as detectPlatform", () => {
    const paths = [...Object.values(LIBC_LOADERS.x64), ...Object.values(LIBC_LOADERS.arm64), "/etc/alpine-release"];
    for (let present = 0; present < 2 ** paths.length; present++) {
      const exists = (path: string) => ((present >> paths.indexOf(path)) & 1) === 1;
      for (const arch of ["x64", "arm64", "ia32"]) expect(launcher.detectLibc(arch, exists)).toBe(detectLibc(arch, exists));
    }
  });
});

/** node_modules with toolshed's launcher and, unless told otherwise, a platform package for this machine holding `script`. */
function installStandIn(script: string | null): string {
  const folder = createTemporaryFolder();
  folders.push(folder);
  const modules = join(folder.path, "node_modules");
  mkdirSync(join(modules, "toolshed", "bin"), { recursive: true });
  copyFileSync(LAUNCHER, join(modules, "toolshed", "bin", "toolshed.cjs"));
  if (script !== null) {
    const name = launcher.platformPackage(process.platform, process.arch, process.platform === "linux" ? detectLibc(process.arch) : null);
    const bin = join(modules, name, "bin");
    mkdirSync(bin, { recursive: true });
    writeFileSync(join(modules, name, "package.json"), JSON.stringify({ name, version: "0.0.0" }));
    writeFileSync(join(bin, "toolshed"), script);
    chmodSync(join(bin, "toolshed"), 0o755);
  }
  return join(modules, "toolshed", "bin", "toolshed.cjs");
}

function spawnLauncher(path: string, args: string[]) {
  return Bun.spawn([node as string, path, ...args], { stdin: "pipe", stdout: "pipe", stderr: "pipe", timeout: 30_000 });
}

describe.skipIf(node === null || process.platform === "win32")("the launcher running a binary", () => {
  test("passes arguments, standard input and output, and the exit status through", async () => {
    const path = installStandIn('#!/bin/sh\nprintf "%s|" "$@"\ncat\necho "to stderr" >&2\nexit 3\n');
    const child = spawnLauncher(path, ["tools", "--json", "two words"]);
    child.stdin.write("from stdin\n");
    child.stdin.end();
    const [stdout, stderr, exitCode] = await Promise.all([new Response(child.stdout).text(), new Response(child.stderr).text(), child.exited]);
    expect(stdout).toBe("tools|--json|two words|from stdin\n");
    expect(stderr).toBe("to stderr\n");
    expect(exitCode).toBe(3);
  });

  test("passes a SIGTERM sent to it on to the binary, and ends by the signal that ended the binary", async () => {
    const path = installStandIn("#!/bin/sh\nsleep 30 &\nwaiting=$!\ntrap 'kill $waiting; echo got TERM; exit 42' TERM\necho ready\nwait $waiting\n");
    const forwarded = spawnLauncher(path, []);
    const reader = forwarded.stdout.getReader();
    expect(new TextDecoder().decode((await reader.read()).value)).toBe("ready\n");
    forwarded.kill("SIGTERM");
    expect(await forwarded.exited).toBe(42);
    expect(new TextDecoder().decode((await reader.read()).value)).toBe("got TERM\n");

    const killed = spawnLauncher(installStandIn("#!/bin/sh\nkill -TERM $$\n"), []);
    await killed.exited;
    expect(killed.signalCode).toBe("SIGTERM");
  });

  test("without the platform package it says which package is missing and how else to install", async () => {
    const child = spawnLauncher(installStandIn(null), ["--version"]);
    const [stderr, exitCode] = await Promise.all([new Response(child.stderr).text(), child.exited]);
    expect(exitCode).toBe(1);
    expect(stderr).toContain("toolshed: npm did not install @toolshed/");
    expect(stderr).toContain("Reinstall without --omit=optional or --no-optional, or install the binary with:\n  curl -fsSL https://");
    expect(stderr).not.toContain("    at ");
  });
});
