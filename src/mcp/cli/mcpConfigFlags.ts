/**
 * `--mcp-config <file or json>...` and `--strict-mcp-config`, for every command that starts MCP
 * servers. Several values may follow one `--mcp-config` (as with the leading agent), up to the
 * next flag; the flag may also repeat.
 */
import type { McpConfigFlags } from "../client/config/readMcpConfigSources.ts";

/** Spread into a command's parseCommandArgs options. */
export const MCP_CONFIG_FLAG_OPTIONS = {
  "mcp-config": { type: "string", variadic: true },
  "strict-mcp-config": { type: "boolean" },
} as const;

/** The flags' values as the MCP client takes them. */
export function readMcpConfigFlags(values: { [key: string]: unknown }): McpConfigFlags {
  const configs = values["mcp-config"];
  return {
    mcpConfig: Array.isArray(configs) ? configs.filter((value): value is string => typeof value === "string") : [],
    strictMcpConfig: values["strict-mcp-config"] === true,
  };
}
