/**
 * `--mcp-config <file or json>...` and `--strict-mcp-config`, for every command that starts MCP
 * servers. Several values may follow one `--mcp-config` (as with the leading agent), so the
 * arguments are rewritten into one flag per value before strict parsing.
 */
import type { McpConfigFlags } from "../client/config/readMcpConfigSources.ts";

/** Spread into a command's parseCommandArgs options. */
export const MCP_CONFIG_FLAG_OPTIONS = {
  "mcp-config": { type: "string", multiple: true },
  "strict-mcp-config": { type: "boolean" },
} as const;

/**
 * `--mcp-config a.json b.json --x` becomes `--mcp-config a.json --mcp-config b.json --x`: the
 * values run until the next argument that starts with "-" (or `--`).
 */
export function expandMcpConfigValues(args: readonly string[]): string[] {
  const result: string[] = [];
  for (let index = 0; index < args.length; index++) {
    const arg = args[index] ?? "";
    if (arg === "--") {
      result.push(...args.slice(index));
      break;
    }
    if (arg !== "--mcp-config") {
      result.push(arg);
      continue;
    }
    let taken = 0;
    while (index + 1 < args.length && !(args[index + 1] ?? "").startsWith("-")) {
      result.push("--mcp-config", args[++index] ?? "");
      taken++;
    }
    // No value at all: leave the flag alone so strict parsing reports it.
    if (taken === 0) result.push(arg);
  }
  return result;
}

/** The flags' values as the MCP client takes them. */
export function readMcpConfigFlags(values: { [key: string]: unknown }): McpConfigFlags {
  const configs = values["mcp-config"];
  return {
    mcpConfig: Array.isArray(configs) ? configs.filter((value): value is string => typeof value === "string") : [],
    strictMcpConfig: values["strict-mcp-config"] === true,
  };
}
