/** How a server entry is shown to people: the command line it runs, or the address it reaches. */
import type { McpServerEntry } from "../client/config/McpServerConfig.ts";
import type { McpServerStatus } from "../../session/types.ts";

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

/** The state in a few words: "connected (12 tools)", "failed: ...", "needs approval: ...". */
export function describeServerState(status: McpServerStatus): string {
  switch (status.status) {
    case "connected":
      return `connected (${status.toolCount ?? 0} tool${status.toolCount === 1 ? "" : "s"}${status.hasResources ? ", resources" : ""})`;
    case "needs-approval":
      return `needs approval: ${status.detail ?? "a project server nobody approved"}`;
    case "pending":
      return "connecting";
    default:
      return `${status.status}${status.detail === undefined ? "" : `: ${status.detail}`}`;
  }
}
