/**
 * The session's MCP service: every configured server with its state, the tools of those that
 * are connected, resource access for ListMcpResources and ReadMcpResource, change listeners for
 * the loop (which rebuilds its pool between turns), and closing everything at the end.
 */
import type { AnyTool } from "../../Tool.ts";
import { ToolError } from "../../errors/ToolError.ts";
import { describeError } from "../../errors/describeError.ts";
import type { McpConnections, McpResource, McpResourceContent, McpServerStatus } from "../../session/types.ts";
import type { McpServerConnection } from "./McpServerConnection.ts";
import { noServerWithResources, serverNotStarted, unknownServer } from "./prompt.ts";

/** What the agent loop needs beyond the session's service: the current MCP tools. */
export interface McpClientConnections extends McpConnections {
  /** The tools of every connected server, servers in configuration order. */
  tools(): AnyTool[];
  /** The connection of one server, by its configured name. */
  connection(name: string): McpServerConnection | undefined;
}

/** A configured server: one being connected, or one that was never started (and why). */
export type McpServerSlot = { kind: "connection"; connection: McpServerConnection } | { kind: "status"; status: McpServerStatus };

/** Builds the service over the given slots, in configuration order. */
export function createMcpClientConnections(slots: readonly McpServerSlot[]): McpClientConnections & { notifyChange(): void } {
  const listeners = new Set<() => void>();
  const connections = slots.flatMap((slot) => (slot.kind === "connection" ? [slot.connection] : []));
  const names = () => slots.map((slot) => (slot.kind === "connection" ? slot.connection.name : slot.status.name));

  const find = (server: string): McpServerConnection => {
    const found = connections.find((connection) => connection.name === server);
    if (found !== undefined) return found;
    const other = slots.find((slot) => slot.kind === "status" && slot.status.name === server);
    if (other?.kind === "status") throw new ToolError(serverNotStarted(server, other.status.detail ?? other.status.status));
    throw new ToolError(unknownServer(server, names()));
  };

  let closed: Promise<void> | undefined;
  return {
    list: () => slots.map((slot) => (slot.kind === "connection" ? slot.connection.status() : { ...slot.status })),
    tools: () => connections.flatMap((connection) => connection.tools()),
    connection: (name) => connections.find((connection) => connection.name === name),
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    notifyChange() {
      for (const listener of [...listeners]) {
        try {
          listener();
        } catch {
          // One listener's failure must not keep the others from hearing of the change.
        }
      }
    },
    async listResources(server, signal, options = {}) {
      if (server !== undefined) return find(server).listResources(signal);
      // Servers the caller leaves out (a rule denies them) are not asked at all.
      const offering = connections.filter((connection) => connection.status().status === "connected" && connection.status().hasResources === true && options.skip?.(connection.name) !== true);
      if (offering.length === 0) throw new ToolError(noServerWithResources(names()));
      // One server failing to list must not hide the others' resources; its log says why.
      const lists = await Promise.all(offering.map((connection) => connection.listResources(signal).catch((error: unknown): McpResource[] => {
        connection.log.note(`resources/list failed: ${describeError(error)}`);
        return [];
      })));
      return lists.flat();
    },
    async readResource(server, uri, signal): Promise<McpResourceContent[]> {
      return find(server).readResource(uri, signal);
    },
    close() {
      closed ??= Promise.all(connections.map((connection) => connection.close())).then(() => undefined);
      return closed;
    },
  };
}
