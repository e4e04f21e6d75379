/** What /help, /tools, /mcp and /cost print, laid out as lines. */
import type { Tools } from "../../Tool.ts";
import type { RunAccounting } from "../../query/runAccounting.ts";
import type { McpServerStatus } from "../../session/types.ts";
import type { Style } from "../style.ts";
import type { CustomCommand } from "./customCommands.ts";
import type { SlashCommand } from "./SlashCommand.ts";
import { printableText } from "../../text/printableText.ts";

/** The keys the terminal answers, for /help. */
export const KEY_HELP: readonly (readonly [string, string])[] = [
  ["Enter", "send the message"],
  ["\\ then Enter, or Alt+Enter", "a new line"],
  ["Up / Down", "earlier messages (at the first or last line)"],
  ["Escape", "stop the model (its request and its commands)"],
  ["Shift+Tab", "change the permission mode"],
  ["! command", "run a shell command yourself; the model sees its output"],
  ["@path", "attach a file (Tab completes)"],
  ["Ctrl-C twice, Ctrl-D", "leave (the conversation stays saved)"],
];

export function helpLines(builtins: readonly SlashCommand[], custom: readonly CustomCommand[], style: Style): string[] {
  const width = Math.max(...builtins.map((command) => `/${command.name} ${command.argumentHint ?? ""}`.length), ...custom.map((command) => command.name.length + 1));
  const lines = [style.bold("Commands")];
  for (const command of builtins) lines.push(`  ${`/${command.name} ${command.argumentHint ?? ""}`.padEnd(width)}  ${style.dim(command.description)}`);
  if (custom.length > 0) {
    lines.push(style.bold("Your commands"));
    // A repository writes its own commands' names and descriptions: shown, never obeyed.
    for (const command of custom) lines.push(`  ${printableText(`/${command.name}`).padEnd(width)}  ${style.dim(printableText(`${command.description} (${command.scope})`))}`);
  }
  lines.push(style.bold("Keys"));
  const keyWidth = Math.max(...KEY_HELP.map(([key]) => key.length));
  for (const [key, what] of KEY_HELP) lines.push(`  ${key.padEnd(keyWidth)}  ${style.dim(what)}`);
  return lines;
}

export async function toolLines(tools: Tools, style: Style): Promise<string[]> {
  const lines = [style.bold(`Tools (${tools.length})`)];
  const width = Math.max(...tools.map((tool) => tool.name.length));
  for (const tool of tools) {
    let description = "";
    try {
      description = (await tool.description({}, { isNonInteractive: false })).split("\n")[0] ?? "";
    } catch {
      description = tool.searchHint ?? "";
    }
    // An MCP server writes its tools' descriptions.
    const shown = printableText(description);
    lines.push(`  ${tool.name.padEnd(width)}  ${style.dim(shown.length > 90 ? `${shown.slice(0, 89)}…` : shown)}`);
  }
  return lines;
}

export function mcpLines(servers: readonly McpServerStatus[], style: Style): string[] {
  if (servers.length === 0) return [style.dim("No MCP servers are configured for this folder (.mcp.json, or your own mcp settings).")];
  const width = Math.max(...servers.map((server) => server.name.length));
  return [style.bold(`MCP servers (${servers.length})`), ...servers.map((server) => {
    const color = server.status === "connected" ? "success" : server.status === "failed" ? "error" : "muted";
    return `  ${server.name.padEnd(width)}  ${style.color(color, server.status)}${server.detail === undefined ? "" : style.dim(`  ${server.detail}`)}`;
  })];
}

function tokens(count: number): string {
  return count >= 1000 ? `${(count / 1000).toFixed(1)}k` : String(count);
}

export function costLines(accounting: RunAccounting, style: Style): string[] {
  const summary = accounting.usage.summary();
  const lines = [
    `${style.bold("Cost:")} $${summary.totalCostUSD.toFixed(4)} ${style.dim("(an estimate from the price table)")}`,
    `${style.bold("API time:")} ${(accounting.apiMilliseconds / 1000).toFixed(1)} s`,
    `${style.bold("Tokens:")} ${tokens(summary.usage.input_tokens)} in, ${tokens(summary.usage.output_tokens)} out, ${tokens(summary.usage.cache_read_input_tokens)} read from cache, ${tokens(summary.usage.cache_creation_input_tokens)} written to it`,
  ];
  for (const [model, usage] of Object.entries(summary.modelUsage)) {
    lines.push(`  ${model}: ${tokens(usage.inputTokens)} in, ${tokens(usage.outputTokens)} out, ${usage.costUSD === null ? "price unknown" : `$${usage.costUSD.toFixed(4)}`}`);
  }
  return lines;
}
