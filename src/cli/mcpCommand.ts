/** `toolshed mcp list|get|add|remove|serve`: MCP servers, as a client and as a server. */
import { UsageError } from "../errors/ToolError.ts";
import type { CliStreams } from "./cliStreams.ts";
import { MCP_HELP } from "./help.ts";

type Subcommand = (args: string[], streams: CliStreams) => Promise<number>;

/** Each subcommand is loaded only when it runs (serve and list pull in the MCP SDK). */
const SUBCOMMANDS: Record<string, () => Promise<Subcommand>> = {
  list: async () => (await import("../mcp/cli/mcpListCommand.ts")).mcpListCommand,
  get: async () => (await import("../mcp/cli/mcpGetCommand.ts")).mcpGetCommand,
  add: async () => (await import("../mcp/cli/mcpAddCommand.ts")).mcpAddCommand,
  remove: async () => (await import("../mcp/cli/mcpRemoveCommand.ts")).mcpRemoveCommand,
  serve: async () => (await import("../mcp/cli/mcpServeCommand.ts")).mcpServeCommand,
};

/** Runs `toolshed mcp <subcommand> ...`. */
export async function mcpCommand(args: string[], streams: CliStreams): Promise<number> {
  const [name, ...rest] = args;
  if (name === undefined || name === "--help" || name === "-h" || name === "help") {
    streams.stdout.write(MCP_HELP);
    return 0;
  }
  const load = SUBCOMMANDS[name];
  if (load === undefined) throw new UsageError(`"toolshed mcp" has no subcommand "${name}". The subcommands are: ${Object.keys(SUBCOMMANDS).join(", ")}.`);
  // Only the arguments before "--" are toolshed's: after it they belong to a server's command.
  const own = rest.includes("--") ? rest.slice(0, rest.indexOf("--")) : rest;
  if (own.includes("--help") || own.includes("-h")) {
    streams.stdout.write(MCP_HELP);
    return 0;
  }
  return (await load())(rest, streams);
}
