/** Where servers come from, highest first: --mcp-config, the project's .mcp.json, the user's mcp.json. */
import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { McpConfigError } from "../../../../src/mcp/client/config/McpConfigError.ts";
import { readMcpConfigSources, selectMcpServers } from "../../../../src/mcp/client/config/readMcpConfigSources.ts";
import { createSettingsSandbox, type SettingsSandbox } from "../../../helpers/settingsSandbox.ts";

let sandbox: SettingsSandbox;
beforeEach(() => {
  sandbox = createSettingsSandbox("toolshed-mcp-sources-");
});
afterEach(() => sandbox.restore());

function writeUserFile(servers: object): string {
  const folder = process.env.TOOLSHED_CONFIG_DIR ?? "";
  mkdirSync(folder, { recursive: true });
  const path = join(folder, "mcp.json");
  writeFileSync(path, JSON.stringify({ mcpServers: servers }, null, 2));
  return path;
}

describe("readMcpConfigSources", () => {
  test("flags, then the project, then the user; one entry per name, the highest first", () => {
    writeFileSync(join(sandbox.project, ".mcp.json"), JSON.stringify({ mcpServers: { shared: { command: "project" }, own: { command: "p" } } }, null, 2));
    const userFile = writeUserFile({ shared: { command: "user" }, mine: { command: "u" } });
    const flagFile = join(sandbox.root.path, "extra.json");
    writeFileSync(flagFile, JSON.stringify({ mcpServers: { shared: { command: "file" } } }));
    const sources = readMcpConfigSources(sandbox.project, { mcpConfig: [flagFile, '{"mcpServers": {"inline": {"command": "i"}}}'], strictMcpConfig: false });
    expect(sources.entries.map((entry) => `${entry.name}:${entry.scope}`)).toEqual(["shared:flag", "inline:flag", "shared:project", "own:project", "shared:user", "mine:user"]);
    const selected = selectMcpServers(sources.entries);
    expect(selected.map((entry) => `${entry.name}:${entry.config?.type === "stdio" ? entry.config.command : ""}`)).toEqual(["shared:file", "inline:i", "own:p", "mine:u"]);
    expect(sources.entries.find((entry) => entry.scope === "user")?.where).toBe(`${userFile}:3`);
  });

  test("--strict-mcp-config uses only the --mcp-config servers", () => {
    writeFileSync(join(sandbox.project, ".mcp.json"), JSON.stringify({ mcpServers: { own: { command: "p" } } }));
    writeUserFile({ mine: { command: "u" } });
    const sources = readMcpConfigSources(sandbox.project, { mcpConfig: ['{"mcpServers": {"only": {"command": "o"}}}'], strictMcpConfig: true });
    expect(sources.entries.map((entry) => entry.name)).toEqual(["only"]);
  });

  test("a broken project or user file is a warning; a broken or missing --mcp-config stops the run", () => {
    writeFileSync(join(sandbox.project, ".mcp.json"), "{ nope");
    const sources = readMcpConfigSources(sandbox.project);
    expect(sources.entries).toEqual([]);
    expect(sources.warnings[0]).toContain(`${join(sandbox.project, ".mcp.json")}:1: invalid JSON`);
    expect(sources.warnings[0]).toContain("its MCP servers are skipped");
    expect(() => readMcpConfigSources(sandbox.project, { mcpConfig: ["missing.json"], strictMcpConfig: false })).toThrow(McpConfigError);
    expect(() => readMcpConfigSources(sandbox.project, { mcpConfig: ["missing.json"], strictMcpConfig: false })).toThrow(`the --mcp-config file ${join(sandbox.project, "missing.json")} does not exist`);
    expect(() => readMcpConfigSources(sandbox.project, { mcpConfig: ["{ broken"], strictMcpConfig: false })).toThrow("--mcp-config: --mcp-config:1: invalid JSON");
  });

  test("a file too large to be a configuration is refused, not read", () => {
    writeFileSync(join(sandbox.project, ".mcp.json"), `{"mcpServers": {}, "pad": "${"x".repeat(1024 * 1024)}"}`);
    expect(readMcpConfigSources(sandbox.project).warnings[0]).toContain("more than the 1048576 a configuration file may have");
  });
});
