/** `toolshed mcp serve` as a process: stdio carries nothing but the protocol; remote addresses need --allow-remote. */
import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { runCli } from "../../../src/cli/runCli.ts";
import { connectMcpServers } from "../../../src/mcp/client/connectMcpServers.ts";
import { captureStreams } from "../../helpers/cliStreams.ts";
import { createSettingsSandbox, type SettingsSandbox } from "../../helpers/settingsSandbox.ts";
import { callTool } from "../../helpers/testSession.ts";
import { createMcpTestSession } from "../helpers/mcpTestSession.ts";
import { entry } from "../helpers/serverProcesses.ts";

const MAIN = join(import.meta.dir, "..", "..", "..", "src", "main.ts");
let sandbox: SettingsSandbox;
beforeEach(() => {
  sandbox = createSettingsSandbox("toolshed-mcp-serve-cli-");
});
afterEach(() => sandbox.restore());

describe("toolshed mcp serve", () => {
  test("over stdio, toolshed is an MCP server another client (ours) can use; nothing else reaches stdout", async () => {
    writeFileSync(join(sandbox.project, "hello.txt"), "served\n");
    const sessionDirectory = join(sandbox.root.path, "client");
    const connected = await connectMcpServers({
      cwd: sandbox.project,
      sessionDirectory,
      settings: { sources: [], trusted: true },
      entries: [entry("toolshed", { type: "stdio", command: process.execPath, args: [MAIN, "mcp", "serve"], env: { TOOLSHED_SESSION_DIR: join(sandbox.root.path, "served") } })],
    });
    const session = await createMcpTestSession(sandbox.project, connected, { permissions: { allow: ["mcp__toolshed__Read"] } });
    try {
      expect(connected.connections.list()[0]?.status).toBe("connected");
      expect(connected.tools.map((tool) => tool.name)).toContain("mcp__toolshed__Read");
      // Every client shares the session: tools that steer it or talk with its person (plan mode, questions) are not served.
      for (const name of ["EnterPlanMode", "ExitPlanMode", "AskUserQuestion"]) expect(connected.tools.map((tool) => tool.name)).not.toContain(`mcp__toolshed__${name}`);
      // The client side's rule allows the call (MCP tools ask otherwise); the served side allows a read inside its folder.
      expect((await callTool(session.context, "mcp__toolshed__Read", { file_path: join(sandbox.project, "hello.txt") })).text).toContain("served");
    } finally {
      await session.close();
    }
    // Anything on stdout that was not a message would have been noted in the client's log of the server.
    const logPath = join(sessionDirectory, "mcp-logs", "toolshed.log");
    expect(existsSync(logPath) ? readFileSync(logPath, "utf8") : "").not.toContain("not an MCP message");
  });

  test("--http prints its URL with a new token each start, or TOOLSHED_MCP_TOKEN's; the URL alone reaches it", async () => {
    const start = async (env: Record<string, string>) => {
      const serve = Bun.spawn([process.execPath, MAIN, "mcp", "serve", "--http", "127.0.0.1:0"], {
        cwd: sandbox.project, env: { ...process.env, TOOLSHED_SESSION_DIR: join(sandbox.root.path, "served"), ...env }, stdin: "ignore", stdout: "pipe", stderr: "pipe",
      });
      const reader = serve.stdout.getReader();
      let text = "";
      while (!text.includes("\n")) {
        const { value, done } = await reader.read();
        if (done) break;
        text += new TextDecoder().decode(value);
      }
      return { serve, url: text.split("\n")[0] ?? "" };
    };
    const fixed = await start({ TOOLSHED_MCP_TOKEN: "my-fixed-token" });
    const random = await start({ TOOLSHED_MCP_TOKEN: "" });
    try {
      expect(fixed.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp\?token=my-fixed-token$/);
      expect(random.url).toMatch(/\?token=[A-Za-z0-9_-]{32}$/);
      const ping = (url: string) => fetch(url, { method: "POST", headers: { "content-type": "application/json", accept: "application/json, text/event-stream" }, body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "t", version: "1" } } }) });
      expect((await ping(fixed.url)).status).toBe(200);
      expect((await ping(fixed.url.replace(/\?.*$/, ""))).status).toBe(401);
    } finally {
      for (const { serve } of [fixed, random]) serve.kill();
      await Promise.all([fixed.serve.exited, random.serve.exited]);
    }
  });

  test("--http on an address others can reach is refused without --allow-remote; bad host:port is a usage error", async () => {
    const streams = captureStreams();
    expect(await runCli(["mcp", "serve", "--http", "0.0.0.0:0"], streams)).toBe(2);
    expect(streams.err()).toContain("would serve beyond this machine over plain HTTP, where the token that guards it can be read");
    const bad = captureStreams();
    expect(await runCli(["mcp", "serve", "--http", "nowhere"], bad)).toBe(2);
    expect(bad.err()).toContain('--http "nowhere" is not host:port');
  });
});
