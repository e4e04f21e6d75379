/**
 * A project's own .mcp.json is the repository's word: its servers start in a trusted folder, when
 * the person's own settings say so, or once a person approves. The approval keys in the
 * project's own settings files do not count.
 */
import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { decideServerStart, readMcpApprovalSettings } from "../../../../src/mcp/client/config/projectServerApproval.ts";
import type { McpServerEntry } from "../../../../src/mcp/client/config/McpServerConfig.ts";
import { connectMcpServers } from "../../../../src/mcp/client/connectMcpServers.ts";
import { loadSettings } from "../../../../src/settings/loadSettings.ts";
import { trustFolder } from "../../../../src/settings/trustStore.ts";
import { createSettingsSandbox, type SettingsSandbox } from "../../../helpers/settingsSandbox.ts";

let sandbox: SettingsSandbox;
beforeEach(() => {
  sandbox = createSettingsSandbox("toolshed-mcp-approval-");
});
afterEach(() => sandbox.restore());

const entry = (name: string, scope: McpServerEntry["scope"] = "project"): McpServerEntry => ({ name, scope, where: "x", config: { type: "stdio", command: "c", args: [], env: {} } });

function writeSettings(path: string, settings: object): void {
  mkdirSync(join(path, ".."), { recursive: true });
  writeFileSync(path, JSON.stringify(settings));
}

describe("project server approval", () => {
  test("user and command-line settings count; the project's own settings never do", () => {
    writeSettings(join(sandbox.project, ".toolshed", "settings.json"), { enableAllProjectMcpServers: true, enabledMcpjsonServers: ["a"] });
    writeSettings(join(sandbox.project, ".toolshed", "settings.local.json"), { enabledMcpjsonServers: ["b"] });
    let approval = readMcpApprovalSettings(loadSettings({ cwd: sandbox.project }).sources);
    expect(approval.enableAll).toBe(false);
    expect([...approval.enabled]).toEqual([]);
    expect(decideServerStart(entry("a"), approval, false).state).toBe("needs-approval");

    writeSettings(join(process.env.TOOLSHED_CONFIG_DIR ?? "", "settings.json"), { enabledMcpjsonServers: ["a"], disabledMcpjsonServers: ["c"] });
    const flags = { settings: '{"enabledMcpjsonServers": ["b"]}', allowedTools: [], disallowedTools: [], addDirs: [] };
    approval = readMcpApprovalSettings(loadSettings({ cwd: sandbox.project, flags }).sources);
    expect(decideServerStart(entry("a"), approval, false).state).toBe("start");
    expect(decideServerStart(entry("b"), approval, false).state).toBe("start");
    expect(decideServerStart(entry("c"), approval, true)).toEqual({ state: "disabled", detail: `disabledMcpjsonServers in ${join(process.env.TOOLSHED_CONFIG_DIR ?? "", "settings.json")} turns it off` });
    expect(decideServerStart(entry("d"), approval, false).state).toBe("needs-approval");
  });

  test("trust and enableAllProjectMcpServers start every project server; user and flag servers need neither", () => {
    const none = readMcpApprovalSettings([]);
    expect(decideServerStart(entry("a"), none, true).state).toBe("start");
    expect(decideServerStart(entry("u", "user"), none, false).state).toBe("start");
    expect(decideServerStart(entry("f", "flag"), none, false).state).toBe("start");
    const all = readMcpApprovalSettings([{ source: "userSettings", where: "u", settings: { enableAllProjectMcpServers: true }, baseDirectory: "/" }]);
    expect(decideServerStart(entry("a"), all, false).state).toBe("start");
    expect(decideServerStart({ name: "bad", scope: "user", where: "w", problem: "broken" }, all, true)).toEqual({ state: "invalid", detail: "broken" });
  });

  test("unapproved project servers are reported and shown as needing approval; approve() can start them", async () => {
    writeFileSync(join(sandbox.project, ".mcp.json"), JSON.stringify({ mcpServers: { one: { command: "definitely-not-a-command-1" }, two: { command: "definitely-not-a-command-2" } } }));
    const warnings: string[] = [];
    const asked: string[][] = [];
    const { connections } = await connectMcpServers({
      cwd: sandbox.project,
      sessionDirectory: join(sandbox.root.path, "session"),
      warn: (text) => warnings.push(text),
      approve: async (servers) => {
        asked.push(servers.map((server) => server.name));
        return ["two"];
      },
    });
    expect(asked).toEqual([["one", "two"]]);
    const states = connections.list().map((status) => `${status.name}:${status.status}`);
    // "two" was approved, so it was started (and failed: its command does not exist).
    expect(states).toEqual(["one:needs-approval", "two:failed"]);
    expect(warnings.join("")).toContain("these MCP servers of the project's .mcp.json were not started, since nobody approved them: one");
    trustFolder(sandbox.project);
    const trusted = await connectMcpServers({ cwd: sandbox.project, sessionDirectory: join(sandbox.root.path, "session") });
    expect(trusted.connections.list().map((status) => status.status)).toEqual(["failed", "failed"]);
    await connections.close();
    await trusted.connections.close();
  });
});
