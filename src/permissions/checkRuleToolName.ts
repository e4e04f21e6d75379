/**
 * Whether a rule's tool name names a tool of this build. A name in the wrong case is a slip: a
 * deny or ask rule is read as naming that tool (a deny must fail closed), an allow rule is left
 * as written (it matches nothing, since an allow must never widen on a guess). Any other unknown
 * name gets the nearest valid spelling. Glob names and MCP names (`mcp__...`, whose tools arrive
 * at run time) pass as they are.
 */
import { nearestSpelling } from "../settings/nearestSpelling.ts";
import type { RuleBehavior } from "./types.ts";

export interface ToolNameCheck {
  /** The name the rule is read with. */
  toolName: string;
  warning?: string;
}

/** Checks `toolName` of a `behavior` rule against `knownNames` (the registry's names and aliases). */
export function checkRuleToolName(toolName: string, behavior: RuleBehavior, knownNames: readonly string[]): ToolNameCheck {
  if (knownNames.length === 0 || toolName.includes("*") || toolName.startsWith("mcp__") || knownNames.includes(toolName)) return { toolName };
  const sameLetters = knownNames.find((name) => name.toLowerCase() === toolName.toLowerCase());
  if (sameLetters !== undefined) {
    if (behavior === "allow") {
      return { toolName, warning: `tool names are case-sensitive: "${toolName}" names no tool, so this allow rule allows nothing; write "${sameLetters}"` };
    }
    return { toolName: sameLetters, warning: `tool names are case-sensitive: "${toolName}" is read as "${sameLetters}" so that this ${behavior} rule holds; write "${sameLetters}"` };
  }
  const near = nearestSpelling(toolName, knownNames);
  if (near !== undefined) return { toolName, warning: `no tool is named "${toolName}"; did you mean "${near}"? This rule matches nothing as written` };
  return { toolName, warning: `no tool of this build is named "${toolName}" (the tools are ${knownNames.join(", ")}); the rule applies only if such a tool joins, from an MCP server for instance` };
}
