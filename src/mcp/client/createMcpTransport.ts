/**
 * The SDK transport for one server's configuration: a child process for stdio (ours, with its
 * process group), streamable HTTP, or the older HTTP+SSE for servers that only speak that.
 */
import { SSEClientTransport } from "@modelcontextprotocol/sdk/client/sse.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import type { McpServerConfig, StdioServerConfig } from "./config/McpServerConfig.ts";
import { limitResponseBody } from "./limitResponseBody.ts";
import { MAX_MESSAGE_BYTES } from "./mcpLimits.ts";
import { ProcessStdioTransport } from "./ProcessStdioTransport.ts";
import type { ServerLog } from "./ServerLog.ts";

/** The variables a stdio server inherits when `TOOLSHED_MCP_ALLOWLIST_ENV=1` asks for few. */
const ALLOWLIST = ["HOME", "LOGNAME", "PATH", "SHELL", "TERM", "USER"];

/** A transport, and how it ended (for messages), when that can be known. */
export interface McpTransport {
  transport: Transport;
  describeEnd(): string | undefined;
  /** Ends it without the courtesy of a graceful close (a server that failed to connect). */
  terminate?(): Promise<void>;
}

/** The environment of a stdio server: toolshed's (or the short allowlist), the entry's own, and the project folder. */
export function stdioEnvironment(config: StdioServerConfig, cwd: string, environment: Record<string, string | undefined> = process.env): Record<string, string> {
  const inherited: Record<string, string> = {};
  const allowlistOnly = environment.TOOLSHED_MCP_ALLOWLIST_ENV === "1";
  for (const [key, value] of Object.entries(environment)) {
    // A value that starts with "()" is an exported shell function: never handed on.
    if (value === undefined || value.startsWith("()")) continue;
    if (allowlistOnly && !ALLOWLIST.includes(key)) continue;
    inherited[key] = value;
  }
  return { ...inherited, ...config.env, TOOLSHED_PROJECT_DIR: cwd };
}

/** Builds the transport; nothing starts until the client connects. */
export function createMcpTransport(config: McpServerConfig, options: { cwd: string; log: ServerLog }): McpTransport {
  if (config.type === "stdio") {
    const transport = new ProcessStdioTransport({ command: config.command, args: config.args, env: stdioEnvironment(config, options.cwd), cwd: options.cwd, log: options.log });
    return { transport, describeEnd: () => transport.describeExit(), terminate: () => transport.terminate() };
  }
  const url = new URL(config.url);
  const requestInit = { headers: config.headers };
  const fetch = limitResponseBody(MAX_MESSAGE_BYTES);
  const transport = config.type === "http"
    ? new StreamableHTTPClientTransport(url, { requestInit, fetch })
    : new SSEClientTransport(url, { requestInit, fetch });
  return { transport, describeEnd: () => undefined };
}
