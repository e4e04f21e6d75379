/**
 * The build's compile processes: a compile that fails says which flavor and target and why, one
 * that runs past its deadline is stopped, and the slots let only so many run at once, in order.
 */
import { afterAll, describe, expect, test } from "bun:test";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { BuildCheckError } from "../../scripts/build/buildErrors.ts";
import { createBuildSlots } from "../../scripts/build/buildSlots.ts";
import { compileInChild } from "../../scripts/build/compileInChild.ts";
import type { Flavor } from "../../scripts/build/flavors.ts";
import { hostTarget } from "../../scripts/build/targets.ts";
import { createTemporaryFolder } from "../helpers/temporaryFolder.ts";

const folder = createTemporaryFolder("toolshed-compile-child-");
afterAll(() => folder.remove());

const flavor: Flavor = { name: "probe", description: "", features: [], defines: {}, userType: "external", budgets: { jsBytes: 1e9, binaryBytes: 1e10 }, file: "probe.json" };

async function failure(job: Promise<unknown>): Promise<BuildCheckError> {
  const error = await job.then(() => undefined, (thrown: unknown) => thrown);
  expect(error).toBeInstanceOf(BuildCheckError);
  return error as BuildCheckError;
}

describe("compileInChild", () => {
  test("compiles an entry into a standalone executable and reports the compile's metafile, the executable's SHA-256 and, when asked, its chunks' sizes", async () => {
    writeFileSync(join(folder.path, "hello.ts"), 'console.log("hi from the child");\n');
    const outfile = join(folder.path, "hello");
    const source = { root: folder.path, entrypoint: join(folder.path, "hello.ts"), flavor, commit: "abc" };
    const report = await compileInChild(source, hostTarget(), outfile, { measure: true });
    // Input paths are relative to the root, whatever folder the build runs from.
    expect(Object.keys(report.metafile.inputs)).toEqual(["hello.ts"]);
    expect(existsSync(outfile)).toBe(true);
    expect(Bun.spawnSync([outfile]).stdout.toString()).toBe("hi from the child\n");
    expect(report.sha256).toBe(new Bun.CryptoHasher("sha256").update(readFileSync(outfile)).digest("hex"));
    // One chunk, the entry, of the size the metafile gives; gzip of so little text is larger than the text.
    const entryBytes = Object.values(report.metafile.outputs).map((output) => output.bytes);
    expect(entryBytes).toHaveLength(1);
    expect(report.js).toMatchObject({ raw: entryBytes[0], chunks: 1 });
    expect(report.js?.gzip).toBeGreaterThan(0);
    expect(report.js?.brotli).toBeGreaterThan(0);
    const unmeasured = await compileInChild(source, hostTarget(), join(folder.path, "hello-again"));
    expect(unmeasured.js).toBeUndefined();
    expect(unmeasured.sha256).toMatch(/^[0-9a-f]{64}$/);
  }, 60_000);

  test("a compile that fails names the flavor, the target and the compiler's message", async () => {
    writeFileSync(join(folder.path, "broken.ts"), 'import { nothing } from "./missing-module.ts";\nconsole.log(nothing);\n');
    const error = await failure(compileInChild({ root: folder.path, entrypoint: join(folder.path, "broken.ts"), flavor, commit: "abc" }, hostTarget(), join(folder.path, "broken")));
    expect(error.message).toStartWith(`compiling probe for ${hostTarget()} failed:`);
    expect(error.message).toContain("missing-module");
  }, 60_000);

  test("a compile killed before its deadline says it was killed, not that it took too long", async () => {
    // A macro runs inside the compile: this one kills the process compiling it, as the kernel would when memory runs out.
    writeFileSync(join(folder.path, "killer.ts"), 'export function killer(): string {\n  process.kill(process.pid, "SIGKILL");\n  return "";\n}\n');
    writeFileSync(join(folder.path, "killed.ts"), 'import { killer } from "./killer.ts" with { type: "macro" };\nconsole.log(killer());\n');
    const error = await failure(compileInChild({ root: folder.path, entrypoint: join(folder.path, "killed.ts"), flavor, commit: "abc" }, hostTarget(), join(folder.path, "killed")));
    expect(error.message).toBe(`compiling probe for ${hostTarget()} failed: the compiler was killed by SIGKILL (the system may have run out of memory)`);
  }, 60_000);

  test("a compile past its deadline is stopped and says so", async () => {
    writeFileSync(join(folder.path, "slow.ts"), "console.log(1);\n");
    const error = await failure(compileInChild({ root: folder.path, entrypoint: join(folder.path, "slow.ts"), flavor, commit: "abc" }, hostTarget(), join(folder.path, "slow"), { timeoutMs: 1 }));
    expect(error.message).toBe(`compiling probe for ${hostTarget()} took longer than 0 s and was stopped`);
  });
});

describe("build slots", () => {
  test("run at most their count at once, and waiting jobs start in the order they came, even after a failure", async () => {
    const slots = createBuildSlots(2);
    let running = 0;
    let most = 0;
    const started: number[] = [];
    const job = (index: number) => slots.run(async () => {
      started.push(index);
      running++;
      most = Math.max(most, running);
      await Bun.sleep(5);
      running--;
      if (index === 1) throw new Error("job 1 failed");
      return index;
    });
    const outcomes = await Promise.allSettled([0, 1, 2, 3, 4].map(job));
    expect(most).toBe(2);
    expect(started).toEqual([0, 1, 2, 3, 4]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(["fulfilled", "rejected", "fulfilled", "fulfilled", "fulfilled"]);
  });
});
