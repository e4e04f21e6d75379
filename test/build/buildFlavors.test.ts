/**
 * The real build of both flavors for this machine, into a temporary folder: output layout,
 * manifest and checksums, the audit reports, and what each binary offers.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { GATED_TOOLS } from "../../scripts/build/gatedTools.ts";
import { runBuild, type BuildResult } from "../../scripts/build/runBuild.ts";
import { executableName, hostTarget } from "../../scripts/build/targets.ts";
import { createBuildFolder, ROOT, runBinary } from "./buildTestKit.ts";

const COMMIT = "0123456789ab";
const host = hostTarget();
const GATED = GATED_TOOLS.map((tool) => tool.name);
let folder: ReturnType<typeof createBuildFolder>;
let result: BuildResult;
const progress: string[] = [];

const binary = (flavor: string) => join(folder.dist, flavor, host, executableName(host));
const listTools = (flavor: string, env: Record<string, string> = {}) =>
  (JSON.parse(runBinary(binary(flavor), ["tools", "--json"], env, folder.path).stdout) as Array<{ name: string }>).map((tool) => tool.name);

beforeAll(async () => {
  folder = createBuildFolder({}, ["public", "internal"]);
  result = await runBuild({
    root: ROOT,
    flagsDirectory: folder.flags,
    outputDirectory: folder.dist,
    baselineFile: folder.baseline,
    commit: COMMIT,
    onProgress: (line) => progress.push(line),
  });
}, 180_000);
afterAll(() => folder?.remove());

describe("npm run build: every flavor for the host", () => {
  test("succeeds, with one progress line per flavor and target", () => {
    expect(result.failures).toEqual([]);
    expect(result.ok).toBe(true);
    // The flavors compile at once, so the lines come in the order they finish; the count runs up.
    expect(progress).toHaveLength(2);
    for (const [index, line] of progress.entries()) {
      expect(line).toMatch(new RegExp(`^\\[${index + 1}/2\\] (internal|public) +${host} +[0-9.]+ s +[0-9.]+ MB +smoke test passed \\(native\\)$`));
    }
    expect(progress.map((line) => line.split(/ +/)[1]).sort()).toEqual(["internal", "public"]);
  });

  test("lays out dist/<flavor>/<target>/toolshed, manifest.json, SHA256SUMS and the three audit reports", () => {
    for (const file of ["manifest.json", "SHA256SUMS", "audit.json", "audit.md", "audit.html"]) expect(existsSync(join(folder.dist, file))).toBe(true);
    const manifest = JSON.parse(readFileSync(join(folder.dist, "manifest.json"), "utf8"));
    expect(manifest).toMatchObject({ name: "toolshed", commit: COMMIT, bunVersion: Bun.version });
    expect(manifest.artifacts.map((artifact: { file: string }) => artifact.file)).toEqual([`internal/${host}/toolshed`, `public/${host}/toolshed`]);
    const sums = readFileSync(join(folder.dist, "SHA256SUMS"), "utf8").trim().split("\n");
    for (const line of sums) {
      const [hash, file] = line.split("  ") as [string, string];
      expect(new Bun.CryptoHasher("sha256").update(readFileSync(join(folder.dist, file))).digest("hex")).toBe(hash);
      expect(manifest.artifacts.find((artifact: { file: string }) => artifact.file === file).sha256).toBe(hash);
    }
    expect(manifest.artifacts[1]).toMatchObject({ flavor: "public", features: [], userType: "external", smokeTest: "passed (native)" });
    expect(manifest.artifacts[1].jsBytes).toBeGreaterThan(manifest.artifacts[1].jsGzipBytes);
    expect(manifest.artifacts[1].jsGzipBytes).toBeGreaterThan(manifest.artifacts[1].jsBrotliBytes);
  });

  test("--version names the version, flavor, features, commit and Bun version", () => {
    const internal = runBinary(binary("internal"), ["--version"]).stdout.trim();
    expect(internal).toBe(`toolshed 0.1.0 (flavor internal; features AGENT_TRIGGERS,AGENT_TRIGGERS_REMOTE,KAIROS,MONITOR_TOOL,PROACTIVE; commit ${COMMIT}; bun ${Bun.version})`);
    expect(runBinary(binary("public"), ["--version"]).stdout.trim()).toBe(`toolshed 0.1.0 (flavor public; features none; commit ${COMMIT}; bun ${Bun.version})`);
  });

  test("the public binary's tool list, with the schemas embedded at build time, is what the source derives", async () => {
    const { describeToolsForApi } = await import("../../src/pipeline/describeToolsForApi.ts");
    const { assembleToolPool } = await import("../../src/tools.ts");
    const { createPermissionContext } = await import("../../src/permissions/types.ts");
    const fromSource = await describeToolsForApi({ tools: assembleToolPool(createPermissionContext()), hiddenTools: [] });
    const fromBinary = JSON.parse(runBinary(binary("public"), ["tools", "--json"], {}, folder.path).stdout);
    expect(fromBinary).toEqual(JSON.parse(JSON.stringify(fromSource)));
  });

  test("the public binary lists none of the gated tools, even with USER_TYPE=internal in its environment", () => {
    for (const env of [{}, { USER_TYPE: "internal" }] as Array<Record<string, string>>) {
      const tools = listTools("public", env);
      expect(tools).toContain("Read");
      expect(tools.filter((name) => GATED.includes(name))).toEqual([]);
    }
  });

  test("the internal binary lists every gated tool, and USER_TYPE=external does not take REPL or Config away", () => {
    expect(listTools("internal").filter((name) => GATED.includes(name)).sort()).toEqual([...GATED].sort());
    expect(listTools("internal", { USER_TYPE: "external" })).toContain("REPL");
  });

  test("REPL mode in the internal binary hides the primitive tools; the public binary ignores it", () => {
    const replMode = listTools("internal", { TOOLSHED_REPL_MODE: "1" });
    expect(replMode).toContain("REPL");
    expect(replMode).not.toContain("Read");
    expect(replMode).not.toContain("Glob");
    expect(listTools("public", { TOOLSHED_REPL_MODE: "1" })).toContain("Read");
  });

  test("gated tools run inside the internal binary; the public one does not know them", () => {
    const slept = runBinary(binary("internal"), ["run", "Sleep", '{"seconds": 0.01}'], {}, folder.path);
    expect(slept.stdout).toContain("Paused for 0.01 seconds.");
    expect(slept.exitCode).toBe(0);
    const listed = runBinary(binary("internal"), ["run", "CronList", "{}"], {}, folder.path);
    expect(listed.stdout).toContain("No scheduled jobs.");
    const unknown = runBinary(binary("public"), ["run", "Sleep", '{"seconds": 0.01}'], {}, folder.path);
    expect(unknown.exitCode).not.toBe(0);
    expect(`${unknown.stdout}${unknown.stderr}`).toContain('no tool named "Sleep"');
  });

  test("REPL runs JavaScript in the internal binary, its tool calls going through the permission rules", () => {
    writeFileSync(join(folder.path, "note.txt"), "from the binary\n");
    const code = `const text = await Read({ file_path: ${JSON.stringify(join(folder.path, "note.txt"))} }); return text.trim();`;
    const allowed = runBinary(binary("internal"), ["run", "REPL", JSON.stringify({ code }), "--allowedTools", "REPL"], {}, folder.path);
    expect(allowed.stdout).toContain("from the binary");
    // A deny that names the file (not the whole tool, which would take Read out of the pool) meets the call inside the REPL.
    const denied = runBinary(binary("internal"), ["run", "REPL", JSON.stringify({ code }), "--allowedTools", "REPL", "--disallowedTools", "Read(note.txt)"], {}, folder.path);
    expect(denied.stdout + denied.stderr).toContain("Permission to use Read was denied");
  });

  test("RemoteTrigger in the internal binary reaches the endpoint named in its settings", async () => {
    const paths: string[] = [];
    const server = Bun.serve({ port: 0, hostname: "127.0.0.1", fetch: (request) => (paths.push(new URL(request.url).pathname), Response.json([{ id: "nightly" }])) });
    try {
      const settings = JSON.stringify({ remoteTrigger: { url: `http://127.0.0.1:${server.port}/v1` } });
      const child = Bun.spawn([binary("internal"), "run", "RemoteTrigger", '{"action": "list"}', "--settings", settings], { cwd: folder.path, stdout: "pipe", stderr: "pipe" });
      const [stdout] = await Promise.all([new Response(child.stdout).text(), child.exited]);
      expect(stdout).toContain('"id": "nightly"');
      expect(paths).toEqual(["/v1/triggers"]);
    } finally {
      server.stop(true);
    }
  });

  test("the audit: sizes, packages, tools, a clean leak check, no source maps, budgets, differences", () => {
    const audit = JSON.parse(readFileSync(join(folder.dist, "audit.json"), "utf8"));
    const [internal, publicFlavor] = audit.flavors;
    expect(publicFlavor.flavor).toBe("public");
    expect(publicFlavor.leaks).toEqual([]);
    expect(publicFlavor.problems).toEqual([]);
    expect(publicFlavor.gatedToolsPresent).toEqual([]);
    expect(publicFlavor.toolsSource).toBe(`tools --json of ${host}`);
    expect(publicFlavor.modules.some((module: { path: string }) => module.path === "src/main.ts")).toBe(true);
    expect(publicFlavor.packages.map((entry: { name: string }) => entry.name)).toContain("zod");
    expect(publicFlavor.budgets.every((check: { ok: boolean }) => check.ok)).toBe(true);
    expect(internal.gatedToolsPresent.sort()).toEqual([...GATED].sort());
    expect(internal.packages.map((entry: { name: string }) => entry.name)).toContain("croner");
    const [difference] = audit.differences;
    expect(difference.flavors).toEqual(["internal", "public"]);
    expect(difference.toolsOnlyInFirst.sort()).toEqual([...GATED].sort());
    expect(difference.toolsOnlyInSecond).toEqual([]);
    expect(difference.modulesOnlyInFirst).toContain("src/tools/SleepTool/SleepTool.ts");
    expect(difference.modulesOnlyInFirst).toContain("node_modules/croner/dist/croner.js");
    const markdown = readFileSync(join(folder.dist, "audit.md"), "utf8");
    expect(markdown).toContain("## public");
    expect(markdown).toContain("Largest packages:");
    expect(markdown).toContain("tools only in internal:");
  });

  test("with no baseline file every size is new, and no baseline is written without the option", () => {
    expect(result.audit.baseline.every((row) => row.baseline === null && row.deltaBytes === null)).toBe(true);
    expect(existsSync(folder.baseline)).toBe(false);
  });
});
