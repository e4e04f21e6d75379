/**
 * The audit reads a flavor's JavaScript chunks out of a real compiled executable: the files the
 * compile's metafile lists, each of its size, and the entry's text as it runs; a metafile that does
 * not match the executable, or a file with no embedded bundle, gives undefined.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { auditedChunks } from "../../scripts/build/buildFlavor.ts";
import { compileExecutable, type Metafile } from "../../scripts/build/bundleFlavor.ts";
import { chunksInBinary } from "../../scripts/build/chunksInBinary.ts";
import type { Flavor } from "../../scripts/build/flavors.ts";
import { hostTarget } from "../../scripts/build/targets.ts";
import { createTemporaryFolder } from "../helpers/temporaryFolder.ts";

const folder = createTemporaryFolder("toolshed-chunks-in-binary-");
afterAll(() => folder.remove());

const flavor: Flavor = { name: "probe", description: "", features: [], defines: {}, userType: "external", budgets: { jsBytes: 1e9, binaryBytes: 1e10 }, file: "probe.json" };
let binary: Buffer;
let metafile: Metafile;

beforeAll(async () => {
  writeFileSync(join(folder.path, "main.ts"), 'const { later } = await import("./later.ts");\nconsole.log("the entry says", later());\n');
  writeFileSync(join(folder.path, "later.ts"), 'export function later(): string {\n  return "a lazily loaded module";\n}\n');
  const outfile = join(folder.path, "probe");
  metafile = await compileExecutable({ root: folder.path, entrypoint: join(folder.path, "main.ts"), flavor, commit: "abc" }, hostTarget(), outfile);
  binary = readFileSync(outfile);
}, 60_000);

describe("chunksInBinary", () => {
  test("gives every output the metafile lists, named as it names them, with the text the binary runs", () => {
    const chunks = chunksInBinary(binary, metafile);
    const outputs = Object.entries(metafile.outputs).map(([path, output]) => ({ path: path.replace(/^\.\//, ""), bytes: output.bytes, entryPoint: output.entryPoint }));
    expect(outputs.length).toBeGreaterThanOrEqual(2);
    expect(chunks?.map((chunk) => chunk.path).sort()).toEqual(outputs.map((output) => output.path).sort());
    for (const chunk of chunks ?? []) {
      const output = outputs.find((each) => each.path === chunk.path);
      expect(Buffer.byteLength(chunk.text, "latin1")).toBe(output?.bytes ?? -1);
      expect(chunk.entryPoint).toBe(output?.entryPoint ?? undefined);
    }
    const texts = (chunks ?? []).map((chunk) => chunk.text).join("\n");
    expect(texts).toContain("the entry says");
    expect(texts).toContain("a lazily loaded module");
  });

  test("a metafile that does not describe the binary, or a file with no bundle in it, gives undefined", () => {
    const [first, ...rest] = Object.entries(metafile.outputs);
    if (first === undefined) throw new Error("no outputs");
    const resized = { ...metafile, outputs: { ...metafile.outputs, [first[0]]: { ...first[1], bytes: first[1].bytes + 1 } } };
    expect(chunksInBinary(binary, resized)).toBeUndefined();
    expect(chunksInBinary(binary, { ...metafile, outputs: Object.fromEntries(rest) })).toBeUndefined();
    const renamed = { ...metafile, outputs: { ...Object.fromEntries(rest), "./chunk-elsewhere.js": first[1] } };
    expect(chunksInBinary(binary, renamed)).toBeUndefined();
    expect(chunksInBinary(Buffer.from("#!/bin/sh\necho not a compiled executable\n"), metafile)).toBeUndefined();
  });
});

describe("auditedChunks", () => {
  const source = () => ({ root: folder.path, entrypoint: join(folder.path, "main.ts"), flavor, commit: "abc" });
  const audited = () => ({ target: hostTarget(), path: join(folder.path, "probe"), bytes: binary.length, metafile, smoke: { ran: false as const, reason: "not run here" } });

  test("takes the binary's own chunks and the sizes its compile measured", async () => {
    const notices: string[] = [];
    const js = { raw: 1, gzip: 2, brotli: 3, chunks: 4 };
    const result = await auditedChunks(source(), audited(), js, (line) => notices.push(line));
    expect(result.js).toBe(js);
    expect(result.metafile).toBe(metafile);
    expect(result.chunks.map((chunk) => chunk.path).sort()).toEqual(Object.keys(metafile.outputs).map((path) => path.replace(/^\.\//, "")).sort());
    expect(notices).toEqual([]);
  });

  test("when the compile could not read them, bundles the flavor again, measures that, and says so", async () => {
    const notices: string[] = [];
    const result = await auditedChunks(source(), audited(), undefined, (line) => notices.push(line));
    expect(notices).toEqual([`probe: the chunks inside the ${hostTarget()} binary could not be read, so the audit bundles them again`]);
    expect(result.js.chunks).toBe(result.chunks.length);
    expect(result.js.raw).toBe(result.chunks.reduce((sum, chunk) => sum + Buffer.byteLength(chunk.text), 0));
    expect(result.chunks.map((chunk) => chunk.text).join("\n")).toContain("a lazily loaded module");
    expect(Object.keys(result.metafile.inputs).sort()).toEqual(["later.ts", "main.ts"]);
  });
});
