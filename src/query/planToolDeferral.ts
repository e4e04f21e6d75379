/**
 * Which tools of a pool are deferred: sent by name only (or with `defer_loading`) until a tool
 * tagged `loadsTools` (ToolSearch) loads them. Deferrable are MCP tools (unless they say
 * `shouldDefer: false`) and built-ins that say `shouldDefer: true`; the loader itself never is,
 * so at least one tool always stays loaded. They are deferred all together or not at all: with
 * the default setting, once there are DEFAULT_MIN_MCP_TOOLS MCP tools (the API's guide: choosing
 * among tools gets worse past 30 to 50 of them) or the deferrable definitions reach
 * DEFAULT_DEFERRED_CONTEXT_PERCENT of the context window (the leading agent's `auto`). The same
 * pool, model and setting always give the same plan, so the tools' text stays the same from turn
 * to turn.
 */
import { hasTag, type AnyTool } from "../Tool.ts";
import type { ToolSearchSetting } from "./toolSearchSetting.ts";

/** Deferral starts with this many MCP tools... */
export const DEFAULT_MIN_MCP_TOOLS = 30;
/** ...or when their definitions take this share of the context window (percent). */
export const DEFAULT_DEFERRED_CONTEXT_PERCENT = 10;

export interface DeferralPlan {
  /** Names of the deferred tools, in pool order. */
  deferred: readonly string[];
  /** The loader's name, when one is in the pool. */
  loader?: string;
}

/** True when the tool may be sent by name only. */
export function isDeferrable(tool: AnyTool): boolean {
  if (hasTag(tool, "loadsTools")) return false;
  return hasTag(tool, "mcp") ? tool.shouldDefer !== false : tool.shouldDefer === true;
}

/** Tokens estimated from characters (about four per token): count_tokens needs the API. */
export function estimateTokens(chars: number): number {
  return Math.ceil(chars / 4);
}

export interface PlanRequest {
  tools: readonly AnyTool[];
  /** The length in characters of each tool's definition as sent, by name. */
  definitionChars: ReadonlyMap<string, number>;
  setting: ToolSearchSetting;
  contextWindow: number;
}

/** The plan for one request. */
export function planToolDeferral({ tools, definitionChars, setting, contextWindow }: PlanRequest): DeferralPlan {
  const loader = tools.find((tool) => hasTag(tool, "loadsTools"))?.name;
  const candidates = tools.filter(isDeferrable);
  const none: DeferralPlan = { deferred: [], ...(loader === undefined ? {} : { loader }) };
  if (loader === undefined || candidates.length === 0 || setting.kind === "off") return none;
  const tokens = estimateTokens(candidates.reduce((sum, tool) => sum + (definitionChars.get(tool.name) ?? 0), 0));
  const share = (percent: number) => tokens >= (contextWindow * percent) / 100;
  const mcpTools = candidates.filter((tool) => hasTag(tool, "mcp")).length;
  const defer = setting.kind === "on" ||
    (setting.percent !== undefined ? share(setting.percent) : mcpTools >= DEFAULT_MIN_MCP_TOOLS || share(DEFAULT_DEFERRED_CONTEXT_PERCENT));
  return defer ? { deferred: candidates.map((tool) => tool.name), loader } : none;
}
