/** A server's state in a few words, for `mcp list` and `mcp get`. */
import type { McpServerStatus } from "../../session/types.ts";

/** "connected (12 tools)", "failed: ...", "needs approval: ...". */
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
