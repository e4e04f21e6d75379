/**
 * install.sh without a build: its options, its refusals, and that it chooses the build for this
 * machine exactly as selectTarget(detectPlatform()) does (a release folder of stand-in archives).
 */
import { afterEach, describe, expect, test } from "bun:test";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { TARGETS } from "../../scripts/build/targets.ts";
import { detectPlatform } from "../../src/release/detectPlatform.ts";
import { formatChecksums } from "../../src/release/parseChecksums.ts";
import { archiveName } from "../../src/release/releaseLayout.ts";
import { selectTarget } from "../../src/release/selectTarget.ts";
import { ROOT } from "../build/buildTestKit.ts";
import { createTemporaryFolder, type TemporaryFolder } from "../helpers/temporaryFolder.ts";

const INSTALLER = join(ROOT, "scripts/release/install.sh");
const HASH = "0".repeat(64);
let folder: TemporaryFolder | undefined;
afterEach(() => folder?.remove());

function install(args: string[], env: Record<string, string> = {}): { exitCode: number; stdout: string; stderr: string } {
  const result = Bun.spawnSync(["sh", INSTALLER, ...args], { env: { PATH: "/usr/bin:/bin", HOME: "/nonexistent", ...env }, stdout: "pipe", stderr: "pipe", timeout: 30_000 });
  return { exitCode: result.exitCode ?? -1, stdout: result.stdout.toString(), stderr: result.stderr.toString() };
}

/** A release folder whose SHA256SUMS lists an archive for every flavor and target (the archives are absent). */
function fakeRelease(version: string, flavors: readonly string[] = ["internal", "public"]): string {
  folder = createTemporaryFolder();
  const release = join(folder.path, "release");
  mkdirSync(release);
  const files = flavors.flatMap((flavor) => TARGETS.map((target) => ({ file: archiveName({ version, flavor, target }), sha256: HASH })));
  writeFileSync(join(release, "SHA256SUMS"), formatChecksums(files));
  return release;
}

describe.skipIf(process.platform === "win32")("install.sh", () => {
  test.skipIf(Bun.which("shellcheck") === null)("is POSIX sh that shellcheck finds nothing in", () => {
    const checked = Bun.spawnSync(["shellcheck", "-s", "sh", INSTALLER], { stdout: "pipe", stderr: "pipe", timeout: 30_000 });
    expect(checked.stdout.toString()).toBe("");
    expect(checked.exitCode).toBe(0);
  });

  test("--help lists the options; an unknown option exits 2 naming the valid ones", () => {
    const help = install(["--help"]);
    expect(help.exitCode).toBe(0);
    for (const option of ["--from", "--prefix", "--flavor", "--target", "--dry-run"]) expect(help.stdout).toContain(option);
    const wrong = install(["--frm", "x"]);
    expect(wrong.exitCode).toBe(2);
    expect(wrong.stderr).toContain('unknown option "--frm". The options are: --from, --prefix, --flavor, --target, --dry-run, --help');
  });

  test("chooses the build for this machine as selectTarget(detectPlatform()) does, with the version from SHA256SUMS", () => {
    const chosen = selectTarget(detectPlatform());
    if (!chosen.ok) throw new Error(chosen.error);
    const release = fakeRelease("2.3.4-rc.1");
    const dry = install(["--from", release, "--dry-run"], { HOME: join(folder!.path, "home") });
    expect(dry.stderr).toBe("");
    expect(dry.stdout).toBe(`would install toolshed 2.3.4-rc.1 (public, ${chosen.target}) from ${release}/${archiveName({ version: "2.3.4-rc.1", flavor: "public", target: chosen.target })} into ${folder!.path}/home/.local/bin/toolshed\n`);
    expect(dry.exitCode).toBe(0);
  });

  test("--flavor, --target and --prefix choose another build and place; $TOOLSHED_RELEASE_URL another release", () => {
    const release = fakeRelease("1.0.0");
    const dry = install(["--flavor", "internal", "--target=linux-x64-musl-baseline", "--prefix", "/opt/tools", "--dry-run"], { TOOLSHED_RELEASE_URL: `file://${release}/` });
    expect(dry.stdout).toBe(`would install toolshed 1.0.0 (internal, linux-x64-musl-baseline) from ${release}/toolshed-1.0.0-internal-linux-x64-musl-baseline.tar.gz into /opt/tools/bin/toolshed\n`);
  });

  test("a release without the build asked for says which builds it has", () => {
    const release = fakeRelease("1.0.0", ["public"]);
    const missing = install(["--from", release, "--flavor", "nightly", "--dry-run"]);
    expect(missing.exitCode).toBe(1);
    expect(missing.stderr).toContain(`the release at ${release} has no nightly build for`);
    expect(missing.stderr).toContain("toolshed-1.0.0-public-linux-x64.tar.gz toolshed-1.0.0-public-linux-arm64.tar.gz");
  });

  test("refuses plain http to another machine, unknown schemes, and names that are not names, before fetching anything", () => {
    const http = install(["--from", "http://releases.example/toolshed", "--dry-run"]);
    expect(http.exitCode).toBe(1);
    expect(http.stderr).toContain("refusing plain http for http://releases.example/toolshed");
    expect(install(["--from", "ftp://releases.example/toolshed"]).stderr).toContain("is not a release location");
    const injected = install(["--flavor", "public|.*", "--dry-run"]);
    expect(injected.exitCode).toBe(2);
    expect(injected.stderr).toContain("--flavor wants a flavor name");
  });

  test("a folder that is not a release is reported plainly", () => {
    folder = createTemporaryFolder();
    const result = install(["--from", folder.path, "--dry-run"]);
    expect(result.exitCode).toBe(1);
    expect(result.stderr).toBe(`install.sh: ${folder.path}/SHA256SUMS does not exist (is ${folder.path} a release folder?)\n`);
  });
});
