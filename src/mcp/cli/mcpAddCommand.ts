/** `toolshed mcp add ...`: writes one server to the project's `.mcp.json` or the user's `mcp.json`. */
import type { CliStreams } from "../../cli/cliStreams.ts";
import { isFolderTrusted } from "../../settings/trustStore.ts";
import { addServerToFile } from "../client/config/editMcpConfigFile.ts";
import { projectMcpConfigPath, userMcpConfigPath } from "../client/config/mcpConfigPaths.ts";
import { readMcpConfigSources } from "../client/config/readMcpConfigSources.ts";
import { HOW_TO_APPROVE } from "../client/config/projectServerApproval.ts";
import { describeServerTarget } from "../client/config/describeServerTarget.ts";
import { parseMcpAddArgs } from "./parseMcpAddArgs.ts";

/** Adds the server; exits 1 when the name is taken or the file cannot be edited. */
export async function mcpAddCommand(args: string[], streams: CliStreams): Promise<number> {
  const request = parseMcpAddArgs(args);
  const cwd = process.cwd();
  const existing = readMcpConfigSources(cwd).entries.find((entry) => entry.name === request.name);
  if (existing !== undefined) {
    streams.stderr.write(`toolshed: an MCP server named "${request.name}" already exists in ${existing.where} (${existing.scope} scope). Remove it first ("toolshed mcp remove ${request.name} --scope ${existing.scope}") or pick another name.\n`);
    return 1;
  }
  const path = request.scope === "project" ? projectMcpConfigPath(cwd) : userMcpConfigPath();
  const result = addServerToFile(path, request.scope, request.name, request.config);
  if (!result.ok) {
    streams.stderr.write(`toolshed: ${result.message}\n`);
    return 1;
  }
  const target = describeServerTarget({ name: request.name, scope: request.scope, where: path, config: request.config });
  streams.stdout.write(`Added ${request.config.type} MCP server "${request.name}" to ${path} (${request.scope} scope): ${target}\n`);
  if (request.scope === "project" && !isFolderTrusted(cwd)) {
    streams.stdout.write(`This folder is not trusted, so the project's servers start only once approved: ${HOW_TO_APPROVE}.\n`);
  }
  return 0;
}
