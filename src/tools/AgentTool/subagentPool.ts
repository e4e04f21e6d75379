/**
 * The tools a sub-agent is given: its caller's pool, minus the tools that talk with the person or
 * steer the session, minus this tool once the depth limit is reached, then narrowed by the type's
 * `disallowedTools` and `tools` lists.
 */
import type { AgentDefinition } from "../../agents/agentDefinition.ts";
import { matchToolName } from "../../permissions/matchToolName.ts";
import { hasTag, type AnyTool, type Tools } from "../../Tool.ts";

/** A list entry as a tool name: `Bash(git log:*)` names Bash. */
function entryName(entry: string): string {
  const open = entry.indexOf("(");
  return (open === -1 ? entry : entry.slice(0, open)).trim();
}

function named(entries: readonly string[] | undefined, tool: AnyTool): boolean {
  return (entries ?? []).some((entry) => matchToolName(entryName(entry), tool));
}

export interface SubagentPoolRequest {
  /** The caller's pool. */
  parent: Tools;
  definition: AgentDefinition;
  /** The tool that starts sub-agents: kept only when the child may start its own. */
  self: AnyTool;
  mayStartAgents: boolean;
}

export function subagentPool({ parent, definition, self, mayStartAgents }: SubagentPoolRequest): AnyTool[] {
  return parent.filter((tool) => {
    if (hasTag(tool, "mainAgentOnly")) return false;
    if (tool === self && !mayStartAgents) return false;
    if (named(definition.disallowedTools, tool)) return false;
    return definition.tools === undefined || named(definition.tools, tool);
  });
}
