/** A session with its MCP servers: connected before the pool is built, approved at the terminal, stopped with the session. */
import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { PassThrough } from "node:stream";
import { askServerApprovalAtTerminal } from "../../../src/mcp/client/askServerApprovalAtTerminal.ts";
import { createSessionWithMcp } from "../../../src/mcp/client/createSessionWithMcp.ts";
import { createSettingsSandbox, type SettingsSandbox } from "../../helpers/settingsSandbox.ts";
import { callTool } from "../../helpers/testSession.ts";
import { FIXTURE_SERVER } from "../helpers/serverProcesses.ts";

let sandbox: SettingsSandbox;
beforeEach(() => {
  sandbox = createSettingsSandbox("toolshed-mcp-session-");
  writeFileSync(join(sandbox.project, ".mcp.json"), JSON.stringify({ mcpServers: {
    first: { command: process.execPath, args: [FIXTURE_SERVER, "--tools", "1"] },
    second: { command: process.execPath, args: [FIXTURE_SERVER, "--tools", "1"] },
  } }, null, 2));
});
afterEach(() => sandbox.restore());

/** Answers the questions with `replies`, one line each, and keeps what was asked. */
function terminal(replies: string[]) {
  const input = new PassThrough();
  const output = new PassThrough();
  let asked = "";
  output.on("data", (chunk: Buffer) => (asked += chunk.toString()));
  input.end(replies.map((reply) => `${reply}\n`).join(""));
  return { approve: (servers: Parameters<typeof askServerApprovalAtTerminal>[0]) => askServerApprovalAtTerminal(servers, input, output), asked: () => asked };
}

/** A session with one server, "held", run as the shell command `script`, that does not wait for it. */
function sessionNotWaitingFor(script: string, warn?: (text: string) => void) {
  return createSessionWithMcp({
    cwd: sandbox.project,
    sessionDirectory: join(sandbox.root.path, "session"),
    settings: {},
    isNonInteractive: true,
    mcpFlags: { mcpConfig: [JSON.stringify({ mcpServers: { held: { command: "sh", args: ["-c", script] } } })], strictMcpConfig: true },
    waitForServers: false,
    warn,
  });
}

