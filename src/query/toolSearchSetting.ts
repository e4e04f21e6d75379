/**
 * Whether tools are deferred (sent by name only until ToolSearch loads them), as the user set it:
 * TOOLSHED_TOOL_SEARCH, or the leading agent's ENABLE_TOOL_SEARCH with the same values.
 * `true` defers every deferrable tool (and sends tool references even through a gateway that is
 * not the first-party API); `false` never defers; `auto` (the default) defers once the deferrable
 * tools pass a threshold; `auto:N` once their definitions reach N% of the model's context window.
 */

export type ToolSearchSetting = { kind: "on" } | { kind: "off" } | { kind: "auto"; percent?: number };

/** The setting from the environment; values it does not know mean the default. */
export function readToolSearchSetting(env: Record<string, string | undefined> = process.env): ToolSearchSetting {
  const raw = (env.TOOLSHED_TOOL_SEARCH ?? env.ENABLE_TOOL_SEARCH ?? "").trim().toLowerCase();
  if (["true", "1", "on", "yes"].includes(raw)) return { kind: "on" };
  if (["false", "0", "off", "no"].includes(raw)) return { kind: "off" };
  const percent = /^auto:(\d+(?:\.\d+)?)$/.exec(raw)?.[1];
  if (percent !== undefined && Number(percent) <= 100) return { kind: "auto", percent: Number(percent) };
  return { kind: "auto" };
}
