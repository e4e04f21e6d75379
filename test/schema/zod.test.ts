/**
 * zod/mini through src/schema/zod.ts: the same functions as the package's own, and loaded only
 * when a schema is built. A call whose input its JSON Schema checks (Read) and `tools --json`
 * never evaluate Zod; a call whose schema only Zod can check (Edit's has a default) does.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import * as zodMini from "zod/mini";
import { bundleJavaScript } from "../../scripts/build/bundleFlavor.ts";
import { loadFlavors } from "../../scripts/build/flavors.ts";
import { flavorExactSchemas, flavorToolSchemas } from "../../scripts/build/toolSchemas.ts";
import { z } from "../../src/schema/zod.ts";

const ROOT = resolve(import.meta.dir, "..", "..");
const folder = mkdtempSync(join(tmpdir(), "toolshed-zod-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

test("the parts are zod/mini's own functions", () => {
  expect(z.string).toBe(zodMini.string);
  expect(z.safeParse(z.strictObject({ a: z.optional(z.int()) }), { a: 2 })).toEqual({ success: true, data: { a: 2 } });
  expect(Object.keys(z)).toContain("strictObject");
  expect("toJSONSchema" in z).toBe(true);
});

let bundle: string;
beforeAll(async () => {
  // The public flavor's bundle as the binary carries it: with the schema table, so a call's input can skip Zod.
  const flavor = loadFlavors(join(ROOT, "flags")).find((candidate) => candidate.name === "public");
  if (flavor === undefined) throw new Error("flags/public.json is missing");
  const { chunks } = await bundleJavaScript({ root: ROOT, entrypoint: "src/main.ts", flavor, commit: "test", toolSchemas: flavorToolSchemas(flavor), exactSchemas: flavorExactSchemas(flavor) });
  bundle = join(folder, "bundle");
  for (const chunk of chunks) {
    mkdirSync(dirname(join(bundle, chunk.path)), { recursive: true });
    writeFileSync(join(bundle, chunk.path), chunk.text);
  }
}, 60_000);

/** Runs the bundled CLI and says whether Zod's modules were evaluated by the time it exited. */
async function zodLoadedBy(args: string[]): Promise<boolean> {
  const probe = join(folder, "probe.ts");
  writeFileSync(probe, 'process.on("exit", (status) => process.stderr.write(`\\nprobe: ${JSON.stringify({ status, zod: "__zod_globalConfig" in globalThis })}\\n`));\n');
  const child = Bun.spawn([process.execPath, "--preload", probe, join(bundle, "src", "main.js"), ...args], {
    cwd: folder,
    stdout: "ignore",
    stderr: "pipe",
    env: { ...process.env, HOME: folder, TOOLSHED_CONFIG_DIR: join(folder, "config"), TOOLSHED_MANAGED_SETTINGS: join(folder, "none.json"), TOOLSHED_SESSION_DIR: join(folder, "sessions") },
  });
  const [stderr] = await Promise.all([new Response(child.stderr).text(), child.exited]);
  const line = stderr.split("\n").find((text) => text.startsWith("probe: "));
  if (line === undefined) throw new Error(`the probe printed no result: ${stderr}`);
  const { status, zod } = JSON.parse(line.slice("probe: ".length)) as { status: number; zod: boolean };
  expect(status).toBe(0);
  return zod;
}

test("toolshed run Read and tools --json build no Zod schema; an Edit call does", async () => {
  const file = join(folder, "notes.txt");
  writeFileSync(file, "first\nsecond\n");
  expect(await zodLoadedBy(["run", "Read", JSON.stringify({ file_path: file })])).toBe(false);
  expect(await zodLoadedBy(["tools", "--json"])).toBe(false);
  const calls = join(folder, "calls.json");
  writeFileSync(calls, JSON.stringify([
    { name: "Read", input: { file_path: file } },
    { name: "Edit", input: { file_path: file, old_string: "second", new_string: "2nd" } },
  ]));
  expect(await zodLoadedBy(["run", "--calls", calls, "--json", "--permission-mode", "acceptEdits"])).toBe(true);
}, 30_000);
