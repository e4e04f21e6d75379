/** `toolshed mcp remove <name> [--scope project|user]`: takes a server out of the file that holds it. */
import type { CliStreams } from "../../cli/cliStreams.ts";
import { parseCommandArgs } from "../../cli/parseCommandArgs.ts";
import { UsageError } from "../../errors/ToolError.ts";
import { removeServerFromFile } from "../client/config/editMcpConfigFile.ts";
import { projectMcpConfigPath, userMcpConfigPath } from "../client/config/mcpConfigPaths.ts";
import { readMcpConfigSources } from "../client/config/readMcpConfigSources.ts";

/** Removes the server; exits 1 when no file (or more than one, without --scope) holds it. */
export async function mcpRemoveCommand(args: string[], streams: CliStreams): Promise<number> {
  const { values, positionals } = parseCommandArgs("mcp remove", args, {
    scope: { type: "string", short: "s" },
    help: { type: "boolean", short: "h" },
  });
  const [name, ...extra] = positionals;
  if (name === undefined || extra.length > 0) throw new UsageError('"toolshed mcp remove" takes one server name, e.g. "toolshed mcp remove github".');
  if (values.scope !== undefined && values.scope !== "project" && values.scope !== "user") {
    throw new UsageError(`--scope "${values.scope}" is not one of project, user.`);
  }
  const cwd = process.cwd();
  const holders = readMcpConfigSources(cwd).entries.filter((entry) => entry.name === name && (values.scope === undefined || entry.scope === values.scope));
  const holder = holders[0];
  if (holder === undefined) {
    streams.stderr.write(`toolshed: there is no MCP server named "${name}"${values.scope === undefined ? "" : ` in the ${values.scope} scope`}. Run "toolshed mcp list" to see the configured servers.\n`);
    return 1;
  }
  if (holders.length > 1) {
    streams.stderr.write(`toolshed: "${name}" is defined in ${holders.map((entry) => `${entry.where} (${entry.scope})`).join(" and ")}; say which with --scope project or --scope user.\n`);
    return 1;
  }
  const path = holder.scope === "project" ? projectMcpConfigPath(cwd) : userMcpConfigPath();
  const result = removeServerFromFile(path, holder.scope, name);
  if (!result.ok) {
    streams.stderr.write(`toolshed: ${result.message}\n`);
    return 1;
  }
  streams.stdout.write(`Removed MCP server "${name}" from ${path} (${holder.scope} scope).\n`);
  return 0;
}
