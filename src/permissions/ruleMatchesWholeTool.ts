/** Whole-tool rules: a rule naming a tool as a whole (no specifier, or `Tool(*)`), by name, MCP prefix or glob. */
import type { AnyTool } from "../Tool.ts";
import { matchToolName } from "./matchToolName.ts";
import type { PermissionRule } from "./types.ts";

/** True when a rule names this tool as a whole; a whole-tool deny removes the tool from the pool. */
export function ruleMatchesWholeTool(rule: PermissionRule, tool: Pick<AnyTool, "name" | "aliases">): boolean {
  if (rule.ruleContent !== undefined && rule.ruleContent !== "*") return false;
  return matchToolName(rule.toolName, tool);
}
