/**
 * Our own small stdio servers, started as real processes: 200 tools on pages of 50, a list that
 * changes, a server that dies mid-call, one that never answers, a call cancelled at the server,
 * a process tree stopped with the session, and a log that stops growing at its cap.
 */
import { afterEach, describe, expect, test } from "bun:test";
import { readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { connectMcpServers, type ConnectedMcpServers } from "../../../src/mcp/client/connectMcpServers.ts";
import { MAX_SERVER_LOG_BYTES, readMcpLimits } from "../../../src/mcp/client/mcpLimits.ts";
import { runToolUse } from "../../../src/pipeline/runToolUse.ts";
import { createCanUseTool } from "../../../src/permissions/createCanUseTool.ts";
import { nonInteractiveAskHandler } from "../../../src/permissions/askHandler.ts";
import { createTemporaryFolder, type TemporaryFolder } from "../../helpers/temporaryFolder.ts";
import { callTool } from "../../helpers/testSession.ts";
import { eventually } from "../../tasks/processAlive.ts";
import { createMcpTestSession } from "../helpers/mcpTestSession.ts";
import { createTurnContext } from "../../../src/session/createChildContext.ts";
import { entry, FIXTURE_EXTRA_TOOLS, FIXTURE_SERVER, SILENT_SERVER, stdio } from "../helpers/serverProcesses.ts";
import type { McpServerEntry } from "../../../src/mcp/client/config/McpServerConfig.ts";

const BUN = process.execPath;
const EXIT_SCRIPT = join(import.meta.dir, "..", "fixtures", "exitWithoutClosing.ts");
const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function newFolder(): TemporaryFolder {
  const folder = createTemporaryFolder("toolshed-mcp-fixture-");
  cleanups.push(() => folder.remove());
  return folder;
}

async function open(folder: TemporaryFolder, entries: McpServerEntry[], limits = {}, onProgress?: (data: unknown) => void) {
  const warnings: string[] = [];
  const connected: ConnectedMcpServers = await connectMcpServers({
    cwd: folder.path,
    sessionDirectory: join(folder.path, ".session"),
    settings: { sources: [], trusted: true },
    entries,
    limits: { ...readMcpLimits({}), ...limits },
    warn: (text) => warnings.push(text),
  });
  // Every fixture tool is allowed: these tests are about the connection, not the rules.
  const session = await createMcpTestSession(folder.path, connected, { permissions: { allow: entries.map((each) => `mcp__${each.name}`) } }, onProgress);
  cleanups.push(() => session.close());
  return { connected, session, warnings };
}

/** True while the process runs; an exited one left as a zombie (nobody reaps orphans here) counts as gone. */
function isAlive(pid: number): boolean {
  try {
    return !/^State:\s+Z/m.test(readFileSync(`/proc/${pid}/status`, "utf8"));
  } catch {
    return false;
  }
}

describe("stdio servers of our own", () => {
  test("200 tools on pages of 50, all adapted; the list changes and the session hears of it", async () => {
    const folder = newFolder();
    const { connected, session } = await open(folder, [entry("many", stdio(BUN, FIXTURE_SERVER, "--tools", "200", "--page-size", "50"))]);
    // 200 echo tools and those that exercise the client.
    expect(connected.tools.length).toBe(200 + FIXTURE_EXTRA_TOOLS);
    expect(connected.connections.list()[0]).toMatchObject({ status: "connected", toolCount: 200 + FIXTURE_EXTRA_TOOLS });
    const changed = new Promise<void>((resolve) => connected.connections.onChange(resolve));
    expect((await callTool(session.context, "mcp__many__add_tool", {})).text).toBe("added");
    await changed;
    expect(connected.connections.tools().length).toBe(201 + FIXTURE_EXTRA_TOOLS);
    expect(connected.connections.tools().map((tool) => tool.name)).toContain(`mcp__many__added_${200 + FIXTURE_EXTRA_TOOLS}`);
  });

  test("a server that dies mid-call: the call fails clearly, the server is reported failed, the others go on", async () => {
    const folder = newFolder();
    const { connected, session } = await open(folder, [entry("fragile", stdio(BUN, FIXTURE_SERVER)), entry("steady", stdio(BUN, FIXTURE_SERVER))]);
    const died = await callTool(session.context, "mcp__fragile__die", {});
    expect(died.result.is_error).toBe(true);
    expect(died.text).toContain('the MCP server "fragile" could not run die');
    const status = connected.connections.list()[0];
    expect(status?.status).toBe("failed");
    expect(status?.detail).toContain("it exited with code 3");
    expect((await callTool(session.context, "mcp__fragile__tool_000", { text: "x" })).text).toContain('the MCP server "fragile" is not connected');
    expect((await callTool(session.context, "mcp__steady__tool_000", { text: "still here" })).text).toBe("tool_000: still here");
    // What each server wrote on standard error is in its log in the session folder.
    expect(readFileSync(join(folder.path, ".session", "mcp-logs", "steady.log"), "utf8")).toBe("fixture server started\n");
  });

  test("a server that never answers fails within MCP_TIMEOUT and is stopped", async () => {
    const folder = newFolder();
    const started = Date.now();
    // Alone, with a short MCP_TIMEOUT: a busy machine must not make a healthy server miss it.
    const { connected, warnings } = await open(folder, [entry("silent", stdio(BUN, SILENT_SERVER))], { connectTimeoutMs: 500 });
    expect(Date.now() - started).toBeLessThan(5000);
    expect(connected.connections.list()[0]).toMatchObject({ status: "failed", detail: "it did not answer within 0.5 s (MCP_TIMEOUT is 500 ms)" });
    expect(warnings.join("")).toContain('MCP server "silent" failed to connect');
  });

  test("aborting a call sends notifications/cancelled, and the server's handler sees it", async () => {
    const folder = newFolder();
    let running: (() => void) | undefined;
    const started = new Promise<void>((resolve) => (running = resolve));
    const { session } = await open(folder, [entry("waiter", stdio(BUN, FIXTURE_SERVER))], {}, () => running?.());
    const turn = createTurnContext(session.context);
    const pending = runToolUse({ toolUse: { id: "toolu_wait", name: "mcp__waiter__wait_for_cancel", input: {} }, context: turn, canUseTool: createCanUseTool(nonInteractiveAskHandler) });
    // The server reports progress once its handler runs: abort then.
    await started;
    turn.abortController.abort();
    expect((await pending).stage).toBe("aborted");
    // The cancellation travels down the same pipe before the next request, so the count is already up.
    expect((await callTool(session.context, "mcp__waiter__cancelled_calls", {})).text).toBe("1");
  });

  test("closing the session stops the server's whole process tree; a noisy log stops at its cap", async () => {
    const folder = newFolder();
    const { session } = await open(folder, [entry("parent", stdio(BUN, FIXTURE_SERVER))]);
    const pid = Number((await callTool(session.context, "mcp__parent__spawn_child", {})).text);
    expect(isAlive(pid)).toBe(true);
    expect((await callTool(session.context, "mcp__parent__noisy", {})).text).toBe("done");
    await session.close();
    // The group was signalled; on a busy machine the grandchild may take a moment to be gone.
    expect(await eventually(() => !isAlive(pid), 5_000)).toBe(true);
    const log = join(folder.path, ".session", "mcp-logs", "parent.log");
    expect(statSync(log).size).toBeLessThan(MAX_SERVER_LOG_BYTES + 200);
    expect(readFileSync(log, "utf8")).toContain(`[toolshed: this log reached ${MAX_SERVER_LOG_BYTES} bytes; later output is left out]`);
  });

  test("toolshed exiting without closing anything still stops each server's process tree, a child that left it with setsid too", async () => {
    const script = Bun.spawn([BUN, EXIT_SCRIPT], { stdin: "ignore", stdout: "pipe", stderr: "pipe", timeout: 20_000 });
    const [output, code] = await Promise.all([new Response(script.stdout).text(), script.exited]);
    expect(code).toBe(0);
    const [serverPid, childPid, detachedPid] = output.trim().split(" ").map(Number);
    expect(serverPid).toBeGreaterThan(0);
    expect(childPid).toBeGreaterThan(0);
    expect(detachedPid).toBeGreaterThan(0);
    // SIGKILL takes effect a moment after the exit hook sends it, and these are not our children,
    // so there is nothing to wait on but their state: look again for a bounded while.
    const pids = [serverPid ?? 0, childPid ?? 0, detachedPid ?? 0];
    const gone = () => pids.every((pid) => !isAlive(pid));
    for (let look = 0; look < 200 && !gone(); look++) await Bun.sleep(10);
    expect(pids.map(isAlive)).toEqual([false, false, false]);
  });
});
