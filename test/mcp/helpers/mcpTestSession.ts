/** A session holding connected MCP servers: their tools after the built-ins, the service in its services. */
import type { ConnectedMcpServers } from "../../../src/mcp/client/connectMcpServers.ts";
import { createSession, type Session } from "../../../src/session/createSession.ts";
import type { Settings } from "../../../src/settings/settingsSchema.ts";
import { getAllBaseTools } from "../../../src/tools.ts";

/** Nothing is read from the machine's settings; nobody answers questions. */
export function createMcpTestSession(cwd: string, connected: ConnectedMcpServers, settings: Settings = {}, onProgress?: (data: unknown) => void): Promise<Session> {
  return createSession({
    cwd,
    settings,
    tools: getAllBaseTools(),
    mcpTools: connected.tools,
    mcp: connected.connections,
    sessionDirectory: `${cwd}/.session`,
    isNonInteractive: true,
    onProgress: onProgress === undefined ? undefined : (event) => onProgress(event.data),
  });
}
