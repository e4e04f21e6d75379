/**
 * Cross-compiling: the public flavor for one target per system and CPU (the musl and baseline
 * variants are built by `npm run release`, not by every test run). Bun fetches the other
 * platforms' runtimes from the npm registry (cached after the first time). Each file is checked
 * for the executable format and CPU of its platform; the Linux arm64 one runs under qemu when installed.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { openSync, readFileSync, readSync, closeSync } from "node:fs";
import { join } from "node:path";
import { findBunPayload } from "../../scripts/build/bunPayload.ts";
import { embeddedFiles } from "../../scripts/build/embeddedFiles.ts";
import { distinctiveTexts } from "../../scripts/build/gatedTools.ts";
import { findLeaksInBinary } from "../../scripts/build/leakCheck.ts";
import { runBuild, type BuildResult } from "../../scripts/build/runBuild.ts";
import { DESCRIPTION as READ_DESCRIPTION, renderPrompt as renderReadPrompt } from "../../src/tools/ReadTool/prompt.ts";
import { ReadTool } from "../../src/tools/ReadTool/ReadTool.ts";
import { findRunner } from "../../scripts/build/smokeTest.ts";
import { hostTarget, TARGET_PLATFORMS, TARGETS } from "../../scripts/build/targets.ts";
import { createBuildFolder, ROOT } from "./buildTestKit.ts";

/** One target per system and CPU: every executable format and instruction set the variants share. */
const PRIMARY_TARGETS = TARGETS.filter((target) => TARGET_PLATFORMS[target].libc !== "musl" && !TARGET_PLATFORMS[target].baseline);
let folder: ReturnType<typeof createBuildFolder>;
let result: BuildResult;

function head(path: string, length: number): Buffer {
  const buffer = Buffer.alloc(length);
  const descriptor = openSync(path, "r");
  readSync(descriptor, buffer, 0, length, 0);
  closeSync(descriptor);
  return buffer;
}

/** The operating system and CPU an executable's header names. */
function describeExecutable(path: string): string {
  const bytes = head(path, 4096);
  if (bytes.subarray(0, 4).toString("latin1") === "\x7fELF") {
    const machine = bytes.readUInt16LE(18);
    return `linux-${machine === 0x3e ? "x64" : machine === 0xb7 ? "arm64" : machine}`;
  }
  if (bytes.readUInt32LE(0) === 0xfeedfacf) {
    const cpu = bytes.readUInt32LE(4);
    return `darwin-${cpu === 0x01000007 ? "x64" : cpu === 0x0100000c ? "arm64" : cpu}`;
  }
  if (bytes.subarray(0, 2).toString("latin1") === "MZ") {
    const pe = bytes.readUInt32LE(0x3c);
    const machine = bytes.readUInt16LE(pe + 4);
    return `windows-${machine === 0x8664 ? "x64" : machine}`;
  }
  return "unknown";
}

beforeAll(async () => {
  folder = createBuildFolder({}, ["public"]);
  result = await runBuild({ root: ROOT, flagsDirectory: folder.flags, outputDirectory: folder.dist, baselineFile: folder.baseline, targets: PRIMARY_TARGETS, commit: "0123456789ab" });
}, 600_000);
afterAll(() => folder?.remove());

describe("cross-compiled targets", () => {
  test("produces the five platforms' executables, each in its own format, all in the manifest", () => {
    expect(PRIMARY_TARGETS).toEqual(["linux-x64", "linux-arm64", "darwin-x64", "darwin-arm64", "windows-x64"]);
    expect(result.failures).toEqual([]);
    expect(result.artifacts.map((artifact) => artifact.target)).toEqual(PRIMARY_TARGETS);
    for (const artifact of result.artifacts) {
      expect(artifact.file).toBe(`public/${artifact.target}/${artifact.target.startsWith("windows") ? "toolshed.exe" : "toolshed"}`);
      expect(describeExecutable(join(folder.dist, artifact.file))).toBe(artifact.target);
    }
    expect(readFileSync(join(folder.dist, "SHA256SUMS"), "utf8").trim().split("\n")).toHaveLength(5);
  });

  test("the host binary is smoke-tested natively, linux-arm64 under qemu when it can run here, the rest say why not", () => {
    const host = hostTarget();
    for (const artifact of result.artifacts) {
      const runner = findRunner(artifact.target, host);
      if ("reason" in runner) expect(artifact.smokeTest).toBe(`not run: ${runner.reason}`);
      else expect(artifact.smokeTest).toBe(`passed (${runner.runner})`);
    }
  });

  test("every format's embedded bundle reads file by file: its chunks, measured for its own artifact, one entry, the grammars as assets", () => {
    const audit = result.audit.flavors[0];
    // The flavor's sizes are the first target's, whatever machine builds it.
    expect(audit?.js.raw).toBe(result.artifacts[0]?.jsBytes ?? -1);
    expect(result.artifacts[0]?.target).toBe("linux-x64");
    for (const artifact of result.artifacts) {
      const files = embeddedFiles(findBunPayload(readFileSync(join(folder.dist, artifact.file))) ?? Buffer.alloc(0));
      expect(files).toBeDefined();
      const javascript = (files ?? []).filter((file) => file.javascript);
      expect(javascript).toHaveLength(audit?.js.chunks ?? -1);
      expect(artifact.jsBytes).toBe(javascript.reduce((sum, file) => sum + file.contents.length, 0));
      expect(javascript.filter((file) => !file.name.startsWith("chunk-")).map((file) => file.name)).toEqual(["toolshed"]);
      expect((files ?? []).filter((file) => !file.javascript).map((file) => file.name.replace(/-\w+\.wasm$/, ".wasm")).sort()).toEqual(["tree-sitter-bash.wasm", "tree-sitter.wasm"]);
    }
  });

  test("the leak check covers every binary, and its scanner does see the bundle's text inside each format", () => {
    expect(result.audit.flavors[0]?.binaries.map((binary) => binary.target)).toEqual(PRIMARY_TARGETS);
    expect(result.audit.flavors[0]?.leaks).toEqual([]);
    // Read is in the public flavor: posing as a gated tool, its text must be found in every binary,
    // so that "no gated text found" means something for each platform's format.
    const readPosingAsGated = { name: "Read", tool: ReadTool, gate: "test", isIncluded: () => false, modules: [], texts: distinctiveTexts(READ_DESCRIPTION, renderReadPrompt()) };
    for (const artifact of result.artifacts) {
      const bytes = readFileSync(join(folder.dist, artifact.file));
      const found = findLeaksInBinary([readPosingAsGated], artifact.target, bytes);
      expect(found.map((leak) => leak.where)).toEqual([`binary ${artifact.target}`]);
      // The audit scans the embedded bundle's section: found in each format, a small part of the file, holding the text.
      const payload = findBunPayload(bytes);
      expect(payload?.length ?? 0).toBeGreaterThan(1_000_000);
      expect(payload?.length ?? Infinity).toBeLessThan(bytes.length / 3);
      expect(findLeaksInBinary([readPosingAsGated], artifact.target, payload ?? Buffer.alloc(0)).map((leak) => leak.where)).toEqual([`binary ${artifact.target}`]);
    }
  });
});
