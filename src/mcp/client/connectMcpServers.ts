/**
 * The one function the CLI and the agent loop call to start a session's MCP servers: reads the
 * configuration (`--mcp-config`, `.mcp.json`, the user's `mcp.json`), decides which servers may
 * start (see planMcpServers), and connects them in parallel (a few stdio servers at a time, more
 * remote ones), each bounded by `MCP_TIMEOUT`. A server that fails or hangs is reported and the
 * rest go on without it.
 */
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import type { AnyTool } from "../../Tool.ts";
import { loadSettings, type LoadedSettings } from "../../settings/loadSettings.ts";
import type { McpServerConfig, McpServerEntry } from "./config/McpServerConfig.ts";
import { readMcpApprovalSettings } from "./config/projectServerApproval.ts";
import { NO_MCP_FLAGS, readMcpConfigSources, selectMcpServers, type McpConfigFlags } from "./config/readMcpConfigSources.ts";
import { createMcpClientConnections, type McpClientConnections, type McpServerSlot } from "./McpClientConnections.ts";
import type { McpServerConnection } from "./McpServerConnection.ts";
import { readMcpLimits, type McpLimits } from "./mcpLimits.ts";
import { assignServerParts } from "./mcpToolName.ts";
import { planMcpServers } from "./planMcpServers.ts";
import { runBounded } from "./runBounded.ts";
import { serverCommand, startServerEarly, type StartedServer } from "./spawnServerProcess.ts";

/** What connecting needs; only `cwd` and `sessionDirectory` are required. */
export interface ConnectMcpServersOptions {
  cwd: string;
  /** `--mcp-config` and `--strict-mcp-config`. */
  flags?: McpConfigFlags;
  /** The session's settings as loaded (read from `cwd` when absent): the approval keys come from its personal sources. */
  settings?: Pick<LoadedSettings, "sources" | "trusted">;
  /** Whether the folder is trusted; the settings' own answer by default. */
  trusted?: boolean;
  /** Asks a person about project servers nobody approved yet; resolves with the names approved. */
  approve?: (servers: readonly McpServerEntry[]) => Promise<readonly string[]>;
  /** Where each stdio server's log goes (`<sessionDirectory>/mcp-logs/<server>.log`). */
  sessionDirectory: string;
  /** Receives whole warning lines (`toolshed: warning: ...\n`) for standard error. */
  warn?: (text: string) => void;
  /** Called with a server's name when its tools change (list_changed, or it went away). */
  onToolsChanged?: (server: string) => void;
  /** Where `${VAR}` values come from; the process environment by default. */
  environment?: Record<string, string | undefined>;
  /** The entries to use instead of reading any file (embedding, tests). */
  entries?: readonly McpServerEntry[];
  /** A transport for a server instead of the one its configuration describes (tests). */
  transportFor?: (entry: McpServerEntry) => Transport | undefined;
  limits?: McpLimits;
}

/** The service, and the MCP tools connected so far (the same as `connections.tools()` now). */
export interface ConnectedMcpServers {
  connections: McpClientConnections;
  tools: AnyTool[];
}

/** The service at once, its servers still connecting; `connected` resolves when each has connected or failed. */
export interface StartedMcpServers {
  connections: McpClientConnections;
  connected: Promise<void>;
}

/**
 * Starts the processes of the stdio servers that connect first (the first `batch`, as runBounded
 * takes them), before the connection code is loaded: they boot while it loads instead of after.
 */
function startFirstStdioServers(starting: readonly { entry: McpServerEntry; config: McpServerConfig }[], given: ReadonlyMap<string, Transport | undefined>, batch: number, cwd: string): Map<string, StartedServer> {
  const started = new Map<string, StartedServer>();
  const stdio = starting.filter(({ entry, config }) => config.type === "stdio" && given.get(entry.name) === undefined);
  for (const { entry, config } of stdio.slice(0, Math.max(1, batch))) {
    if (config.type === "stdio") started.set(entry.name, startServerEarly(serverCommand(config, cwd)));
  }
  return started;
}

/** Starts the configured servers and waits (at most MCP_TIMEOUT each) until every one is connected or has failed. */
export async function connectMcpServers(options: ConnectMcpServersOptions): Promise<ConnectedMcpServers> {
  const { connections, connected } = await startMcpServers(options);
  await connected;
  return { connections, tools: connections.tools() };
}

/**
 * Starts the configured servers and returns once they are on their way (after any question about
 * project servers): the caller can build its session while they connect, then wait for `connected`.
 */
export async function startMcpServers(options: ConnectMcpServersOptions): Promise<StartedMcpServers> {
  const warn = (text: string) => options.warn?.(`toolshed: warning: ${text}\n`);
  const limits = options.limits ?? readMcpLimits();
  let entries = options.entries;
  if (entries === undefined) {
    const sources = readMcpConfigSources(options.cwd, options.flags ?? NO_MCP_FLAGS);
    for (const warning of sources.warnings) warn(warning);
    entries = sources.entries;
  }
  const settings = options.settings ?? loadSettings({ cwd: options.cwd });
  const planned = await planMcpServers({
    entries: selectMcpServers(entries),
    approval: readMcpApprovalSettings(settings.sources),
    trusted: options.trusted ?? settings.trusted,
    approve: options.approve,
    environment: options.environment ?? process.env,
    warn,
  });

  const starting = planned.flatMap((plan) => ("config" in plan ? [plan] : []));
  const parts = assignServerParts(starting.map((plan) => plan.entry.name));
  const byName = new Map<string, McpServerConnection>();
  let service: ReturnType<typeof createMcpClientConnections> | undefined;
  const given = new Map(starting.map(({ entry }) => [entry.name, options.transportFor?.(entry)]));
  const started = startFirstStdioServers(starting, given, limits.stdioConnections, options.cwd);
  // The connection code loads only when a server is to be started: a run without servers never pays for it.
  const { McpServerConnection: Connection } = starting.length > 0 ? await import("./McpServerConnection.ts") : { McpServerConnection: undefined };
  starting.forEach(({ entry, config }, index) => {
    if (Connection === undefined) return;
    byName.set(entry.name, new Connection({
      name: entry.name,
      serverPart: parts[index] ?? entry.name,
      scope: entry.scope,
      where: entry.where,
      config,
      cwd: options.cwd,
      sessionDirectory: options.sessionDirectory,
      limits,
      transport: given.get(entry.name),
      started: started.get(entry.name),
      warn,
      onChange: () => {
        options.onToolsChanged?.(entry.name);
        service?.notifyChange();
      },
    }));
  });
  const slots = planned.map((plan): McpServerSlot => {
    const connection = byName.get(plan.entry.name);
    return connection !== undefined ? { kind: "connection", connection } : { kind: "status", status: "status" in plan ? plan.status : { name: plan.entry.name, status: "failed" } };
  });
  service = createMcpClientConnections(slots);

  const connect = async (connection: McpServerConnection) => {
    await connection.connect();
    const status = connection.status();
    if (status.status === "failed") warn(`MCP server "${connection.name}" failed to connect: ${status.detail}`);
    // Listeners (a terminal's pool) get each server's tools as it connects, not when the last one has.
    if (status.status === "connected") service?.notifyChange();
  };
  const all = [...byName.values()];
  const stdio = all.filter((connection) => connection.status().transport === "stdio");
  const remote = all.filter((connection) => connection.status().transport !== "stdio");
  const connected = Promise.all([runBounded(stdio, limits.stdioConnections, connect), runBounded(remote, limits.remoteConnections, connect)]).then(() => undefined);
  return { connections: service, connected };
}
