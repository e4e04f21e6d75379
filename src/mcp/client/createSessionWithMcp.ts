/**
 * A session with its MCP servers: settings are read first (the approval keys come from them),
 * the servers are connected (see connectMcpServers), then createSession builds the session with
 * their tools after the built-ins and the connections as its MCP service, so closing the session
 * stops them. This is the order the agent loop and the CLI need; createSession itself stays free
 * of the MCP SDK.
 */
import type { McpServerEntry } from "./config/McpServerConfig.ts";
import { NO_MCP_FLAGS, type McpConfigFlags } from "./config/readMcpConfigSources.ts";
import { connectMcpServers } from "./connectMcpServers.ts";
import type { McpClientConnections } from "./McpClientConnections.ts";
import { createSession, type CreateSessionOptions, type Session } from "../../session/createSession.ts";
import { newSessionDirectory } from "../../session/sessionDirectory.ts";
import { combineSettingsSources, loadSettings } from "../../settings/loadSettings.ts";
import { getRuleFamilies } from "../../tools.ts";

/** createSession's options, and which MCP servers to start. */
export interface CreateSessionWithMcpOptions extends Omit<CreateSessionOptions, "mcp"> {
  /** `--mcp-config` and `--strict-mcp-config`. */
  mcpFlags?: McpConfigFlags;
  /** Asks a person about project servers nobody approved (askServerApprovalAtTerminal at a terminal). */
  approveMcpServers?: (servers: readonly McpServerEntry[]) => Promise<readonly string[]>;
}

/** The session, and its MCP connections with their `tools()` and `onChange` for rebuilding the pool. */
export interface SessionWithMcp {
  session: Session;
  connections: McpClientConnections;
}

/** Builds the session after connecting its MCP servers; a bad managed or command-line settings file throws before anything starts. */
export async function createSessionWithMcp(options: CreateSessionWithMcpOptions = {}): Promise<SessionWithMcp> {
  const cwd = options.cwd ?? process.cwd();
  const sessionId = options.sessionId ?? crypto.randomUUID();
  const sessionDirectory = options.sessionDirectory ?? newSessionDirectory(sessionId);
  const families = getRuleFamilies();
  const settings = options.settings !== undefined
    ? combineSettingsSources({ sources: [{ source: "session", where: "the session's own settings", settings: options.settings, baseDirectory: cwd }], trusted: true, families })
    : loadSettings({ cwd, flags: options.flags, families });
  const { connections, tools } = await connectMcpServers({
    cwd,
    flags: options.mcpFlags ?? NO_MCP_FLAGS,
    settings,
    approve: options.approveMcpServers,
    sessionDirectory,
    warn: options.warn,
  });
  try {
    const session = await createSession({ ...options, cwd, sessionId, sessionDirectory, mcpTools: [...(options.mcpTools ?? []), ...tools], mcp: connections });
    return { session, connections };
  } catch (error) {
    await connections.close();
    throw error;
  }
}
