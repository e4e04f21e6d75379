/**
 * What a session offers the tools it runs: typed services, reached through the context. Lives
 * below the contract (src/Tool.ts imports it), so it imports nothing that imports the contract.
 */
import type { FileStateCache } from "../files/FileStateCache.ts";
import type { TaskRegistry } from "../tasks/TaskRegistry.ts";
import type { ServiceKey } from "./serviceKey.ts";
import type { ShellState } from "./ShellState.ts";

/** Where an MCP server's configuration came from: `.mcp.json`, the user's file, or `--mcp-config`. */
export type McpServerScope = "project" | "user" | "flag";

/** One MCP server of the session, as `mcp list` and the init message show it. */
export interface McpServerStatus {
  name: string;
  /** `needs-approval`: a project server nobody has approved yet (see permissions.md, trust). */
  status: "pending" | "connected" | "failed" | "disabled" | "needs-approval";
  /** Why it failed, is disabled or waits for approval. */
  detail?: string;
  scope?: McpServerScope;
  transport?: "stdio" | "http" | "sse";
  /** The file (and line) that configures it, or "--mcp-config". */
  where?: string;
  /** How many of its tools the session offers, once connected. */
  toolCount?: number;
  /** True when the server offers resources (ListMcpResources / ReadMcpResource reach them). */
  hasResources?: boolean;
  /** The rule that names every tool of the server (`mcp__<server>`, normalized); its deny and ask rules cover its resources too. */
  ruleName?: string;
}

/** One resource an MCP server lists. */
export interface McpResource {
  server: string;
  uri: string;
  name: string;
  title?: string;
  description?: string;
  mimeType?: string;
}

/** One part of a resource as a server returns it: text, or binary data in base64. */
export type McpResourceContent =
  | { uri: string; mimeType?: string; text: string }
  | { uri: string; mimeType?: string; blob: string };

/** The session's MCP server connections; the MCP client fills them, an empty set otherwise. */
export interface McpConnections {
  list(): readonly McpServerStatus[];
  close(): Promise<void>;
  /** Calls `listener` whenever a server's tools or state change; returns the way to stop. */
  onChange(listener: () => void): () => void;
  /**
   * The resources of one server, or of every connected server that has resources. Throws a
   * ToolError (for the model) for an unknown server or one without resources.
   */
  listResources(server: string | undefined, signal: AbortSignal, options?: { skip?: (server: string) => boolean }): Promise<McpResource[]>;
  /** Reads one resource; throws a ToolError for an unknown server or one without resources. */
  readResource(server: string, uri: string, signal: AbortSignal): Promise<McpResourceContent[]>;
}

/** The services of one session. Tools change them only from calls that are not concurrency-safe. */
export interface SessionServices {
  /** Background shell commands (Bash run_in_background) and their output. */
  readonly tasks: TaskRegistry;
  /** Where the next shell command starts. */
  readonly shell: ShellState;
  /** What each file looked like when it was last read: Write and Edit check against it. */
  readonly fileState: FileStateCache;
  readonly mcp: McpConnections;
  /** A service that only some builds or some runs have: created on first use, or as provided. */
  use<T>(key: ServiceKey<T>): T;
  /** Gives the session a service made outside it (the model a run talks to). */
  provide<T>(key: ServiceKey<T>, service: T): void;
}
