/**
 * toolshed's MCP protocol client against a raw peer over the SDK's in-memory pair: the peer sees
 * exactly the messages sent and answers by hand, so each rule of the protocol is checked on the
 * wire (the handshake, time limits and cancellation, progress, the server's own requests).
 */
import { describe, expect, test } from "bun:test";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import type { JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js";
import { McpProtocolClient, LATEST_PROTOCOL_VERSION } from "../../../src/mcp/client/McpProtocolClient.ts";
import { McpConnectionClosedError, McpServerError, McpTimeoutError } from "../../../src/mcp/client/mcpRequestErrors.ts";

type Message = { [key: string]: unknown };

/** A peer that records every message and answers initialize (with `version`) by itself. */
async function peer(options: { version?: string; answerInitialize?: boolean } = {}) {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const seen: Message[] = [];
  const waiters: Array<() => void> = [];
  serverSide.onmessage = (message) => {
    const received = message as unknown as Message;
    seen.push(received);
    if (received.method === "initialize" && options.answerInitialize !== false) {
      void serverSide.send({ jsonrpc: "2.0", id: received.id, result: { protocolVersion: options.version ?? LATEST_PROTOCOL_VERSION, capabilities: { tools: { listChanged: true } }, serverInfo: { name: "raw", version: "1" } } } as JSONRPCMessage);
    }
    for (const wake of waiters.splice(0)) wake();
  };
  await serverSide.start();
  /** Waits until a message that `match` picks has arrived. */
  const received = async (match: (message: Message) => boolean): Promise<Message> => {
    for (;;) {
      const found = seen.find(match);
      if (found !== undefined) return found;
      await new Promise<void>((resolve) => waiters.push(resolve));
    }
  };
  const send = (message: Message) => serverSide.send(message as unknown as JSONRPCMessage);
  return { clientSide, serverSide, seen, received, send };
}

async function connected(options: { version?: string } = {}) {
  const wire = await peer(options);
  const client = new McpProtocolClient({ name: "toolshed", version: "test" });
  const errors: string[] = [];
  client.onerror = (error) => errors.push(error.message);
  await client.connect(wire.clientSide, { timeoutMs: 5000 });
  return { ...wire, client, errors };
}

describe("McpProtocolClient", () => {
  test("the handshake asks for the latest version, says who it is, and confirms with notifications/initialized", async () => {
    const { client, seen } = await connected();
    expect(seen[0]).toMatchObject({ jsonrpc: "2.0", method: "initialize", params: { protocolVersion: LATEST_PROTOCOL_VERSION, capabilities: {}, clientInfo: { name: "toolshed", version: "test" } } });
    expect(seen[1]).toEqual({ jsonrpc: "2.0", method: "notifications/initialized" });
    expect(client.server?.capabilities).toEqual({ tools: { listChanged: true } });
    await client.close();
  });

  test("an older version the client knows is accepted; one it does not know fails the connection and closes it", async () => {
    const older = await connected({ version: "2025-03-26" });
    expect(older.client.server?.protocolVersion).toBe("2025-03-26");
    await older.client.close();

    const wire = await peer({ version: "1999-01-01" });
    let closed = false;
    wire.serverSide.onclose = () => (closed = true);
    const client = new McpProtocolClient({ name: "toolshed", version: "test" });
    await expect(client.connect(wire.clientSide, { timeoutMs: 5000 })).rejects.toThrow('the server\'s protocol version "1999-01-01" is not one toolshed supports');
    await Bun.sleep(10);
    expect(closed).toBe(true);
    expect(wire.seen.some((message) => message.method === "notifications/initialized")).toBe(false);
  });

  test("a result and an error reach the request they answer, whatever the order", async () => {
    const { client, received, send } = await connected();
    const first = client.request("tools/list", {}, { timeoutMs: 5000 });
    const second = client.request("tools/call", { name: "x", arguments: {} }, { timeoutMs: 5000 });
    const firstSent = await received((message) => message.method === "tools/list");
    const secondSent = await received((message) => message.method === "tools/call");
    await send({ jsonrpc: "2.0", id: secondSent.id, error: { code: -32602, message: "Unknown tool: x" } });
    await send({ jsonrpc: "2.0", id: firstSent.id, result: { tools: [] } });
    expect(await first).toEqual({ tools: [] });
    const failure = await second.catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(McpServerError);
    expect(failure).toMatchObject({ code: -32602, message: "MCP error -32602: Unknown tool: x" });
    await client.close();
  });

  test("a request with no answer in time fails with McpTimeoutError and is cancelled on the server", async () => {
    const { client, received } = await connected();
    const failure = await client.request("tools/call", { name: "slow" }, { timeoutMs: 50 }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(McpTimeoutError);
    const sent = await received((message) => message.method === "tools/call");
    const cancelled = await received((message) => message.method === "notifications/cancelled");
    expect(cancelled.params).toEqual({ requestId: sent.id, reason: "timed out" });
    await client.close();
  });

  test("aborting a request rejects it with the signal's reason and tells the server; an aborted signal sends nothing", async () => {
    const { client, received, seen } = await connected();
    const controller = new AbortController();
    const call = client.request("tools/call", { name: "slow" }, { timeoutMs: 5000, signal: controller.signal });
    const sent = await received((message) => message.method === "tools/call");
    controller.abort(new Error("the person pressed Esc"));
    await expect(call).rejects.toThrow("the person pressed Esc");
    const cancelled = await received((message) => message.method === "notifications/cancelled");
    expect(cancelled.params).toEqual({ requestId: sent.id, reason: "the person pressed Esc" });
    const count = seen.length;
    await expect(client.request("tools/call", {}, { timeoutMs: 5000, signal: controller.signal })).rejects.toThrow("the person pressed Esc");
    expect(seen.length).toBe(count);
    await client.close();
  });

  test("progress is asked for with a token and reaches only its own request", async () => {
    const { client, received, send } = await connected();
    const updates: unknown[] = [];
    const call = client.request("tools/call", { name: "long", _meta: { keep: true } }, { timeoutMs: 5000, onProgress: (progress) => updates.push(progress) });
    const sent = await received((message) => message.method === "tools/call");
    const meta = (sent.params as Message)._meta as Message;
    expect(meta).toEqual({ keep: true, progressToken: sent.id });
    await send({ jsonrpc: "2.0", method: "notifications/progress", params: { progressToken: meta.progressToken, progress: 1, total: 2, message: "half" } });
    await send({ jsonrpc: "2.0", method: "notifications/progress", params: { progressToken: 999, progress: 5 } });
    await send({ jsonrpc: "2.0", method: "notifications/progress", params: { progressToken: meta.progressToken, progress: "lots" } });
    await send({ jsonrpc: "2.0", id: sent.id, result: { content: [] } });
    await call;
    expect(updates).toEqual([{ progress: 1, total: 2, message: "half" }]);
    await client.close();
  });

  test("the server's ping is answered; any other request of the server is refused as not found", async () => {
    const { client, received, send } = await connected();
    await send({ jsonrpc: "2.0", id: "p1", method: "ping" });
    await send({ jsonrpc: "2.0", id: "r1", method: "roots/list" });
    expect(await received((message) => message.id === "p1" && "result" in message)).toEqual({ jsonrpc: "2.0", id: "p1", result: {} });
    const refused = await received((message) => message.id === "r1" && "error" in message);
    expect(refused.error).toMatchObject({ code: -32601 });
    await client.close();
  });

  test("notifications reach their handler; a message that is not JSON-RPC is reported, not fatal", async () => {
    const { client, send, received, errors } = await connected();
    const changes: unknown[] = [];
    client.setNotificationHandler("notifications/tools/list_changed", (params) => changes.push(params));
    await send({ jsonrpc: "2.0", method: "notifications/tools/list_changed" });
    await send({ jsonrpc: "2.0", id: 7 });
    await send({ jsonrpc: "2.0", id: 12345, result: {} });
    expect(changes).toEqual([{}]);
    expect(errors).toEqual(['the server sent a message toolshed cannot use: it has no "method", "result" or "error"']);
    const call = client.request("ping", {}, { timeoutMs: 5000 });
    const sent = await received((message) => message.method === "ping");
    await send({ jsonrpc: "2.0", id: sent.id, result: {} });
    expect(await call).toEqual({});
    await client.close();
  });

  test("when the connection ends, open requests fail at once and onclose is told", async () => {
    const { client, received, serverSide } = await connected();
    let closed = 0;
    client.onclose = () => closed++;
    const call = client.request("tools/call", { name: "slow" }, { timeoutMs: 5000 });
    await received((message) => message.method === "tools/call");
    await serverSide.close();
    const failure = await call.catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(McpConnectionClosedError);
    expect(closed).toBe(1);
    await expect(client.request("ping", {}, { timeoutMs: 5000 })).rejects.toBeInstanceOf(McpConnectionClosedError);
  });

  test("a server that never answers initialize fails within the time limit, without a cancellation", async () => {
    const wire = await peer({ answerInitialize: false });
    const client = new McpProtocolClient({ name: "toolshed", version: "test" });
    await expect(client.connect(wire.clientSide, { timeoutMs: 50 })).rejects.toBeInstanceOf(McpTimeoutError);
    expect(wire.seen.map((message) => message.method)).toEqual(["initialize"]);
  });

  test("a progress or notification handler that throws is reported, and later answers still arrive", async () => {
    const { client, received, send, errors } = await connected();
    client.setNotificationHandler("notifications/tools/list_changed", () => {
      throw new Error("listener broke");
    });
    await send({ jsonrpc: "2.0", method: "notifications/tools/list_changed" });
    const call = client.request("tools/call", { name: "long" }, { timeoutMs: 5000, onProgress: () => {
      throw new Error("progress listener broke");
    } });
    const sent = await received((message) => message.method === "tools/call");
    await send({ jsonrpc: "2.0", method: "notifications/progress", params: { progressToken: ((sent.params as Message)._meta as Message).progressToken, progress: 1 } });
    await send({ jsonrpc: "2.0", id: sent.id, result: { content: [] } });
    expect(await call).toEqual({ content: [] });
    expect(errors).toEqual(["handling a message from the server failed: listener broke", "handling a message from the server failed: progress listener broke"]);
    await client.close();
  });

  test("a broken answer to an open request fails it at once instead of at its time limit", async () => {
    const { client, received, send } = await connected();
    const call = client.request("tools/list", {}, { timeoutMs: 60_000 });
    const sent = await received((message) => message.method === "tools/list");
    await send({ jsonrpc: "2.0", id: sent.id, result: "not an object" });
    await expect(call).rejects.toThrow('the server\'s answer to tools/list is not a JSON-RPC response: its "result" is not an object');
    await client.close();
  });

  test("a server that closes while the client confirms the handshake is not connected", async () => {
    const wire = await peer();
    wire.serverSide.onmessage = (message) => {
      const received = message as unknown as Message;
      if (received.method === "initialize") void wire.send({ jsonrpc: "2.0", id: received.id, result: { protocolVersion: LATEST_PROTOCOL_VERSION, capabilities: {} } });
      if (received.method === "notifications/initialized") void wire.serverSide.close();
    };
    const client = new McpProtocolClient({ name: "toolshed", version: "test" });
    await expect(client.connect(wire.clientSide, { timeoutMs: 5000 })).rejects.toBeInstanceOf(McpConnectionClosedError);
    expect(client.isClosed).toBe(true);
  });
});
