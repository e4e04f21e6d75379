/**
 * Stdio servers start a batch at a time (MCP_SERVER_CONNECTION_BATCH_SIZE), the first batch
 * before the SDK has loaded: a server of the next batch starts only once one of the first has
 * connected or failed, and a command that cannot start is reported as such.
 */
import { afterEach, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { connectMcpServers } from "../../../src/mcp/client/connectMcpServers.ts";
import { readMcpLimits } from "../../../src/mcp/client/mcpLimits.ts";
import { createTemporaryFolder, type TemporaryFolder } from "../../helpers/temporaryFolder.ts";
import { entry, FIXTURE_SERVER, SILENT_SERVER, stdio } from "../helpers/serverProcesses.ts";

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A stdio entry that notes when its process started (milliseconds since the epoch), then runs `script`. */
function noted(name: string, log: string, script: string) {
  return entry(name, stdio("sh", "-c", `echo "${name} $(date +%s%3N)" >> "${log}"; exec "${process.execPath}" "${script}"`));
}

function startTimes(log: string): Map<string, number> {
  return new Map(readFileSync(log, "utf8").trim().split("\n").map((line) => {
    const [name, at] = line.split(" ");
    return [name as string, Number(at)];
  }));
}

test("with batches of one, the second server starts only after the first has failed its connect timeout", async () => {
  const folder: TemporaryFolder = createTemporaryFolder("toolshed-mcp-batches-");
  cleanups.push(() => folder.remove());
  const log = join(folder.path, "starts.log");
  const warnings: string[] = [];
  const { connections, tools } = await connectMcpServers({
    cwd: folder.path,
    sessionDirectory: join(folder.path, ".session"),
    settings: { sources: [], trusted: true },
    entries: [noted("silent", log, SILENT_SERVER), noted("fixture", log, FIXTURE_SERVER)],
    limits: { ...readMcpLimits({}), stdioConnections: 1, connectTimeoutMs: 1500 },
    warn: (text) => warnings.push(text),
  });
  cleanups.push(() => connections.close());
  const starts = startTimes(log);
  expect([...starts.keys()]).toEqual(["silent", "fixture"]);
  expect((starts.get("fixture") as number) - (starts.get("silent") as number)).toBeGreaterThanOrEqual(1400);
  expect(connections.list().map((server) => [server.name, server.status])).toEqual([["silent", "failed"], ["fixture", "connected"]]);
  expect(tools.some((tool) => tool.name.startsWith("mcp__fixture__"))).toBe(true);
  expect(warnings.join("")).toContain('MCP server "silent" failed to connect: it did not answer within 1.5 s');
});

test("a first-batch server whose command does not exist is reported, and the others connect", async () => {
  const folder: TemporaryFolder = createTemporaryFolder("toolshed-mcp-batches-");
  cleanups.push(() => folder.remove());
  const warnings: string[] = [];
  const { connections } = await connectMcpServers({
    cwd: folder.path,
    sessionDirectory: join(folder.path, ".session"),
    settings: { sources: [], trusted: true },
    entries: [entry("missing", stdio("/no/such/toolshed-server")), entry("fixture", stdio(process.execPath, FIXTURE_SERVER))],
    limits: readMcpLimits({}),
    warn: (text) => warnings.push(text),
  });
  cleanups.push(() => connections.close());
  expect(connections.list().map((server) => [server.name, server.status])).toEqual([["missing", "failed"], ["fixture", "connected"]]);
  expect(warnings.join("")).toContain('MCP server "missing" failed to connect: cannot start "/no/such/toolshed-server"');
});
