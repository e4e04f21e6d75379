/** `toolshed mcp add|remove|list|get` through runCli, in a sandbox standing in for the machine. */
import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { runCli } from "../../../src/cli/runCli.ts";
import { captureStreams } from "../../helpers/cliStreams.ts";
import { createSettingsSandbox, type SettingsSandbox } from "../../helpers/settingsSandbox.ts";
import { FIXTURE_EXTRA_TOOLS, FIXTURE_SERVER } from "../helpers/serverProcesses.ts";

let sandbox: SettingsSandbox;
let savedSessionDir: string | undefined;
beforeEach(() => {
  sandbox = createSettingsSandbox("toolshed-mcp-cli-", { chdir: true });
  savedSessionDir = process.env.TOOLSHED_SESSION_DIR;
  process.env.TOOLSHED_SESSION_DIR = join(sandbox.root.path, "session");
});
afterEach(() => {
  if (savedSessionDir === undefined) delete process.env.TOOLSHED_SESSION_DIR;
  else process.env.TOOLSHED_SESSION_DIR = savedSessionDir;
  sandbox.restore();
});

async function run(...args: string[]) {
  const streams = captureStreams();
  const status = await runCli(["mcp", ...args], streams);
  return { status, out: streams.out(), err: streams.err() };
}

const userFile = () => join(process.env.TOOLSHED_CONFIG_DIR ?? "", "mcp.json");

describe("toolshed mcp add and remove", () => {
  test("add writes the user's file by default and the project's with --scope project, in the usual shape", async () => {
    const added = await run("add", "-e", "KEY=v", "fixture", "--", process.execPath, FIXTURE_SERVER);
    expect(added.status).toBe(0);
    expect(added.out).toBe(`Added stdio MCP server "fixture" to ${userFile()} (user scope): ${process.execPath} ${FIXTURE_SERVER}\n`);
    expect(JSON.parse(readFileSync(userFile(), "utf8"))).toEqual({ mcpServers: { fixture: { type: "stdio", command: process.execPath, args: [FIXTURE_SERVER], env: { KEY: "v" } } } });
    const project = await run("add", "--scope", "project", "docs", "https://example.com/mcp");
    expect(project.status).toBe(0);
    expect(project.out).toContain("This folder is not trusted, so the project's servers start only once approved");
    expect(JSON.parse(readFileSync(join(sandbox.project, ".mcp.json"), "utf8"))).toEqual({ mcpServers: { docs: { type: "http", url: "https://example.com/mcp" } } });
  });

  test("adding a name in use fails saying where; a broken file is never overwritten", async () => {
    await run("add", "fixture", "--", "x");
    const again = await run("add", "--scope", "project", "fixture", "--", "y");
    expect(again.status).toBe(1);
    expect(again.err).toContain(`an MCP server named "fixture" already exists in ${userFile()}:3 (user scope)`);
    writeFileSync(join(sandbox.project, ".mcp.json"), "{ broken");
    const broken = await run("add", "--scope", "project", "other", "--", "z");
    expect(broken.status).toBe(1);
    expect(broken.err).toContain("invalid JSON");
    expect(readFileSync(join(sandbox.project, ".mcp.json"), "utf8")).toBe("{ broken");
  });

  test("remove takes a server out of the file that holds it, keeping the rest; --scope picks when both do", async () => {
    await run("add", "a", "--", "x");
    await run("add", "b", "--", "y");
    writeFileSync(join(sandbox.project, ".mcp.json"), JSON.stringify({ mcpServers: { a: { command: "p" } } }, null, 2));
    const both = await run("remove", "a");
    expect([both.status, both.err]).toEqual([1, expect.stringContaining("say which with --scope project or --scope user")]);
    const removed = await run("remove", "a", "--scope", "user");
    expect(removed.out).toBe(`Removed MCP server "a" from ${userFile()} (user scope).\n`);
    expect(Object.keys(JSON.parse(readFileSync(userFile(), "utf8")).mcpServers)).toEqual(["b"]);
    expect((await run("remove", "nope")).err).toContain('there is no MCP server named "nope"');
  });
});

describe("toolshed mcp list and get", () => {
  test("list shows each server's state: connected with its tool count, failed with the reason, needs approval", async () => {
    await run("add", "fixture", "--", process.execPath, FIXTURE_SERVER, "--tools", "2");
    await run("add", "broken", "--", "definitely-not-a-command-xyz");
    writeFileSync(join(sandbox.project, ".mcp.json"), JSON.stringify({ mcpServers: { shared: { command: "anything" } } }, null, 2));
    const listed = await run("list");
    expect(listed.status).toBe(0);
    const lines = listed.out.trim().split("\n");
    expect(lines[0]).toStartWith("shared: anything (stdio, project ");
    expect(lines[0]).toContain("- needs approval: a project server that nobody approved yet");
    expect(lines[1]).toContain("fixture: ");
    expect(lines[1]).toContain(`- connected (${2 + FIXTURE_EXTRA_TOOLS} tools)`);
    expect(lines[2]).toContain('- failed: cannot start "definitely-not-a-command-xyz"');
    const json = JSON.parse((await run("list", "--json")).out);
    expect(json.map((row: { name: string; status: string }) => `${row.name}:${row.status}`)).toEqual(["shared:needs-approval", "fixture:connected", "broken:failed"]);
  });

  test("--mcp-config adds servers and --strict-mcp-config keeps only them; get shows one server and its tools", async () => {
    await run("add", "mine", "--", "definitely-not-a-command-xyz");
    const inline = JSON.stringify({ mcpServers: { extra: { command: process.execPath, args: [FIXTURE_SERVER, "--tools", "1"] } } });
    const strict = await run("list", "--mcp-config", inline, '{"mcpServers": {}}', "--strict-mcp-config");
    expect(strict.out).toContain("extra: ");
    expect(strict.out).not.toContain("mine:");
    const got = await run("get", "extra", "--mcp-config", inline);
    expect(got.status).toBe(0);
    expect(got.out).toContain("extra:\n  Scope: flag (--mcp-config)\n  Type: stdio\n");
    expect(got.out).toContain(`  Status: connected (${1 + FIXTURE_EXTRA_TOOLS} tools)\n`);
    expect(got.out).toContain("  Rule for all its tools: mcp__extra");
    expect(got.out).toContain("mcp__extra__tool_000");
    const missing = await run("get", "nope");
    expect([missing.status, missing.err]).toEqual([1, 'toolshed: there is no MCP server named "nope". The configured servers are: mine.\n']);
    expect((await run("list", "--mcp-config", "missing.json")).err).toContain("does not exist");
  });

  test("no servers at all, an unknown subcommand, and help", async () => {
    expect((await run("list")).out).toBe('No MCP servers are configured. Add one with "toolshed mcp add" (see "toolshed mcp --help").\n');
    const unknown = await run("frobnicate");
    expect([unknown.status, unknown.err]).toEqual([2, expect.stringContaining('"toolshed mcp" has no subcommand "frobnicate"')]);
    expect((await run("add", "--help")).out).toContain("Usage: toolshed mcp list");
    expect((await run()).out).toContain("toolshed mcp serve [--http <host:port>] [--allow-remote]");
  });
});
