/**
 * Hook matchers: "" or `*` match everything (every tool, MCP tools included); a name or
 * `|`-separated names match exactly (a tool's aliases too); anything else is a regular
 * expression tested against the name. Tool events match tool names; other events match a value
 * of the occasion (a SessionStart's source, a Notification's type, ...) the same way.
 */
import type { AnyTool } from "../Tool.ts";

const PLAIN_NAMES = /^[A-Za-z0-9_|]+$/;

/** Why a matcher cannot be used (an invalid regular expression), or undefined when it can. */
export function matcherProblem(matcher: string): string | undefined {
  if (matcher === "" || matcher === "*" || PLAIN_NAMES.test(matcher)) return undefined;
  try {
    new RegExp(matcher);
    return undefined;
  } catch (error) {
    return `the matcher "${matcher}" is not a valid regular expression (${(error as Error).message})`;
  }
}

/** True when `matcher` selects any of `names` (a tool's name and aliases, or one value). */
export function matchHookValue(matcher: string, names: readonly string[]): boolean {
  const trimmed = matcher.trim();
  if (trimmed === "" || trimmed === "*") return true;
  if (PLAIN_NAMES.test(trimmed)) {
    const wanted = trimmed.split("|").filter((name) => name !== "");
    return names.some((name) => wanted.includes(name));
  }
  if (matcherProblem(trimmed) !== undefined) return false;
  const expression = new RegExp(trimmed);
  return names.some((name) => expression.test(name));
}

/** True when `matcher` selects `tool`. */
export function matchHookMatcher(matcher: string, tool: Pick<AnyTool, "name" | "aliases">): boolean {
  return matchHookValue(matcher, [tool.name, ...(tool.aliases ?? [])]);
}
