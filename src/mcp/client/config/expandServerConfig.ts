/** Applies `${VAR}` expansion to the fields of a server entry that users put variables in. */
import { expandVariables } from "./expandVariables.ts";
import type { McpServerConfig } from "./McpServerConfig.ts";

/** The expanded configuration, or the variables that were missing. */
export type ExpandedServerConfig = { ok: true; config: McpServerConfig } | { ok: false; missing: string[] };

/** Expands command, args and env values of a stdio server; url and header values of a remote one. */
export function expandServerConfig(config: McpServerConfig, environment: Record<string, string | undefined>): ExpandedServerConfig {
  const missing = new Set<string>();
  const expand = (text: string) => {
    const result = expandVariables(text, environment);
    for (const name of result.missing) missing.add(name);
    return result.text;
  };
  const expandValues = (record: Record<string, string>) =>
    Object.fromEntries(Object.entries(record).map(([key, value]) => [key, expand(value)]));
  const expanded: McpServerConfig = config.type === "stdio"
    ? { type: "stdio", command: expand(config.command), args: config.args.map(expand), env: expandValues(config.env) }
    : { type: config.type, url: expand(config.url), headers: expandValues(config.headers) };
  return missing.size === 0 ? { ok: true, config: expanded } : { ok: false, missing: [...missing] };
}
