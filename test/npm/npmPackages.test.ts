/**
 * The npm packages for real: `bun build.ts --npm` of this machine's platform, the tarballs
 * installed with `npm install -g` into a temporary prefix and run from a PATH with no Bun on it;
 * and the library, unpacked into a Bun project, type-checked by TypeScript and run by Bun.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { delimiter, dirname, join } from "node:path";
import { GATED_TOOLS } from "../../scripts/build/gatedTools.ts";
import { findLeaks } from "../../scripts/build/leakCheck.ts";
import { runBuild, type BuildResult } from "../../scripts/build/runBuild.ts";
import { hostTarget } from "../../scripts/build/targets.ts";
import { NPM_TARGETS, npmTarballName, platformPackageName } from "../../scripts/npm/npmPackages.ts";
import { detectPlatform } from "../../src/release/detectPlatform.ts";
import { selectTarget } from "../../src/release/selectTarget.ts";
import { createBuildFolder, ROOT } from "../build/buildTestKit.ts";
import { readTarGz } from "../helpers/readTarGz.ts";

const COMMIT = "0123456789ab";
const node = Bun.which("node");
const npm = Bun.which("npm");
// The platform package npm would pick here: this machine's target without the baseline variant.
const picked = selectTarget({ ...detectPlatform(), avx2: true });
const target = picked.ok ? picked.target : hostTarget();
let folder: ReturnType<typeof createBuildFolder>;
let result: BuildResult;

function run(command: string[], options: { cwd: string; env?: Record<string, string>; timeout?: number }): { exitCode: number; stdout: string; stderr: string } {
  const spawned = Bun.spawnSync(command, { cwd: options.cwd, env: options.env, stdout: "pipe", stderr: "pipe", timeout: options.timeout ?? 60_000 });
  return { exitCode: spawned.exitCode ?? -1, stdout: spawned.stdout.toString(), stderr: spawned.stderr.toString() };
}

/** The folders of node and npm and the system's own, each one checked to hold no bun. */
function pathWithoutBun(...extra: string[]): string {
  const folders = [...new Set([...extra, dirname(node as string), dirname(npm as string), "/usr/bin", "/bin"])];
  const path = folders.join(delimiter);
  if (Bun.which("bun", { PATH: path }) !== null) throw new Error(`${Bun.which("bun", { PATH: path })} is on the PATH meant to hold no Bun`);
  return path;
}

const tarball = (name: string) => join(result.npm!.folder, npmTarballName(name, "0.1.0"));

/** Unpacks a tarball without its package/ folder, and returns its package.json. */
function unpack(name: string, into: string): Record<string, unknown> {
  mkdirSync(into, { recursive: true });
  expect(run(["tar", "-xzf", tarball(name), "-C", into, "--strip-components=1"], { cwd: into }).exitCode).toBe(0);
  return JSON.parse(readFileSync(join(into, "package.json"), "utf8")) as Record<string, unknown>;
}

beforeAll(async () => {
  folder = createBuildFolder({}, ["public"]);
  result = await runBuild({ root: ROOT, flagsDirectory: folder.flags, outputDirectory: folder.dist, baselineFile: folder.baseline, targets: [target], commit: COMMIT, npm: true });
}, 180_000);
afterAll(() => folder?.remove());

