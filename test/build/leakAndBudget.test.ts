/**
 * The checks must catch what they are for: a public build whose entry imports a gated tool
 * statically fails the leak check naming the tool, and a flavor over its budget fails the build.
 */
import { afterEach, describe, expect, test } from "bun:test";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { buildFlavor } from "../../scripts/build/buildFlavor.ts";
import { loadFlavors } from "../../scripts/build/flavors.ts";
import { leakedToolNames } from "../../scripts/build/leakCheck.ts";
import { runBuild } from "../../scripts/build/runBuild.ts";
import { hostTarget } from "../../scripts/build/targets.ts";
import { flavorToolSchemas } from "../../scripts/build/toolSchemas.ts";
import { createBuildFolder, ROOT } from "./buildTestKit.ts";

const publicFlavor = JSON.parse(readFileSync(join(ROOT, "flags", "public.json"), "utf8"));
let folder: ReturnType<typeof createBuildFolder> | undefined;
afterEach(() => folder?.remove());

/** The public flavor built from a leaking entry into a fresh folder, for the targets given (the host's by default). */
async function buildLeaky(entrypoint: string, targets?: string[]) {
  const made = createBuildFolder({ public: publicFlavor });
  folder = made;
  const result = await runBuild({ root: ROOT, flagsDirectory: made.flags, outputDirectory: made.dist, baselineFile: made.baseline, entrypoint, ...(targets === undefined ? {} : { targets }), commit: "0123456789ab" });
  return { result, dist: made.dist };
}

describe("the leak check", () => {
  test("fails a public build that imports a gated tool statically, naming the tool and the evidence", async () => {
    const { result, dist } = await buildLeaky("test/build/fixtures/leakyMain.ts");
    expect(result.ok).toBe(false);
    const leak = result.failures.find((failure) => failure.startsWith("leak:"));
    expect(leak).toContain("the public flavor contains the gated tool Sleep");
    expect(result.failures.filter((failure) => failure.startsWith("leak:"))).toHaveLength(1);
    const audit = result.audit.flavors[0];
    const where = new Set(audit?.leaks.map((found) => found.where.split(" ")[0]));
    // Found three ways: among the bundle's inputs, in a JavaScript chunk, and in the binary itself.
    expect([...where].sort()).toEqual(["binary", "bundle", "chunk"]);
    expect(audit?.leaks.find((found) => found.where === "bundle inputs")?.evidence).toContain("src/tools/SleepTool/SleepTool.ts");
    expect(readFileSync(join(dist, "audit.md"), "utf8")).toContain("| Sleep | bundle inputs |");
  }, 120_000);
});

describe("the leak check across platforms", () => {
  test("finds a gated sentence that only another platform's binary holds, in that binary's chunks", async () => {
    const { result } = await buildLeaky("test/build/fixtures/platformLeakMain.ts", ["linux-x64", "windows-x64"]);
    const leaks = result.audit.flavors[0]?.leaks ?? [];
    expect(leaks.map((leak) => [leak.tool, leak.where.split(" ")[0]])).toEqual([["Sleep", "chunk"]]);
    expect(leaks[0]?.evidence).toContain("The user can interrupt the pause");
    expect(result.failures.some((failure) => failure.startsWith("leak: the public flavor contains the gated tool Sleep"))).toBe(true);
  }, 120_000);
});

describe("the leak check on embedded tool schemas", () => {
  test("fails a public build whose embedded schema table holds the internal flavor's gated schemas", async () => {
    folder = createBuildFolder({}, ["public", "internal"]);
    const [internal, publicOne] = loadFlavors(folder.flags);
    if (internal === undefined || publicOne === undefined) throw new Error("the flavor files were not copied");
    const built = await buildFlavor({
      source: { root: ROOT, entrypoint: join(ROOT, "src", "main.ts"), flavor: publicOne, commit: "0123456789ab", toolSchemas: flavorToolSchemas(internal) },
      targets: [hostTarget()],
      outputDirectory: folder.dist,
      host: hostTarget(),
    });
    // No gated module is in the bundle: only the schema text gives them away.
    expect(built.audit.gatedToolsPresent).toEqual([]);
    expect(leakedToolNames(built.audit.leaks).sort()).toEqual(["Config", "CronCreate", "CronDelete", "CronList", "Monitor", "REPL", "RemoteTrigger", "Sleep"]);
    expect(built.failures.some((failure) => failure.startsWith("leak: the public flavor contains the gated tool CronList"))).toBe(true);
  }, 120_000);
});

describe("budgets", () => {
  test("a flavor over its budget fails the build with a message saying by how much and where to change it", async () => {
    folder = createBuildFolder({ tight: { ...publicFlavor, description: "public with a budget it cannot meet", budgets: { ...publicFlavor.budgets, jsBytes: 1000 } } });
    // What an earlier, successful build left: its manifest and checksums must not survive a failed one.
    mkdirSync(folder.dist, { recursive: true });
    writeFileSync(join(folder.dist, "manifest.json"), '{"artifacts":[{"file":"tight/darwin-x64/toolshed"}]}');
    writeFileSync(join(folder.dist, "SHA256SUMS"), `${"0".repeat(64)}  tight/darwin-x64/toolshed\n`);
    const result = await runBuild({ root: ROOT, flagsDirectory: folder.flags, outputDirectory: folder.dist, baselineFile: folder.baseline, commit: "0123456789ab", updateBaseline: true });
    expect(result.ok).toBe(false);
    expect(result.failures).toHaveLength(2);
    expect(result.failures[0]).toMatch(/^tight: jsBytes is [\d,]+ bytes, over its budget of 1,000 by [\d,]+ bytes \([\d.]+%\)\. Shrink the bundle or raise budgets\.jsBytes in .*tight\.json\.$/);
    expect(result.failures[1]).toContain("was not updated, because the build failed its checks");
    expect(result.audit.flavors[0]?.leaks).toEqual([]);
    expect(existsSync(folder.baseline)).toBe(false);
    expect(existsSync(join(folder.dist, "manifest.json"))).toBe(false);
    expect(existsSync(join(folder.dist, "SHA256SUMS"))).toBe(false);
    expect(readFileSync(join(folder.dist, "audit.md"), "utf8")).toContain("tight");
  }, 120_000);
});

describe("a build that cannot bundle", () => {
  test("throws, leaving no manifest or checksums from the build before it", async () => {
    folder = createBuildFolder({ public: publicFlavor });
    mkdirSync(folder.dist, { recursive: true });
    writeFileSync(join(folder.dist, "manifest.json"), "{}");
    writeFileSync(join(folder.dist, "SHA256SUMS"), "");
    await expect(runBuild({ root: ROOT, flagsDirectory: folder.flags, outputDirectory: folder.dist, baselineFile: folder.baseline, entrypoint: "test/build/fixtures/missingEntry.ts", commit: "0123456789ab" })).rejects.toThrow(`compiling public for ${hostTarget()} failed`);
    expect(existsSync(join(folder.dist, "manifest.json"))).toBe(false);
    expect(existsSync(join(folder.dist, "SHA256SUMS"))).toBe(false);
  }, 120_000);
});
