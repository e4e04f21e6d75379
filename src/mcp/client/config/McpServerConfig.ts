/** What one MCP server entry says, once its file has been checked. */
import type { McpServerScope } from "../../../session/types.ts";

/** A server toolshed starts as a child process and talks to over its standard input and output. */
export interface StdioServerConfig {
  type: "stdio";
  command: string;
  args: string[];
  env: Record<string, string>;
}

/** A server reached over the network: streamable HTTP, or the older HTTP+SSE transport. */
export interface RemoteServerConfig {
  type: "http" | "sse";
  url: string;
  headers: Record<string, string>;
}

/** Either kind of server, as written (before `${VAR}` expansion). */
export type McpServerConfig = StdioServerConfig | RemoteServerConfig;

/**
 * One named entry of a configuration source. An entry that failed its checks keeps its name and
 * carries `problem` instead of `config`, so `mcp list` can show it and it still claims its name.
 */
export interface McpServerEntry {
  name: string;
  scope: McpServerScope;
  /** The file and line of the entry (`/p/.mcp.json:4`), or `--mcp-config`. */
  where: string;
  config?: McpServerConfig;
  problem?: string;
}
