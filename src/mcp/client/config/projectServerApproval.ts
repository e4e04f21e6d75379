/**
 * Whether a server may start. A project's own `.mcp.json` is the repository's word, not the
 * person's: its servers start only in a trusted folder, when the person's own settings say so
 * (`enableAllProjectMcpServers`, `enabledMcpjsonServers`), or once a person approves them.
 * `disabledMcpjsonServers` stops one whatever else holds. Those three keys count only from the
 * managed, command-line, user (and in-memory) settings, never from the project's own files.
 */
import type { SettingsSource } from "../../../settings/loadSettings.ts";
import type { RuleSource } from "../../../permissions/types.ts";
import type { McpServerEntry } from "./McpServerConfig.ts";

/** The sources whose MCP approval keys count. */
const PERSONAL_SOURCES: readonly RuleSource[] = ["managed", "cliArg", "userSettings", "session"];

/** What the person's settings say about project servers. */
export interface McpApprovalSettings {
  enableAll: boolean;
  enabled: ReadonlySet<string>;
  /** Each disabled name with the source that disabled it. */
  disabled: ReadonlyMap<string, string>;
}

/** Reads the approval keys from the sources that may set them (highest precedence first). */
export function readMcpApprovalSettings(sources: readonly SettingsSource[]): McpApprovalSettings {
  let enableAll: boolean | undefined;
  const enabled = new Set<string>();
  const disabled = new Map<string, string>();
  for (const source of sources) {
    if (!PERSONAL_SOURCES.includes(source.source)) continue;
    enableAll ??= source.settings.enableAllProjectMcpServers;
    for (const name of source.settings.enabledMcpjsonServers ?? []) enabled.add(name);
    for (const name of source.settings.disabledMcpjsonServers ?? []) if (!disabled.has(name)) disabled.set(name, source.where);
  }
  return { enableAll: enableAll === true, enabled, disabled };
}

/** What to do with one entry before any person is asked. */
export type StartDecision =
  | { state: "start" }
  | { state: "invalid"; detail: string }
  | { state: "disabled"; detail: string }
  | { state: "needs-approval"; detail: string };

/** How to approve a project server, for the messages that say one was skipped. */
export const HOW_TO_APPROVE =
  'run "toolshed trust" in this folder, add its name to "enabledMcpjsonServers" in your user settings (~/.toolshed/settings.json), or approve it when asked';

/** Decides for one entry: invalid entries never start; project entries need trust or approval. */
export function decideServerStart(entry: McpServerEntry, approval: McpApprovalSettings, trusted: boolean): StartDecision {
  if (entry.config === undefined) return { state: "invalid", detail: entry.problem ?? "the entry is invalid" };
  if (entry.scope !== "project") return { state: "start" };
  const disabledBy = approval.disabled.get(entry.name);
  if (disabledBy !== undefined) return { state: "disabled", detail: `disabledMcpjsonServers in ${disabledBy} turns it off` };
  if (trusted || approval.enableAll || approval.enabled.has(entry.name)) return { state: "start" };
  return { state: "needs-approval", detail: `a project server that nobody approved yet: ${HOW_TO_APPROVE}` };
}
