/** How a server entry is shown to people: the command line it runs, or the address it reaches. */
import type { McpServerEntry } from "./McpServerConfig.ts";

function quote(word: string): string {
  return /^[A-Za-z0-9_@%+=:,./-]+$/.test(word) ? word : `'${word.replace(/'/g, "'\\''")}'`;
}

/** `node server.js --flag`, or `https://example.com/mcp`. */
export function describeServerTarget(entry: McpServerEntry): string {
  const config = entry.config;
  if (config === undefined) return "(invalid entry)";
  if (config.type === "stdio") return [config.command, ...config.args].map(quote).join(" ");
  return config.url;
}
