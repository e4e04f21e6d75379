/** `toolshed mcp get <name> [--json]`: one server's configuration and state, after a health check. */
import type { CliStreams } from "../../cli/cliStreams.ts";
import { parseCommandArgs } from "../../cli/parseCommandArgs.ts";
import { readSessionFlags } from "../../cli/sessionFlags.ts";
import { UsageError } from "../../errors/ToolError.ts";
import { readMcpConfigSources, selectMcpServers } from "../client/config/readMcpConfigSources.ts";
import { checkMcpServers, type CheckedServer } from "./checkMcpServers.ts";
import { describeServerTarget } from "../client/config/describeServerTarget.ts";
import { describeServerState } from "./describeServerState.ts";
import { MCP_CONFIG_FLAG_OPTIONS, readMcpConfigFlags } from "./mcpConfigFlags.ts";

function describe({ entry, status, toolNames, shadowed, ruleName }: CheckedServer): string {
  const lines = [`${entry.name}:`, `  Scope: ${entry.scope} (${entry.where})`];
  const config = entry.config;
  if (config?.type === "stdio") {
    lines.push("  Type: stdio", `  Command: ${describeServerTarget(entry)}`);
    for (const [key, value] of Object.entries(config.env)) lines.push(`  Environment: ${key}=${value}`);
  } else if (config !== undefined) {
    lines.push(`  Type: ${config.type}`, `  URL: ${config.url}`);
    for (const [key, value] of Object.entries(config.headers)) lines.push(`  Header: ${key}: ${value}`);
  }
  lines.push(`  Status: ${describeServerState(status)}`);
  if (ruleName !== undefined) lines.push(`  Rule for all its tools: ${ruleName} (e.g. in permissions.allow)`);
  if (toolNames.length > 0) lines.push(`  Tools (${toolNames.length}): ${toolNames.join(", ")}`);
  for (const other of shadowed) lines.push(`  Also defined in ${other.where} (${other.scope}; not used, since ${entry.where} comes first)`);
  if (entry.scope !== "flag") lines.push(`To remove it: toolshed mcp remove ${entry.name} --scope ${entry.scope}`);
  return `${lines.join("\n")}\n`;
}

/** Shows one server; exits 1 when there is no server of that name. */
export async function mcpGetCommand(args: string[], streams: CliStreams): Promise<number> {
  const { values, positionals } = parseCommandArgs("mcp get", args, {
    json: { type: "boolean" },
    settings: { type: "string" },
    help: { type: "boolean", short: "h" },
    ...MCP_CONFIG_FLAG_OPTIONS,
  });
  const [name, ...extra] = positionals;
  if (name === undefined || extra.length > 0) throw new UsageError('"toolshed mcp get" takes one server name, e.g. "toolshed mcp get github".');
  const flags = readMcpConfigFlags(values);
  const checked = await checkMcpServers({ cwd: process.cwd(), flags, sessionFlags: readSessionFlags(values), only: name, warn: (text) => streams.stderr.write(text) });
  const found = checked[0];
  if (found === undefined) {
    const names = selectMcpServers(readMcpConfigSources(process.cwd(), flags).entries).map((entry) => entry.name);
    streams.stderr.write(`toolshed: there is no MCP server named "${name}". The configured servers are: ${names.length === 0 ? "(none)" : names.join(", ")}.\n`);
    return 1;
  }
  if (values.json) {
    streams.stdout.write(`${JSON.stringify({ ...found.status, config: found.entry.config, tools: found.toolNames }, null, 2)}\n`);
    return 0;
  }
  streams.stdout.write(describe(found));
  return 0;
}
