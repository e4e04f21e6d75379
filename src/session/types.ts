/**
 * What a session offers the tools it runs: typed services, reached through the context. Lives
 * below the contract (src/Tool.ts imports it), so it imports nothing that imports the contract.
 */
import type { FileStateCache } from "../files/FileStateCache.ts";
import type { TaskRegistry } from "../tasks/TaskRegistry.ts";
import type { ServiceKey } from "./serviceKey.ts";
import type { ShellState } from "./ShellState.ts";

/** One MCP server of the session, as `mcp list` and the init message show it. */
export interface McpServerStatus {
  name: string;
  status: "pending" | "connected" | "failed" | "disabled";
  /** Why it failed or is disabled. */
  detail?: string;
}

/** The session's MCP server connections; the MCP client fills them, an empty set otherwise. */
export interface McpConnections {
  list(): readonly McpServerStatus[];
  close(): Promise<void>;
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
