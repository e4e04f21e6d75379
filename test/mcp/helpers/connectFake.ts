/** Connects the MCP client to fake servers over in-memory transports, with nothing read from disk. */
import { connectMcpServers, type ConnectedMcpServers } from "../../../src/mcp/client/connectMcpServers.ts";
import type { McpServerEntry } from "../../../src/mcp/client/config/McpServerConfig.ts";
import { readMcpLimits, type McpLimits } from "../../../src/mcp/client/mcpLimits.ts";
import type { FakeMcpServer } from "./fakeMcpServer.ts";

/** An entry for a server reached over a given transport (its command is never run). */
export function fakeEntry(name: string): McpServerEntry {
  return { name, scope: "flag", where: "test", config: { type: "stdio", command: "unused", args: [], env: {} } };
}

/** Connects to each fake server under its name. */
export async function connectFakes(servers: Record<string, FakeMcpServer>, options: { sessionDirectory: string; limits?: Partial<McpLimits>; warnings?: string[] }): Promise<ConnectedMcpServers> {
  return connectMcpServers({
    cwd: options.sessionDirectory,
    sessionDirectory: options.sessionDirectory,
    settings: { sources: [], trusted: true },
    entries: Object.keys(servers).map(fakeEntry),
    transportFor: (entry) => servers[entry.name]?.clientTransport,
    limits: { ...readMcpLimits({}), ...options.limits },
    warn: (text) => options.warnings?.push(text),
  });
}
