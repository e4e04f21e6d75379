/**
 * A session with its MCP servers: settings are read first (the approval keys come from them),
 * the servers are started (see startMcpServers), createSession builds the session while they
 * connect, with the connections as its MCP service (so closing the session stops them), and
 * their tools join the pool after the built-ins once every server has connected or failed.
 * createSession itself stays free of MCP.
 */
import type { McpServerEntry } from "./config/McpServerConfig.ts";
import { NO_MCP_FLAGS, type McpConfigFlags } from "./config/readMcpConfigSources.ts";
import { startMcpServers } from "./connectMcpServers.ts";
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
  /**
   * Whether to resolve only once every server has connected or failed (the default). With false
   * it resolves as soon as the session is built; its MCP tools join the pool when `connected`
   * resolves, and the caller waits for that before the first model request.
   */
  waitForServers?: boolean;
}

/** The session, and its MCP connections with their `tools()` and `onChange` for rebuilding the pool. */
export interface SessionWithMcp {
  session: Session;
  connections: McpClientConnections;
  /** Resolves once every server has connected or failed and the session's pool holds their tools. */
  connected: Promise<void>;
}

/** Builds the session while its MCP servers connect (and, by default, waits for them); a bad managed or command-line settings file throws before anything starts. */
export async function createSessionWithMcp(options: CreateSessionWithMcpOptions = {}): Promise<SessionWithMcp> {
  const cwd = options.cwd ?? process.cwd();
  const sessionId = options.sessionId ?? crypto.randomUUID();
  const sessionDirectory = options.sessionDirectory ?? newSessionDirectory(sessionId);
  const families = getRuleFamilies();
  const settings = options.settings !== undefined
    ? combineSettingsSources({ sources: [{ source: "session", where: "the session's own settings", settings: options.settings, baseDirectory: cwd }], trusted: true, families })
    : loadSettings({ cwd, flags: options.flags, families });
  const { connections, connected: serversConnected } = await startMcpServers({
    cwd,
    flags: options.mcpFlags ?? NO_MCP_FLAGS,
    settings,
    approve: options.approveMcpServers,
    sessionDirectory,
    warn: options.warn,
  });
  let session: Session;
  try {
    session = await createSession({ ...options, cwd, sessionId, sessionDirectory, mcp: connections });
  } catch (error) {
    // Also stops the servers still connecting.
    await connections.close();
    throw error;
  }
  const given = options.mcpTools ?? [];
  const connected = serversConnected.then(() => session.setMcpTools([...given, ...connections.tools()]));
  if (options.waitForServers !== false) await connected;
  return { session, connections, connected };
}