describe("createSessionWithMcp", () => {
  test("project servers a person approves at the terminal join the pool; the others wait for approval", async () => {
    mkdirSync(process.env.TOOLSHED_CONFIG_DIR ?? "", { recursive: true });
    writeFileSync(join(process.env.TOOLSHED_CONFIG_DIR ?? "", "settings.json"), JSON.stringify({ permissions: { allow: ["mcp__first"] } }));
    const person = terminal(["yes", "no"]);
    const { session, connections } = await createSessionWithMcp({
      cwd: sandbox.project,
      sessionDirectory: join(sandbox.root.path, "session"),
      isNonInteractive: true,
      approveMcpServers: person.approve,
    });
    expect(person.asked()).toContain("This project's .mcp.json would start 2 MCP servers");
    expect(person.asked()).toContain(`first: ${process.execPath} ${FIXTURE_SERVER} --tools 1 (${join(sandbox.project, ".mcp.json")}:3). Start it? [y]es / [n]o: `);
    expect(connections.list().map((status) => `${status.name}:${status.status}`)).toEqual(["first:connected", "second:needs-approval"]);
    expect(session.services.mcp).toBe(connections);
    expect(session.tools.map((tool) => tool.name)).toContain("mcp__first__tool_000");
    expect(session.tools.map((tool) => tool.name)).toContain("ListMcpResources");
    expect((await callTool(session.context, "mcp__first__tool_000", { text: "hi" })).text).toBe("tool_000: hi");
    await session.close();
    expect(connections.list()[0]?.status).toBe("disabled");
  });

  test("in-memory settings count as trusted (as in createSession); a closed terminal approves nothing", async () => {
    const trusted = await createSessionWithMcp({ cwd: sandbox.project, sessionDirectory: join(sandbox.root.path, "session"), settings: {}, isNonInteractive: true });
    expect(trusted.connections.list().map((status) => status.status)).toEqual(["connected", "connected"]);
    await trusted.session.close();
    const { session, connections } = await createSessionWithMcp({ cwd: sandbox.project, sessionDirectory: join(sandbox.root.path, "session"), isNonInteractive: true, approveMcpServers: terminal([]).approve });
    expect(connections.list().map((status) => status.status)).toEqual(["needs-approval", "needs-approval"]);
    await session.close();
  });

  test("with waitForServers false the session is ready before its servers; their tools join the pool when connected resolves", async () => {
    const gate = join(sandbox.root.path, "gate");
    const held = `while [ ! -e '${gate}' ]; do sleep 0.02; done; exec '${process.execPath}' '${FIXTURE_SERVER}' --tools 1`;
    const { session, connections, connected } = await sessionNotWaitingFor(held);
    try {
      expect(connections.list().map((status) => `${status.name}:${status.status}`)).toEqual(["held:pending"]);
      expect(session.tools.some((tool) => tool.name.startsWith("mcp__"))).toBe(false);
      writeFileSync(gate, "");
      await connected;
      expect(connections.list().map((status) => `${status.name}:${status.status}`)).toEqual(["held:connected"]);
      expect(session.tools.map((tool) => tool.name)).toContain("mcp__held__tool_000");
    } finally {
      await session.close();
    }
  });

  test("a session closed while its servers still connect stops them: the process ends, the server is closed, not failed, and nobody is warned", async () => {
    const pidFile = join(sandbox.root.path, "held.pid");
    const held = `echo $$ > '${pidFile}'; while true; do sleep 0.02; done`;
    const warnings: string[] = [];
    const { session, connections, connected } = await sessionNotWaitingFor(held, (text) => warnings.push(text));
    while (!existsSync(pidFile) || readFileSync(pidFile, "utf8").trim() === "") await Bun.sleep(10);
    const pid = Number(readFileSync(pidFile, "utf8"));
    const alive = () => {
      try {
        process.kill(pid, 0);
        return true;
      } catch {
        return false;
      }
    };
    expect(alive()).toBe(true);
    await session.close();
    await connected;
    for (let waited = 0; alive() && waited < 3000; waited += 20) await Bun.sleep(20);
    expect(alive()).toBe(false);
    expect(connections.list().map((status) => `${status.name}:${status.status}`)).toEqual(["held:disabled"]);
    expect(warnings.join("")).not.toContain("failed to connect");
  });

  test("while one server is still connecting, another that has connected already tells the listeners, so its tools can join the pool", async () => {
    const gate = join(sandbox.root.path, "gate");
    const held = `while [ ! -e '${gate}' ]; do sleep 0.02; done; exec '${process.execPath}' '${FIXTURE_SERVER}' --tools 1`;
    const { session, connections, connected } = await createSessionWithMcp({
      cwd: sandbox.project,
      sessionDirectory: join(sandbox.root.path, "session"),
      settings: {},
      isNonInteractive: true,
      mcpFlags: { mcpConfig: [JSON.stringify({ mcpServers: { held: { command: "sh", args: ["-c", held] }, quick: { command: process.execPath, args: [FIXTURE_SERVER, "--tools", "1"] } } })], strictMcpConfig: true },
      waitForServers: false,
    });
    try {
      const quickJoined = new Promise<void>((resolve) => {
        const join = () => {
          session.setMcpTools(connections.tools());
          if (session.tools.some((tool) => tool.name === "mcp__quick__tool_000")) resolve();
        };
        connections.onChange(join);
        // In case it connected before the listener was there.
        join();
      });
      await quickJoined;
      expect(connections.list().map((status) => `${status.name}:${status.status}`)).toEqual(["held:pending", "quick:connected"]);
      writeFileSync(gate, "");
      await connected;
      expect(session.tools.map((tool) => tool.name)).toEqual(expect.arrayContaining(["mcp__quick__tool_000", "mcp__held__tool_000"]));
    } finally {
      await session.close();
    }
  });
});
