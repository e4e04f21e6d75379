/**
 * Connections over the SDK's in-memory pair: every tools/list page, list_changed (a failed
 * refresh keeps the old tools), a server that never answers, one that goes away, resources.
 */
import { afterEach, describe, expect, test } from "bun:test";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { connectMcpServers } from "../../../src/mcp/client/connectMcpServers.ts";
import { readMcpLimits } from "../../../src/mcp/client/mcpLimits.ts";
import { connectFakes, fakeEntry } from "../helpers/connectFake.ts";
import { startFakeMcpServer, textResult, toolDefinition, type FakeMcpTool } from "../helpers/fakeMcpServer.ts";
import { createTemporaryFolder, type TemporaryFolder } from "../../helpers/temporaryFolder.ts";
import { callTool, createTestContext } from "../../helpers/testSession.ts";

let folder: TemporaryFolder;
const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
  folder?.remove();
});

function numbered(count: number, prefix = "tool"): FakeMcpTool[] {
  return Array.from({ length: count }, (_, index) => ({ definition: toolDefinition(`${prefix}_${index}`, {}, { annotations: { readOnlyHint: true } }), handler: () => textResult(`${prefix} ${index}`) }));
}

/** Resolves on the next change the service reports. */
function nextChange(connections: { onChange(listener: () => void): () => void }): Promise<void> {
  return new Promise((resolve) => {
    const stop = connections.onChange(() => {
      stop();
      resolve();
    });
  });
}

describe("MCP connections", () => {
  test("tools/list is read through every page (200 tools, 30 a page)", async () => {
    folder = createTemporaryFolder("toolshed-mcp-connections-");
    const fake = await startFakeMcpServer({ tools: numbered(200), pageSize: 30 });
    const { connections, tools } = await connectFakes({ fake }, { sessionDirectory: folder.path });
    closers.push(() => connections.close());
    expect(tools.length).toBe(200);
    expect(fake.listRequests).toBe(7);
    expect(new Set(tools.map((tool) => tool.name)).size).toBe(200);
    expect(connections.list()[0]).toMatchObject({ name: "fake", status: "connected", toolCount: 200 });
  });

  test("list_changed refreshes that server's tools and tells listeners; a failed refresh keeps the previous tools", async () => {
    folder = createTemporaryFolder("toolshed-mcp-connections-");
    const fake = await startFakeMcpServer({ tools: numbered(2) });
    const warnings: string[] = [];
    const { connections } = await connectFakes({ fake }, { sessionDirectory: folder.path, warnings });
    closers.push(() => connections.close());
    const changed = nextChange(connections);
    await fake.setTools([...numbered(2), ...numbered(1, "new")]);
    await changed;
    expect(connections.tools().map((tool) => tool.name)).toEqual(["mcp__fake__tool_0", "mcp__fake__tool_1", "mcp__fake__new_0"]);
    expect(connections.list()[0]?.toolCount).toBe(3);

    const broken = await startFakeMcpServer({ tools: numbered(2), failRelist: true });
    const second = await connectFakes({ broken }, { sessionDirectory: folder.path, warnings });
    closers.push(() => second.connections.close());
    await broken.setTools(numbered(5));
    await second.connections.connection("broken")?.refreshTools();
    expect(second.connections.tools().length).toBe(2);
    expect(warnings.join("")).toContain('MCP server "broken": its tool list changed, but reading it again failed');
  });

  test("a server that never answers fails after MCP_TIMEOUT while the others connect", async () => {
    folder = createTemporaryFolder("toolshed-mcp-connections-");
    const fake = await startFakeMcpServer({ tools: numbered(1) });
    const [silent] = InMemoryTransport.createLinkedPair();
    const warnings: string[] = [];
    const started = Date.now();
    const { connections, tools } = await connectMcpServers({
      cwd: folder.path,
      sessionDirectory: folder.path,
      settings: { sources: [], trusted: true },
      entries: [fakeEntry("silent"), fakeEntry("fake")],
      transportFor: (entry) => (entry.name === "silent" ? silent : fake.clientTransport),
      limits: { ...readMcpLimits({}), connectTimeoutMs: 200 },
      warn: (text) => warnings.push(text),
    });
    closers.push(() => connections.close());
    expect(Date.now() - started).toBeLessThan(5000);
    expect(tools.map((tool) => tool.name)).toEqual(["mcp__fake__tool_0"]);
    expect(connections.list().map((status) => [status.name, status.status, status.detail])).toEqual([
      ["silent", "failed", "it did not answer within 0.2 s (MCP_TIMEOUT is 200 ms)"],
      ["fake", "connected", undefined],
    ]);
    expect(warnings.join("")).toContain('toolshed: warning: MCP server "silent" failed to connect: it did not answer within 0.2 s');
  });

  test("a server that goes away: its tools leave, listeners hear of it, and a call in flight gets a clear error", async () => {
    folder = createTemporaryFolder("toolshed-mcp-connections-");
    const fake = await startFakeMcpServer({ tools: numbered(1) });
    const { connections, tools } = await connectFakes({ fake }, { sessionDirectory: folder.path });
    closers.push(() => connections.close());
    const context = await createTestContext({ cwd: folder.path, tools, allow: ["mcp__fake"] });
    const changed = nextChange(connections);
    await fake.server.close();
    await changed;
    expect(connections.tools()).toEqual([]);
    expect(connections.list()[0]).toMatchObject({ status: "failed", detail: expect.stringContaining("the connection closed") });
    const result = await callTool(context, "mcp__fake__tool_0", {});
    expect(result.result.is_error).toBe(true);
    expect(result.text).toContain('the MCP server "fake" is not connected (the connection closed');
  });

  test("resources: listed per server or for all, read by uri; unknown servers and servers without resources are clear errors", async () => {
    folder = createTemporaryFolder("toolshed-mcp-connections-");
    const docs = await startFakeMcpServer({
      resources: {
        list: [{ uri: "file:///readme.md", name: "readme", mimeType: "text/markdown", description: "The readme" }],
        read: (uri) => ({ contents: [{ uri, mimeType: "text/markdown", text: "# Hello" }] }),
      },
    });
    const bare = await startFakeMcpServer({ tools: numbered(1) });
    const { connections } = await connectFakes({ docs, bare }, { sessionDirectory: folder.path });
    closers.push(() => connections.close());
    const signal = new AbortController().signal;
    expect(await connections.listResources(undefined, signal)).toEqual([{ server: "docs", uri: "file:///readme.md", name: "readme", title: undefined, description: "The readme", mimeType: "text/markdown" }]);
    expect(await connections.readResource("docs", "file:///readme.md", signal)).toEqual([{ uri: "file:///readme.md", mimeType: "text/markdown", text: "# Hello" }]);
    await expect(connections.listResources("bare", signal)).rejects.toThrow('The MCP server "bare" offers no resources');
    await expect(connections.readResource("nope", "x", signal)).rejects.toThrow('There is no MCP server named "nope". The configured servers are: docs, bare.');
    expect(connections.list().map((status) => status.hasResources)).toEqual([true, false]);
  });
});
