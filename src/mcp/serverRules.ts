/**
 * The rules that name a whole MCP server (`mcp__db`, `mcp__db__*`, `mcp__*`) cover its resources
 * as well as its tools: a server the person denied is not read through ListMcpResources or
 * ReadMcpResource either, and one they asked about is asked about there too.
 */
import type { ToolUseContext } from "../Tool.ts";
import { matchToolName } from "../permissions/matchToolName.ts";

/** The stand-in name for "every tool of `server`" that a resource call is judged as (see Tool.ruleNamesFor). */
export function serverToolNames(context: ToolUseContext, server: string): string[] {
  const ruleName = context.services.mcp.list().find((status) => status.name === server)?.ruleName;
  // Only a rule that covers all of the server's tools matches a name no tool has.
  return ruleName === undefined ? [] : [`${ruleName}__*`];
}

/** Whether a deny rule covers `server` as a whole: a listing of every server's resources leaves it out. */
export function serverDenied(context: ToolUseContext, server: string): boolean {
  const names = serverToolNames(context, server);
  return context.getAppState().toolPermissionContext.rules.some((rule) =>
    rule.behavior === "deny" && rule.ruleContent === undefined && names.some((name) => matchToolName(rule.toolName, { name })));
}
