/**
 * Reproducible builds: the same tree built twice, in two folders at different depths, gives
 * byte-identical binaries and release archives. Runs the same script CI can run on its own.
 */
import { describe, expect, test } from "bun:test";
import { ROOT } from "./buildTestKit.ts";

describe("reproducibility", () => {
  test("two release builds of the same commit in different folders give the same binaries, archives, manifests and audit", () => {
    const run = Bun.spawnSync([process.execPath, "scripts/checkReproducible.ts", "--flavor", "public", "--release", "--json"], { cwd: ROOT, stdout: "pipe", stderr: "pipe", timeout: 170_000 });
    const stdout = run.stdout.toString();
    expect(run.stderr.toString()).toBe("");
    const report = JSON.parse(stdout) as { identical: boolean; differing: string[]; folders: string[]; sums: { first: string; second: string }; archives: { first: string; second: string } };
    expect(report.folders[0]).not.toBe(report.folders[1]);
    expect(report.sums.first).toMatch(/^[0-9a-f]{64} {2}public\/[a-z0-9-]+\/toolshed(\.exe)?\n$/);
    expect(report.sums.second).toBe(report.sums.first);
    expect(report.archives.first).toMatch(/^[0-9a-f]{64} {2}toolshed-[0-9.]+-public-[a-z0-9-]+\.(tar\.gz|zip)\n$/);
    expect(report.archives.second).toBe(report.archives.first);
    // The manifests (manifest.json, release.json) and the audit are compared too: no path, time or order of the machine in them.
    expect(report.differing).toEqual([]);
    expect(report.identical).toBe(true);
    expect(run.exitCode).toBe(0);
  }, 180_000);
});
