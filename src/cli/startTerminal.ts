/**
 * Bare `toolshed`, `toolshed "<first prompt>"`, or the terminal's own flags: the interactive
 * session, loaded only here (so no other command pays for it), and only at a terminal; elsewhere
 * the person is told to use `-p`.
 */
import { UsageError } from "../errors/ToolError.ts";
import type { CliStreams } from "./cliStreams.ts";

/** What is said when the interactive session is asked for where there is no terminal. */
export function notAtTerminalMessage(args: readonly string[]): string {
  const prompt = args.filter((arg) => !arg.startsWith("-")).join(" ");
  return "the interactive session needs a terminal (standard input and output are not one here). " +
    `To run the agent without one, use: toolshed -p ${JSON.stringify(prompt === "" ? "<prompt>" : prompt)}`;
}

/** Starts the interactive session, or throws a UsageError saying why it cannot start. */
export async function startTerminal(args: string[], streams: CliStreams, commands: readonly string[]): Promise<number> {
  const [name] = args;
  const atTerminal = streams.stdinIsTTY && streams.stdoutIsTTY === true;
  if (name !== undefined && !name.startsWith("-") && !atTerminal) {
    throw new UsageError(`unknown command "${name}". The commands are: ${commands.join(", ")}. To send "${args.join(" ")}" to the agent, ` +
      `run toolshed at a terminal, or use: toolshed -p ${JSON.stringify(args.join(" "))}`);
  }
  if (name?.startsWith("-") && !(await import("../terminal/terminalFlags.ts")).isTerminalFlag(name)) {
    throw new UsageError(`unknown option "${name}". The commands are: ${commands.join(", ")}; the options are --help and --version.`);
  }
  if (args.includes("--help") || args.includes("-h")) {
    streams.stdout.write((await import("./terminalHelp.ts")).TERMINAL_HELP);
    return 0;
  }
  if (!atTerminal) throw new UsageError(notAtTerminalMessage(args));
  const { terminalCommand } = await import("../terminal/terminalCommand.ts");
  return await terminalCommand(args, streams);
}
