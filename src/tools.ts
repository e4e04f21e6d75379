/**
 * The registry: the one list of every tool in this build, and the pool the model sees.
 * Gated tools enter only through `feature()` conditions (see architecture.md), so a flavor
 * that does not enable a flag has no trace of the tool.
 */
import type { AnyTool, Tools } from "./Tool.ts";
import { ruleMatchesWholeTool } from "./permissions/decide.ts";
import type { PermissionRule, ToolPermissionContext } from "./permissions/types.ts";
import { GlobTool } from "./tools/GlobTool/GlobTool.ts";
import { ReadTool } from "./tools/ReadTool/ReadTool.ts";

export { filterTools, findToolByName, toolMatchesName } from "./findToolByName.ts";

/** The tools simple mode (`TOOLSHED_SIMPLE=1`) keeps. */
export const SIMPLE_MODE_TOOL_NAMES: readonly string[] = ["Bash", "Read", "Edit"];

/** Every tool that exists in this build, enabled or not. */
export function getAllBaseTools(): AnyTool[] {
  return [ReadTool, GlobTool];
}

function isSimpleMode(): boolean {
  const value = process.env.TOOLSHED_SIMPLE;
  return value !== undefined && value !== "" && value !== "0" && value.toLowerCase() !== "false";
}

function isDeniedWhole(tool: AnyTool, rules: readonly PermissionRule[]): boolean {
  return rules.some((rule) => rule.behavior === "deny" && ruleMatchesWholeTool(rule, tool));
}

function byName(a: AnyTool, b: AnyTool): number {
  return a.name < b.name ? -1 : a.name > b.name ? 1 : 0;
}

/** The built-in tools this session may offer: minus whole-tool denies, disabled tools, and
 *  everything but Bash, Read and Edit in simple mode. */
export function getTools(permissionContext: ToolPermissionContext): AnyTool[] {
  const simple = isSimpleMode();
  return getAllBaseTools().filter(
    (tool) =>
      (!simple || SIMPLE_MODE_TOOL_NAMES.includes(tool.name)) &&
      !isDeniedWhole(tool, permissionContext.rules) &&
      tool.isEnabled(),
  );
}

/**
 * The pool sent to the model: built-ins sorted by name as one contiguous prefix, then MCP tools
 * sorted by name. On a name clash the built-in wins. The order is the prompt cache's key, so it
 * depends only on the names.
 */
export function assembleToolPool(permissionContext: ToolPermissionContext, mcpTools: Tools = []): AnyTool[] {
  const builtIns = getTools(permissionContext).sort(byName);
  const taken = new Set(builtIns.map((tool) => tool.name));
  const mcp = [...mcpTools]
    .filter((tool) => !isDeniedWhole(tool, permissionContext.rules) && tool.isEnabled())
    .sort(byName)
    .filter((tool) => {
      if (taken.has(tool.name)) return false;
      taken.add(tool.name);
      return true;
    });
  return [...builtIns, ...mcp];
}

export type { Tools };
