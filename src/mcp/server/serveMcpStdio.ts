/** `toolshed mcp serve` over standard input and output: nothing but the protocol goes to stdout. */
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import type { Readable, Writable } from "node:stream";
import { createToolshedMcpServer } from "./createToolshedMcpServer.ts";
import type { ServedSession } from "./createServedSession.ts";

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
    await server.connect(new StdioServerTransport(input, output));
    await closed;
  } finally {
    input.off("end", onEnd);
    input.off("close", onEnd);
  }
}
