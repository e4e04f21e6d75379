/**
 * Reads every MCP configuration source, highest precedence first: each `--mcp-config` value (a
 * file, or inline JSON), then the project's `.mcp.json`, then the user's `mcp.json`. With
 * `strictMcpConfig` only the `--mcp-config` servers count. A `--mcp-config` value that cannot be
 * read or parsed stops the run (McpConfigError); a broken project or user file is a warning.
 */
import { resolve } from "node:path";
import type { McpServerScope } from "../../../session/types.ts";
import { McpConfigError } from "./McpConfigError.ts";
import { projectMcpConfigPath, userMcpConfigPath } from "./mcpConfigPaths.ts";
import type { McpServerEntry } from "./McpServerConfig.ts";
import { parseMcpConfigText } from "./parseMcpConfigText.ts";
import { readConfigText } from "./readConfigText.ts";

/** The command-line flags that pick MCP servers. */
export interface McpConfigFlags {
  /** `--mcp-config <file or json>...`: each value a file path or a JSON object. */
  mcpConfig: readonly string[];
  /** `--strict-mcp-config`: ignore `.mcp.json` and the user's file. */
  strictMcpConfig: boolean;
}

/** No flags: the project's and the user's files. */
export const NO_MCP_FLAGS: McpConfigFlags = { mcpConfig: [], strictMcpConfig: false };

/** Every entry found, in precedence order, and what was wrong with the sources. */
export interface McpConfigSources {
  entries: McpServerEntry[];
  warnings: string[];
}

function readFlagValue(value: string, cwd: string, sources: McpConfigSources): void {
  const inline = value.trim().startsWith("{");
  const where = inline ? "--mcp-config" : resolve(cwd, value);
  let text = value;
  if (!inline) {
    const read = readConfigText(where);
    if (read.kind === "missing") throw new McpConfigError(`the --mcp-config file ${where} does not exist`);
    if (read.kind === "unreadable") throw new McpConfigError(`the --mcp-config file ${where} cannot be read: ${read.reason}`);
    text = read.text;
  }
  const parsed = parseMcpConfigText(text, where, "flag", !inline);
  if (!parsed.ok) throw new McpConfigError(`--mcp-config: ${parsed.message}`);
  sources.entries.push(...parsed.entries);
  sources.warnings.push(...parsed.warnings);
}

function readFile(path: string, scope: McpServerScope, sources: McpConfigSources): void {
  const read = readConfigText(path);
  if (read.kind === "missing") return;
  if (read.kind === "unreadable") {
    sources.warnings.push(`${path}: cannot be read (${read.reason}); its MCP servers are skipped`);
    return;
  }
  const parsed = parseMcpConfigText(read.text, path, scope);
  if (!parsed.ok) {
    sources.warnings.push(`${parsed.message}; its MCP servers are skipped`);
    return;
  }
  sources.entries.push(...parsed.entries);
  sources.warnings.push(...parsed.warnings);
}

/** Reads the sources for a session working in `cwd`. */
export function readMcpConfigSources(cwd: string, flags: McpConfigFlags = NO_MCP_FLAGS): McpConfigSources {
  const sources: McpConfigSources = { entries: [], warnings: [] };
  for (const value of flags.mcpConfig) readFlagValue(value, cwd, sources);
  if (!flags.strictMcpConfig) {
    readFile(projectMcpConfigPath(cwd), "project", sources);
    readFile(userMcpConfigPath(), "user", sources);
  }
  return sources;
}

/** One entry per name: the first (highest-precedence) one. */
export function selectMcpServers(entries: readonly McpServerEntry[]): McpServerEntry[] {
  const seen = new Set<string>();
  return entries.filter((entry) => {
    if (seen.has(entry.name)) return false;
    seen.add(entry.name);
    return true;
  });
}
