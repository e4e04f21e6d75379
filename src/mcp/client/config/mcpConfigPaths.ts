/** Where MCP servers are configured: the project's `.mcp.json` and the user's `mcp.json`. */
import { join } from "node:path";
import { userConfigDirectory } from "../../../settings/settingsPaths.ts";

/** The project's own file, shared with everyone who works in the folder. */
export function projectMcpConfigPath(cwd: string): string {
  return join(cwd, ".mcp.json");
}

/** The user's file: `<TOOLSHED_CONFIG_DIR or ~/.toolshed>/mcp.json`. */
export function userMcpConfigPath(): string {
  return join(userConfigDirectory(), "mcp.json");
}
