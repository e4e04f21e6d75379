/**
 * `toolshed mcp serve` over standard input and output: nothing but the protocol goes to stdout.
 * A line that is not JSON, or not a JSON-RPC message (a batch, which MCP no longer has), gets an
 * error response (-32700, -32600), so a client is never left waiting for an answer that will not come.
 */
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import type { JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js";
import type { Readable, Writable } from "node:stream";
import { createToolshedMcpServer } from "./createToolshedMcpServer.ts";
import type { ServedSession } from "./createServedSession.ts";

/** The error response for a line the transport could not read, or undefined for other errors. */
export function unreadableLineAnswer(error: unknown): { jsonrpc: "2.0"; id: null; error: { code: number; message: string } } | undefined {
  if (error instanceof SyntaxError) return { jsonrpc: "2.0", id: null, error: { code: -32700, message: "Parse error: a line was not JSON (each message is one line of JSON)" } };
  if (error instanceof Error && error.name === "ZodError") {
    return { jsonrpc: "2.0", id: null, error: { code: -32600, message: "Invalid Request: a line was not one JSON-RPC message (MCP has no batches: send each message on a line of its own)" } };
  }
  return undefined;
}

/** The SDK's stdio transport, answering the lines it cannot read (installed as it starts, before any line is read). */
class AnsweringStdioTransport extends StdioServerTransport {
  override async start(): Promise<void> {
    const reported = this.onerror;
    this.onerror = (error) => {
      const answer = unreadableLineAnswer(error);
      if (answer !== undefined) void this.send(answer as unknown as JSONRPCMessage).catch(() => {});
      reported?.(error);
    };
    return super.start();
  }
}

/** Serves one client until it closes its end (standard input ends) or the connection closes. */
export async function serveMcpStdio(served: ServedSession, input: Readable = process.stdin, output: Writable = process.stdout): Promise<void> {
  const server = createToolshedMcpServer(served);
  const closed = new Promise<void>((resolve) => {
    server.onclose = () => resolve();
  });
  // The SDK's stdio transport does not notice its input ending; without this, serve would never return.
  const onEnd = () => void server.close();
  input.once("end", onEnd);
  input.once("close", onEnd);
  try {
    await server.connect(new AnsweringStdioTransport(input, output));
    await closed;
  } finally {
    input.off("end", onEnd);
    input.off("close", onEnd);
  }
}
