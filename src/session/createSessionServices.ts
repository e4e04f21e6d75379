/** Builds a session's services, and closes them when the session ends. */
import { ToolError } from "../errors/ToolError.ts";
import { FileStateCache } from "../files/FileStateCache.ts";
import { TaskRegistry } from "../tasks/TaskRegistry.ts";
import type { ServiceKey, ServiceScope } from "./serviceKey.ts";
import { ShellState } from "./ShellState.ts";
import type { McpConnections, SessionServices } from "./types.ts";

const NO_SERVERS = "No MCP server is connected in this session, so there are no MCP resources.";

/** A session without MCP servers. */
export const NO_MCP_CONNECTIONS: McpConnections = {
  list: () => [],
  close: async () => {},
  onChange: () => () => {},
  listResources: async () => {
    throw new ToolError(NO_SERVERS);
  },
  readResource: async () => {
    throw new ToolError(NO_SERVERS);
  },
};

/** The services and a way to release them. */
export interface OwnedServices {
  services: SessionServices;
  close(): Promise<void>;
}

/** Fresh services for a session working in `scope.cwd`. */
export function createSessionServices(scope: ServiceScope, mcp: McpConnections = NO_MCP_CONNECTIONS): OwnedServices {
  const extensions = new Map<ServiceKey<unknown>, unknown>();
  const tasks = new TaskRegistry(scope.sessionDirectory);
  const services: SessionServices = {
    tasks,
    shell: new ShellState(scope.cwd),
    fileState: new FileStateCache(),
    mcp,
    use<T>(key: ServiceKey<T>): T {
      if (extensions.has(key)) return extensions.get(key) as T;
      const created = key.create(scope);
      extensions.set(key, created);
      return created;
    },
    provide<T>(key: ServiceKey<T>, service: T): void {
      extensions.set(key, service);
    },
  };
  return {
    services,
    async close() {
      await tasks.close();
      await mcp.close();
      for (const [key, service] of extensions) await key.close?.(service);
    },
  };
}
