/**
 * The rules that name a whole MCP server (`mcp__db`, `mcp__db__*`, `mcp__*`) cover its resources
 * as well as its tools: a server the person denied is not read through ListMcpResources or
 * ReadMcpResource either, and one they asked about is asked about there too (Tool.ruleNamesFor).
 */
import type { ToolUseContext } from "../Tool.ts";

/** The stand-in name for "every tool of `server`" that a resource call is judged as (see Tool.ruleNamesFor). */
export function serverToolNames(context: ToolUseContext, server: string): string[] {
  const ruleName = context.services.mcp.list().find((status) => status.name === server)?.ruleName;
  // Only a rule that covers all of the server's tools matches a name no tool has.
  return ruleName === undefined ? [] : [`${ruleName}__*`];
}
