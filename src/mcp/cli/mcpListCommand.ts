/** `toolshed mcp list [--json]`: every configured MCP server with its state, after a health check. */
import type { CliStreams } from "../../cli/cliStreams.ts";
import { parseCommandArgs } from "../../cli/parseCommandArgs.ts";
import { readSessionFlags } from "../../cli/sessionFlags.ts";
import { UsageError } from "../../errors/ToolError.ts";
import { checkMcpServers } from "./checkMcpServers.ts";
import { describeServerTarget } from "../client/config/describeServerTarget.ts";
import { describeServerState } from "./describeServerState.ts";
import { MCP_CONFIG_FLAG_OPTIONS, readMcpConfigFlags } from "./mcpConfigFlags.ts";

/** Lists the servers; exits 0 whatever their states (they are the output). */
export async function mcpListCommand(args: string[], streams: CliStreams): Promise<number> {
  const { values, positionals } = parseCommandArgs("mcp list", args, {
    json: { type: "boolean" },
    settings: { type: "string" },
    help: { type: "boolean", short: "h" },
    ...MCP_CONFIG_FLAG_OPTIONS,
  });
  if (positionals.length > 0) throw new UsageError(`"toolshed mcp list" takes no arguments, but got: ${positionals.join(" ")}.`);
  const checked = await checkMcpServers({
    cwd: process.cwd(),
    flags: readMcpConfigFlags(values),
    sessionFlags: readSessionFlags(values),
    warn: (text) => streams.stderr.write(text),
  });
  if (values.json) {
    const rows = checked.map(({ entry, status, toolNames }) => ({ ...status, target: describeServerTarget(entry), tools: toolNames }));
    streams.stdout.write(`${JSON.stringify(rows, null, 2)}\n`);
    return 0;
  }
  if (checked.length === 0) {
    streams.stdout.write('No MCP servers are configured. Add one with "toolshed mcp add" (see "toolshed mcp --help").\n');
    return 0;
  }
  for (const { entry, status } of checked) {
    streams.stdout.write(`${entry.name}: ${describeServerTarget(entry)} (${entry.config?.type ?? "?"}, ${entry.scope} ${entry.where}) - ${describeServerState(status)}\n`);
  }
  return 0;
}
