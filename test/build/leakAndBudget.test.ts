/**
 * The checks must catch what they are for: a public build whose entry imports a gated tool
 * statically fails the leak check naming the tool, and a flavor over its budget fails the build.
 */
import { afterEach, describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { runBuild } from "../../scripts/build/runBuild.ts";
import { createBuildFolder, ROOT } from "./buildTestKit.ts";

const publicFlavor = JSON.parse(readFileSync(join(ROOT, "flags", "public.json"), "utf8"));
let folder: ReturnType<typeof createBuildFolder> | undefined;
afterEach(() => folder?.remove());

describe("the leak check", () => {
  test("fails a public build that imports a gated tool statically, naming the tool and the evidence", async () => {
    folder = createBuildFolder({ public: publicFlavor });
    const result = await runBuild({
      root: ROOT,
      flagsDirectory: folder.flags,
      outputDirectory: folder.dist,
      baselineFile: folder.baseline,
      entrypoint: "test/build/fixtures/leakyMain.ts",
      commit: "0123456789ab",
    });
    expect(result.ok).toBe(false);
    const leak = result.failures.find((failure) => failure.startsWith("leak:"));
    expect(leak).toContain("the public flavor contains the gated tool Sleep");
    expect(result.failures.filter((failure) => failure.startsWith("leak:"))).toHaveLength(1);
    const audit = result.audit.flavors[0];
    const where = new Set(audit?.leaks.map((found) => found.where.split(" ")[0]));
    // Found three ways: among the bundle's inputs, in a JavaScript chunk, and in the binary itself.
    expect([...where].sort()).toEqual(["binary", "bundle", "chunk"]);
    expect(audit?.leaks.find((found) => found.where === "bundle inputs")?.evidence).toContain("src/tools/SleepTool/SleepTool.ts");
    expect(readFileSync(join(folder.dist, "audit.md"), "utf8")).toContain("| Sleep | bundle inputs |");
  }, 120_000);
});

describe("budgets", () => {
  test("a flavor over its budget fails the build with a message saying by how much and where to change it", async () => {
    folder = createBuildFolder({ tight: { ...publicFlavor, description: "public with a budget it cannot meet", budgets: { ...publicFlavor.budgets, jsBytes: 1000 } } });
    const result = await runBuild({ root: ROOT, flagsDirectory: folder.flags, outputDirectory: folder.dist, baselineFile: folder.baseline, commit: "0123456789ab" });
    expect(result.ok).toBe(false);
    expect(result.failures).toHaveLength(1);
    expect(result.failures[0]).toMatch(/^tight: jsBytes is [\d,]+ bytes, over its budget of 1,000 by [\d,]+ bytes \([\d.]+%\)\. Shrink the bundle or raise budgets\.jsBytes in .*tight\.json\.$/);
    expect(result.audit.flavors[0]?.leaks).toEqual([]);
  }, 120_000);
});
