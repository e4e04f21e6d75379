/**
 * For a tool that lists names under a folder it was allowed to read (Glob): the deny and ask
 * rules on reading paths, as a test of each name it finds. A name such a rule covers is left out
 * of the listing, so a pattern that does not spell the folder's name (`secret[s]/*`, `**\/*.key`)
 * cannot list what the rule keeps back, while the rest of the listing still comes through. The
 * path matcher loads only when such a rule is in force, so a listing without one pays nothing.
 */
import type { AnyTool, ToolUseContext } from "../Tool.ts";
import { matchToolName } from "./matchToolName.ts";
import { isFamilyName } from "./types.ts";

/** Whether a deny or ask rule on reading covers `path` (absolute) for `tool`; undefined when no such rule is in force. */
export async function readRuleFilter(context: ToolUseContext, tool: Pick<AnyTool, "name" | "aliases">): Promise<((path: string) => boolean) | undefined> {
  const { rules, families } = context.getAppState().toolPermissionContext;
  const relevant = rules.filter((rule) => rule.behavior !== "allow" && rule.ruleContent !== undefined &&
    (isFamilyName(families, "readPaths", rule.toolName) || matchToolName(rule.toolName, tool)));
  if (relevant.length === 0) return undefined;
  const { matchPathPattern } = await import("./matchPathPattern.ts");
  const home = process.env.HOME ?? "/";
  return (path) => relevant.some((rule) =>
    matchPathPattern(rule.ruleContent as string, path, { cwd: context.cwd, home, baseDirectory: rule.baseDirectory, strict: true, isDirectory: false }));
}
