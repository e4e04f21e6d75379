/**
 * The SDK transport for one server's configuration: a child process for stdio (ours, with its
 * process group), streamable HTTP, or the older HTTP+SSE for servers that only speak that.
 */
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import type { McpServerConfig } from "./config/McpServerConfig.ts";
import { limitResponseBody } from "./limitResponseBody.ts";
import { MAX_MESSAGE_BYTES } from "./mcpLimits.ts";
import { ProcessStdioTransport } from "./ProcessStdioTransport.ts";
import type { ServerLog } from "./ServerLog.ts";
import { serverCommand, type StartedServer } from "./spawnServerProcess.ts";

/** A transport, and how it ended (for messages), when that can be known. */
export interface McpTransport {
  transport: Transport;
  describeEnd(): string | undefined;
  /** Ends it without the courtesy of a graceful close (a server that failed to connect). */
  terminate?(): Promise<void>;
}

/**
 * Builds the transport; nothing starts until the client connects, unless the process was
 * `started` already. The SDK's HTTP transports are loaded only for a remote server.
 */
export async function createMcpTransport(config: McpServerConfig, options: { cwd: string; log: ServerLog; started?: StartedServer }): Promise<McpTransport> {
  if (config.type === "stdio") {
    const transport = new ProcessStdioTransport({ ...serverCommand(config, options.cwd), log: options.log, started: options.started });
    return { transport, describeEnd: () => transport.describeExit(), terminate: () => transport.terminate() };
  }
  const url = new URL(config.url);
  const requestInit = { headers: config.headers };
  // The SDK's transports follow redirects only within the server's origin (their default
  // redirectPolicy), so the configured headers never go elsewhere; a test holds them to it.
  const fetch = limitResponseBody(MAX_MESSAGE_BYTES);
  const transport = config.type === "http"
    ? new (await import("@modelcontextprotocol/sdk/client/streamableHttp.js")).StreamableHTTPClientTransport(url, { requestInit, fetch })
    : new (await import("@modelcontextprotocol/sdk/client/sse.js")).SSEClientTransport(url, { requestInit, fetch });
  return { transport, describeEnd: () => undefined };
}
