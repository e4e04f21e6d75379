/**
 * The flags of the interactive terminal (`toolshed [prompt] [flags]`), spelled as the leading
 * agent's command line spells them. Kept free of heavy imports: the CLI reads these names to
 * tell a terminal flag from a mistyped one before anything is loaded.
 */
import { SESSION_FLAG_OPTIONS } from "../cli/sessionFlags.ts";
import { MCP_CONFIG_FLAG_OPTIONS } from "../mcp/cli/mcpConfigFlags.ts";

export const TERMINAL_FLAG_OPTIONS = {
  model: { type: "string" },
  "fallback-model": { type: "string" },
  resume: { type: "string", short: "r" },
  continue: { type: "boolean", short: "c" },
  "session-id": { type: "string" },
  "fork-session": { type: "boolean" },
  "system-prompt": { type: "string" },
  "system-prompt-file": { type: "string" },
  "append-system-prompt": { type: "string" },
  "append-system-prompt-file": { type: "string" },
  help: { type: "boolean", short: "h" },
  ...SESSION_FLAG_OPTIONS,
  ...MCP_CONFIG_FLAG_OPTIONS,
} as const;

/** True when `arg` spells one of the terminal's flags (`--model`, `-c`, `--model=opus`, an alias). */
export function isTerminalFlag(arg: string): boolean {
  const name = arg.replace(/=.*$/, "");
  return Object.entries(TERMINAL_FLAG_OPTIONS).some(([flag, spec]) =>
    name === `--${flag}` || ("short" in spec && name === `-${spec.short}`) || ("aliases" in spec && spec.aliases.some((alias) => name === `--${alias}`)));
}
