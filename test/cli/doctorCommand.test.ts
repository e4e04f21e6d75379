/** `toolshed doctor` as a real process: what it finds in a folder, the config folder and the MCP servers. */
import { afterEach, expect, test } from "bun:test";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { MAIN } from "../helpers/printRun.ts";
import { FIXTURE_EXTRA_TOOLS } from "../mcp/helpers/serverProcesses.ts";
import { createTemporaryFolder, type TemporaryFolder } from "../helpers/temporaryFolder.ts";

let folder: TemporaryFolder | undefined;
afterEach(() => {
  folder?.remove();
  folder = undefined;
});

const FIXTURE = join(import.meta.dir, "..", "mcp", "fixtures", "fixtureServer.ts");

async function doctor(servers: Record<string, unknown>, args: string[] = [], env: Record<string, string> = {}) {
  folder = createTemporaryFolder("toolshed-doctor-");
  const project = join(folder.path, "project");
  const config = join(folder.path, "config");
  mkdirSync(project);
  mkdirSync(config);
  writeFileSync(join(config, "settings.json"), '{\n  "permisions": { "allow": ["Read"] }\n}\n');
  writeFileSync(join(config, "mcp.json"), JSON.stringify({ mcpServers: servers }));
  const child = Bun.spawn([process.execPath, MAIN, "doctor", ...args], {
    cwd: project,
    stdout: "pipe",
    stderr: "pipe",
    env: { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: folder.path, TOOLSHED_CONFIG_DIR: config, TOOLSHED_MANAGED_SETTINGS: join(folder.path, "managed.json"), ...env },
  });
  const [stdout, stderr, status] = await Promise.all([new Response(child.stdout).text(), new Response(child.stderr).text(), child.exited]);
  return { stdout, stderr, status, config };
}

test("reports the settings file and its problem, credentials without their value, each MCP server, and exits 1 for a problem", async () => {
  const run = await doctor({
    fx: { command: process.execPath, args: [FIXTURE, "--tools", "2"] },
    broken: { command: "/nonexistent/server" },
  }, [], { ANTHROPIC_API_KEY: "sk-test-secret-value" });
  expect(run.stderr).toBe("");
  expect(run.status).toBe(1);
  expect(run.stdout).toMatch(/^ok +version +toolshed 0\.1\.0 \(flavor dev;/m);
  expect(run.stdout).toContain(`${join(run.config, "settings.json")} (userSettings)`);
  expect(run.stdout).toMatch(/^warning +settings +.*permisions.*permissions/m);
  expect(run.stdout).toMatch(/^ok +credentials +ANTHROPIC_API_KEY is set \(its value is not shown\)/m);
  expect(run.stdout).not.toContain("sk-test-secret-value");
  expect(run.stdout).toMatch(new RegExp(`^ok +mcp fx +connected \\(${2 + FIXTURE_EXTRA_TOOLS} tools\\)`, "m"));
  expect(run.stdout).toMatch(/^problem +mcp broken +failed/m);
  expect(run.stdout.trim().split("\n").at(-1)).toBe("1 problem found.");
});

test("--json: the same checks as data; no problems means exit 0", async () => {
  const run = await doctor({}, ["--json"], { ANTHROPIC_API_KEY: "sk-test" });
  expect(run.status).toBe(0);
  const report = JSON.parse(run.stdout) as { ok: boolean; checks: { check: string; status: string; detail: string }[] };
  expect(report.ok).toBe(true);
  expect(report.checks.map((check) => check.check)).toEqual(expect.arrayContaining(["version", "config folder", "settings", "trust", "ripgrep", "credentials", "mcp", "agents"]));
  expect(report.checks.find((check) => check.check === "mcp")?.detail).toBe("no MCP servers configured (toolshed mcp add)");
});

test("without credentials, that is the problem, with what to do", async () => {
  const run = await doctor({});
  expect(run.status).toBe(1);
  expect(run.stdout).toMatch(/^problem +credentials +No credentials for the Anthropic API\. Give them in one of these ways: set ANTHROPIC_API_KEY/m);
});
