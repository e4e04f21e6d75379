/** Whether a rule's tool name names a tool: exact name or alias, MCP server prefixes, and globs. */
import type { AnyTool } from "../Tool.ts";

function globToRegExp(glob: string): RegExp {
  const source = glob.split("*").map((piece) => piece.replace(/[.+?^${}()|[\]\\]/g, "\\$&")).join(".*");
  return new RegExp(`^${source}$`);
}

/** True when `ruleName` names `tool`: `Read`, `mcp__server` (all its tools), `mcp__server__*`, `*`, `mcp__*`. */
export function matchToolName(ruleName: string, tool: Pick<AnyTool, "name" | "aliases">): boolean {
  const names = [tool.name, ...(tool.aliases ?? [])];
  if (names.includes(ruleName)) return true;
  if (ruleName.includes("*")) {
    const expression = globToRegExp(ruleName);
    return names.some((name) => expression.test(name));
  }
  // `mcp__server` names every tool of that server.
  if (ruleName.startsWith("mcp__") && ruleName.length > 5 && !ruleName.slice(5).includes("__")) {
    return names.some((name) => name.startsWith(`${ruleName}__`));
  }
  return false;
}
