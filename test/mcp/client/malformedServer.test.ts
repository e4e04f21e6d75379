/**
 * A server that breaks the protocol in small ways, written by hand over the in-memory pair: a
 * tool listing with malformed definitions keeps the good ones and says which were left out; a
 * call result of the wrong shape, or a resource list, is a clear error for that call alone.
 */
import { afterEach, expect, test } from "bun:test";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import type { JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js";
import { connectMcpServers } from "../../../src/mcp/client/connectMcpServers.ts";
import { readMcpLimits } from "../../../src/mcp/client/mcpLimits.ts";
import { fakeEntry } from "../helpers/connectFake.ts";
import { createTemporaryFolder, type TemporaryFolder } from "../../helpers/temporaryFolder.ts";
import { callTool, createTestContext } from "../../helpers/testSession.ts";

let folder: TemporaryFolder | undefined;
afterEach(() => folder?.remove());

/** Answers each method with `answers[method]` (a result object), or "Method not found". */
async function rawServer(answers: Record<string, unknown>) {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  serverSide.onmessage = (message) => {
    const request = message as unknown as { id?: number; method: string };
    if (request.id === undefined) return;
    const result = request.method === "initialize"
      ? { protocolVersion: "2025-06-18", capabilities: { tools: {}, resources: {} }, serverInfo: { name: "odd", version: "1" } }
      : answers[request.method];
    const reply = result === undefined ? { jsonrpc: "2.0", id: request.id, error: { code: -32601, message: "Method not found" } } : { jsonrpc: "2.0", id: request.id, result };
    void serverSide.send(reply as JSONRPCMessage);
  };
  await serverSide.start();
  return clientSide;
}

test("malformed tool definitions are left out and named in a warning; a call result or resource list of the wrong shape is a clear error", async () => {
  folder = createTemporaryFolder("toolshed-mcp-malformed-");
  const transport = await rawServer({
    "tools/list": { tools: [{ name: "good", inputSchema: { type: "object" } }, { name: "no_schema" }, { description: "nameless", inputSchema: { type: "object" } }] },
    "tools/call": { content: "not a list" },
    "resources/list": { resources: [{ name: "no uri" }] },
  });
  const warnings: string[] = [];
  const { connections, tools } = await connectMcpServers({
    cwd: folder.path,
    sessionDirectory: folder.path,
    settings: { sources: [], trusted: true },
    entries: [fakeEntry("odd")],
    transportFor: () => transport,
    limits: readMcpLimits({}),
    warn: (text) => warnings.push(text),
  });
  try {
    expect(tools.map((tool) => tool.name)).toEqual(["mcp__odd__good"]);
    expect(warnings.join("")).toContain('MCP server "odd": 2 tool definitions are malformed and left out ("no_schema", whose "inputSchema" is not an object schema ({"type": "object", "properties": {...}, "required": [...]}); a tool without a "name")');
    const context = await createTestContext({ cwd: folder.path, tools, allow: ["mcp__odd"] });
    const call = await callTool(context, "mcp__odd__good", {});
    expect(call.result.is_error).toBe(true);
    expect(call.text).toContain("the server's tool result is not valid at content");
    await expect(connections.listResources("odd", new AbortController().signal)).rejects.toThrow("the server's resource list is not valid at resources.0.uri");
  } finally {
    await connections.close();
  }
});
