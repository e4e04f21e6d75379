/**
 * Decides, for every configured server, whether it starts: invalid entries never do; a project's
 * own servers need trust, the person's settings, or a person's approval; then `${VAR}` is
 * expanded, and an entry with a variable that is missing (and has no default) is skipped.
 */
import type { McpServerStatus } from "../../session/types.ts";
import { expandServerConfig } from "./config/expandServerConfig.ts";
import type { McpServerConfig, McpServerEntry } from "./config/McpServerConfig.ts";
import { decideServerStart, HOW_TO_APPROVE, type McpApprovalSettings } from "./config/projectServerApproval.ts";

/** A server to start with its expanded configuration, or one that stays off and why. */
export type PlannedServer = { entry: McpServerEntry; config: McpServerConfig } | { entry: McpServerEntry; status: McpServerStatus };

/** What planning reads. */
export interface PlanMcpServersOptions {
  entries: readonly McpServerEntry[];
  approval: McpApprovalSettings;
  trusted: boolean;
  approve?: (servers: readonly McpServerEntry[]) => Promise<readonly string[]>;
  environment: Record<string, string | undefined>;
  /** Receives one warning per skipped entry, without any prefix. */
  warn: (text: string) => void;
}

/** A url toolshed can reach: http or https. */
function urlProblem(config: McpServerConfig): string | undefined {
  if (config.type === "stdio") return undefined;
  try {
    const protocol = new URL(config.url).protocol;
    return protocol === "http:" || protocol === "https:" ? undefined : `its url ${config.url} is not an http or https address`;
  } catch {
    return `its url "${config.url}" is not a valid address`;
  }
}

function missingProblem(missing: readonly string[]): string {
  const one = missing.length === 1;
  return `${missing.map((name) => `\${${name}}`).join(", ")} ${one ? "is" : "are"} not set and ${one ? "has" : "have"} no default (set ${one ? "it" : "them"}, or write \${NAME:-default})`;
}

/** Plans every entry (one per name, highest precedence first), asking `approve` once for the waiting ones. */
export async function planMcpServers(options: PlanMcpServersOptions): Promise<PlannedServer[]> {
  const { entries, approval, trusted, environment, warn } = options;
  const decisions = entries.map((entry) => ({ entry, decision: decideServerStart(entry, approval, trusted) }));
  const waiting = decisions.filter(({ decision }) => decision.state === "needs-approval").map(({ entry }) => entry);
  const approved = new Set(waiting.length > 0 && options.approve !== undefined ? await options.approve(waiting) : []);
  const unapproved = waiting.filter((entry) => !approved.has(entry.name)).map((entry) => entry.name);
  if (unapproved.length > 0) {
    warn(`these MCP servers of the project's .mcp.json were not started, since nobody approved them: ${unapproved.join(", ")}. To start them, ${HOW_TO_APPROVE}`);
  }
  return decisions.map(({ entry, decision }): PlannedServer => {
    const base: McpServerStatus = { name: entry.name, status: "failed", scope: entry.scope, where: entry.where, transport: entry.config?.type };
    if (decision.state === "invalid") {
      warn(`${entry.where}: MCP server "${entry.name}" is skipped: ${decision.detail}`);
      return { entry, status: { ...base, detail: decision.detail } };
    }
    if (decision.state === "disabled" || (decision.state === "needs-approval" && !approved.has(entry.name))) {
      return { entry, status: { ...base, status: decision.state, detail: decision.detail } };
    }
    if (entry.config === undefined) return { entry, status: { ...base, detail: entry.problem } };
    const expanded = expandServerConfig(entry.config, environment);
    const problem = expanded.ok ? urlProblem(expanded.config) : missingProblem(expanded.missing);
    if (!expanded.ok || problem !== undefined) {
      warn(`${entry.where}: MCP server "${entry.name}" is skipped: ${problem}`);
      return { entry, status: { ...base, detail: problem } };
    }
    return { entry, config: expanded.config };
  });
}
