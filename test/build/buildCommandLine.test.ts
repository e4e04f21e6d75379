/** `bun build.ts`: help, and bad requests refused with the valid choices before anything is built. */
import { describe, expect, test } from "bun:test";
import { BuildConfigError } from "../../scripts/build/buildErrors.ts";
import { loadFlavors } from "../../scripts/build/flavors.ts";
import { defaultSelection, parseBuildArgs } from "../../scripts/build/parseBuildArgs.ts";
import { executableName, selectTargets, TARGET_PLATFORMS, TARGETS } from "../../scripts/build/targets.ts";
import { NPM_TARGETS } from "../../scripts/npm/npmPackages.ts";
import { ROOT } from "./buildTestKit.ts";

function build(...args: string[]): { exitCode: number; stdout: string; stderr: string } {
  const result = Bun.spawnSync([process.execPath, "build.ts", ...args], { cwd: ROOT, stdout: "pipe", stderr: "pipe" });
  return { exitCode: result.exitCode ?? -1, stdout: result.stdout.toString(), stderr: result.stderr.toString() };
}

describe("bun build.ts", () => {
  test("--help explains flavors, targets and outputs", () => {
    const help = build("--help");
    expect(help.exitCode).toBe(0);
    expect(help.stdout).toContain("--flavor <name>");
    expect(help.stdout).toContain(TARGETS.join(", "));
    expect(help.stdout).toContain("dist/SHA256SUMS");
    expect(help.stdout).toContain("--release");
    expect(help.stdout).toContain("--npm");
  });

  test("an unknown flavor, target or flag exits 2 listing the valid ones, without a stack", () => {
    const flavor = build("--flavor", "nope");
    expect(flavor.exitCode).toBe(2);
    const names = loadFlavors(`${ROOT}/flags`).map((entry) => entry.name).join(", ");
    expect(flavor.stderr).toContain(`unknown flavor "nope". The flavors are: ${names}.`);
    const target = build("--target", "solaris-sparc");
    expect(target.exitCode).toBe(2);
    expect(target.stderr).toContain(`unknown target "solaris-sparc". The targets are: ${TARGETS.join(", ")}, all, host.`);
    const flag = build("--flavour", "public");
    expect(flag.exitCode).toBe(2);
    expect(flag.stderr).toContain("The flags are: --flavor, --target, --json, --update-baseline, --release, --npm, --commit, --help (-h).");
    for (const output of [flavor, target, flag]) expect(output.stderr).not.toContain("    at ");
  });

  test("arguments parse into flavors, targets and options", () => {
    expect(parseBuildArgs(["--flavor", "public", "--target", "all", "--json", "--update-baseline"])).toMatchObject({
      flavors: ["public"], targets: ["all"], json: true, updateBaseline: true,
    });
    expect(() => parseBuildArgs(["--commit", "not-a-hash"])).toThrow(BuildConfigError);
    expect(() => parseBuildArgs(["stray"])).toThrow('unexpected argument "stray"');
  });

  test("targets: all expands to the eleven platforms; Windows gets .exe", () => {
    expect(selectTargets(["all"])).toEqual([...TARGETS]);
    expect(TARGETS).toEqual([
      "linux-x64", "linux-arm64", "darwin-x64", "darwin-arm64", "windows-x64",
      "linux-x64-musl", "linux-arm64-musl", "linux-x64-baseline", "linux-x64-musl-baseline", "darwin-x64-baseline", "windows-x64-baseline",
    ]);
    expect(selectTargets(["linux-arm64", "all"])).toHaveLength(11);
    expect(executableName("windows-x64")).toBe("toolshed.exe");
    expect(executableName("windows-x64-baseline")).toBe("toolshed.exe");
    expect(executableName("darwin-arm64")).toBe("toolshed");
  });

  test("each target compiles with Bun's runtime of the same system, CPU, C library and instruction set", () => {
    for (const target of TARGETS) {
      const { os, arch, libc, baseline, bunTarget } = TARGET_PLATFORMS[target];
      expect(`${os}-${arch}${libc === "musl" ? "-musl" : ""}${baseline ? "-baseline" : ""}`).toBe(target);
      expect(bunTarget).toStartWith(`bun-${os}-${arch}`);
      expect(bunTarget.includes("musl")).toBe(libc === "musl");
      expect(bunTarget.includes("baseline")).toBe(baseline);
      expect(libc === null).toBe(os !== "linux");
    }
  });

  test("--release builds every flavor for every target and --npm the npm flavor for its targets, unless told otherwise", () => {
    const select = (...args: string[]) => defaultSelection(parseBuildArgs(args));
    expect(select()).toEqual({ flavors: [], targets: [] });
    expect(select("--release")).toEqual({ flavors: [], targets: ["all"] });
    expect(select("--npm")).toEqual({ flavors: ["public"], targets: [...NPM_TARGETS] });
    expect(select("--release", "--npm")).toEqual({ flavors: [], targets: ["all"] });
    expect(select("--npm", "--target", "host")).toEqual({ flavors: ["public"], targets: ["host"] });
    expect(select("--release", "--flavor", "public", "--target", "linux-x64")).toEqual({ flavors: ["public"], targets: ["linux-x64"] });
  });
});