describe("the npm tarballs", () => {
  test("toolshed: the launcher as bin, the library for Bun, the declarations, one optional dependency per platform", () => {
    expect(result.failures).toEqual([]);
    expect(result.npm!.tarballs.map((entry) => entry.file)).toEqual(["toolshed-0.1.0.tgz", npmTarballName(platformPackageName(target), "0.1.0")]);
    const unpacked = join(folder.path, "main");
    const manifest = unpack("toolshed", unpacked);
    expect(manifest).toMatchObject({
      name: "toolshed",
      version: "0.1.0",
      license: "MIT",
      bin: { toolshed: "bin/toolshed.cjs" },
      types: "./types/index.d.ts",
      exports: { ".": { types: "./types/index.d.ts", bun: "./lib/index.js", default: "./lib/needsBun.js" } },
      optionalDependencies: Object.fromEntries(NPM_TARGETS.map((name) => [platformPackageName(name), "0.1.0"])),
    });
    // The dependencies are exactly the packages the declarations name, at the repository's ranges.
    const repository = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as { dependencies: Record<string, string> };
    expect(Object.keys(manifest.dependencies as object).sort()).toEqual(["@anthropic-ai/sdk", "@modelcontextprotocol/sdk", "web-tree-sitter", "zod"]);
    for (const [name, range] of Object.entries(manifest.dependencies as Record<string, string>)) expect(range).toBe(repository.dependencies[name] as string);
    for (const file of ["README.md", "LICENSE", "bin/toolshed.cjs", "lib/index.js", "lib/tree-sitter-bash.wasm", "types/index.d.ts", "types/Tool.d.ts"]) expect(existsSync(join(unpacked, file))).toBe(true);
    // The library is the public flavor: not one gated tool's module or sentence made it in (the build checks, and so does this).
    const library = readFileSync(join(unpacked, "lib", "index.js"), "utf8");
    expect(library.includes("// src/tools/ReadTool/ReadTool.ts")).toBe(true);
    expect(library.includes("// src/tools/SleepTool/")).toBe(false);
    expect(findLeaks({ excluded: GATED_TOOLS, inputs: [], chunks: [{ path: "lib/index.js", text: library }], listings: [] })).toEqual([]);
  });

  test("the platform package: the binary, with the os, cpu and libc that let npm pick it only where it runs", () => {
    const entries = readTarGz(tarball(platformPackageName(target)));
    // package.json first, as npm pack puts it: npm reads it without inflating the binary.
    expect(entries.filter((entry) => !entry.folder).map((entry) => [entry.path, entry.mode.toString(8)])).toEqual([
      ["package/package.json", "644"], ["package/LICENSE", "644"], ["package/README.md", "644"], ["package/bin/toolshed", "755"],
    ]);
    const manifest = JSON.parse(new TextDecoder().decode(entries.find((entry) => entry.path === "package/package.json")?.data)) as Record<string, unknown>;
    expect(manifest).toMatchObject({ name: platformPackageName(target), version: "0.1.0", os: [process.platform], cpu: [process.arch] });
    if (process.platform === "linux") expect(manifest.libc).toEqual([target.includes("musl") ? "musl" : "glibc"]);
  });

  test.skipIf(node === null || npm === null || process.platform === "win32")("npm install -g from the tarballs, on a PATH without Bun: toolshed --version and tools --json work", () => {
    const prefix = join(folder.path, "global");
    const PATH = pathWithoutBun(join(prefix, "bin"));
    // --prefix moves npm's global settings to <prefix>/etc/npmrc; the machine's (a CA file, a mirror) must still apply.
    const globalconfig = run([npm as string, "config", "get", "globalconfig"], { cwd: folder.path, env: { PATH } }).stdout.trim();
    const env = { PATH, HOME: process.env.HOME ?? folder.path, npm_config_globalconfig: globalconfig, npm_config_update_notifier: "false" };
    const installed = run([npm as string, "install", "-g", "--prefix", prefix, "--prefer-offline", "--no-audit", "--no-fund", "--fetch-timeout=60000", "--fetch-retries=1", tarball("toolshed"), tarball(platformPackageName(target))], { cwd: folder.path, env, timeout: 240_000 });
    if (installed.exitCode !== 0 && /E(NOTFOUND|AI_AGAIN|CONNREFUSED|CONNRESET|TIMEDOUT|NOTCACHED)/.test(installed.stderr)) {
      console.warn(`skipped: npm could not reach the registry for the library's dependencies:\n${installed.stderr.slice(0, 500)}`);
      return;
    }
    expect(installed.stderr).not.toContain("npm error");
    expect(installed.exitCode).toBe(0);
    // npm put this machine's platform package beside toolshed, where the launcher finds it.
    expect(existsSync(join(prefix, "lib", "node_modules", platformPackageName(target), "bin", "toolshed"))).toBe(true);
    const version = run(["toolshed", "--version"], { cwd: folder.path, env });
    expect(version.stderr).toBe("");
    expect(version.stdout).toBe(`toolshed 0.1.0 (flavor public; features none; commit ${COMMIT}; bun ${Bun.version})\n`);
    const listed = run(["toolshed", "tools", "--json"], { cwd: folder.path, env });
    expect(listed.exitCode).toBe(0);
    const names = (JSON.parse(listed.stdout) as Array<{ name: string }>).map((tool) => tool.name);
    expect(names).toContain("Read");
    expect(names.filter((name) => GATED_TOOLS.some((tool) => tool.name === name))).toEqual([]);
  }, 240_000);

  test.skipIf(node === null)("a Bun project imports the library with its types; anywhere else the import says it needs Bun", () => {
    const project = join(folder.path, "project");
    unpack("toolshed", join(project, "node_modules", "toolshed"));
    // The dependencies npm would install, and Bun's types, from this repository's node_modules.
    for (const name of ["zod", "@anthropic-ai", "web-tree-sitter", "@types", "bun-types", "undici-types"]) {
      if (existsSync(join(ROOT, "node_modules", name))) symlinkSync(join(ROOT, "node_modules", name), join(project, "node_modules", name));
    }
    writeFileSync(join(project, "agent.ts"), `import { assembleToolPool, createPermissionContext, runToolUse, type ToolUseOutcome } from "toolshed";
const pool = assembleToolPool(createPermissionContext());
const names: string[] = pool.map((tool) => tool.name);
const pending: Promise<ToolUseOutcome> | undefined = undefined;
console.log(names.join(","), typeof runToolUse, pending === undefined);
`);
    // Wrong on purpose: if a declaration did not resolve, its type would be any and nothing would be caught.
    writeFileSync(join(project, "wrong.ts"), `import { assembleToolPool, createPermissionContext, type ToolUseOutcome } from "toolshed";
export const count: string = assembleToolPool(createPermissionContext()).length;
export const block = (outcome: ToolUseOutcome): number => outcome.result;
`);
    writeFileSync(join(project, "tsconfig.json"), JSON.stringify({ compilerOptions: { strict: true, module: "preserve", moduleResolution: "bundler", target: "esnext", noEmit: true, types: ["bun"], skipLibCheck: true }, files: ["agent.ts", "wrong.ts"] }));
    const checked = run([process.execPath, join(ROOT, "node_modules", "typescript", "bin", "tsc"), "-p", "tsconfig.json"], { cwd: project });
    expect(checked.stdout.trim().split("\n")).toEqual([
      "wrong.ts(2,14): error TS2322: Type 'number' is not assignable to type 'string'.",
      // ToolResultBlockParam comes from @anthropic-ai/sdk, through our declarations.
      "wrong.ts(3,59): error TS2322: Type 'ToolResultBlockParam' is not assignable to type 'number'.",
    ]);
    const ran = run([process.execPath, "agent.ts"], { cwd: project });
    expect(ran.stderr).toBe("");
    expect(ran.stdout).toBe("Agent,AskUserQuestion,Bash,Edit,EnterPlanMode,ExitPlanMode,Glob,Grep,LS,ListMcpResources,NotebookEdit,Read,ReadMcpResource,Skill,TaskOutput,TaskStop,TodoWrite,ToolSearch,WebFetch,WebSearch,Write function true\n");
    const fromNode = run([node as string, "--input-type=module", "-e", 'await import("toolshed")'], { cwd: project });
    expect(fromNode.exitCode).not.toBe(0);
    expect(fromNode.stderr).toContain("toolshed's library runs on Bun (https://bun.sh), not here. From Node or any other runtime, use toolshed through its MCP server instead: run `toolshed mcp serve`");
  });
});
