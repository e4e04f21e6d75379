/**
 * What `mcp list` and `mcp get` show: every configured server (one per name), each one that may
 * start connected once to see its health, then closed again. Nobody is asked to approve a
 * project server here: those are shown as needing approval.
 */
import { loadSettings } from "../../settings/loadSettings.ts";
import type { SessionFlags } from "../../settings/sessionFlags.ts";
import { newSessionDirectory } from "../../session/sessionDirectory.ts";
import type { McpServerStatus } from "../../session/types.ts";
import type { McpServerEntry } from "../client/config/McpServerConfig.ts";
import { readMcpConfigSources, selectMcpServers, type McpConfigFlags } from "../client/config/readMcpConfigSources.ts";
import { connectMcpServers } from "../client/connectMcpServers.ts";

/** One server as checked: its entry, its state, and the names of its tools when connected. */
export interface CheckedServer {
  entry: McpServerEntry;
  status: McpServerStatus;
  toolNames: string[];
  /** The rule naming all its tools (`mcp__<server>`), once it was started. */
  ruleName?: string;
  /** The entries of the same name that lower-precedence sources hold (not used). */
  shadowed: McpServerEntry[];
}

/** Checks the servers of `cwd` (only `only`, when given). */
export async function checkMcpServers(options: {
  cwd: string;
  flags: McpConfigFlags;
  sessionFlags?: SessionFlags;
  only?: string;
  warn: (text: string) => void;
}): Promise<CheckedServer[]> {
  const sources = readMcpConfigSources(options.cwd, options.flags);
  for (const warning of sources.warnings) options.warn(`toolshed: warning: ${warning}\n`);
  const selected = selectMcpServers(sources.entries).filter((entry) => options.only === undefined || entry.name === options.only);
  if (selected.length === 0) return [];
  const settings = loadSettings({ cwd: options.cwd, flags: options.sessionFlags });
  for (const warning of settings.warnings) options.warn(`toolshed: warning: ${warning}\n`);
  const { connections } = await connectMcpServers({
    cwd: options.cwd,
    entries: selected,
    settings,
    sessionDirectory: newSessionDirectory(),
    // The states are printed in full; the connection warnings would only say the same again.
    warn: () => {},
  });
  try {
    const statuses = connections.list();
    return selected.map((entry, index) => ({
      entry,
      status: statuses[index] ?? { name: entry.name, status: "failed" },
      toolNames: connections.connection(entry.name)?.tools().map((tool) => tool.name) ?? [],
      ruleName: connections.connection(entry.name)?.ruleName,
      shadowed: sources.entries.filter((other) => other.name === entry.name && other !== entry),
    }));
  } finally {
    await connections.close();
  }
}
