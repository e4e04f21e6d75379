/** Dispatches a command line to its subcommand and turns failures into exit codes. */
import { UsageError } from "../errors/ToolError.ts";
import { logError } from "../errors/logError.ts";
import { MAIN_HELP, RUN_HELP, TOOLS_HELP } from "./help.ts";
import { runCommand } from "./runCommand.ts";
import { toolsCommand } from "./toolsCommand.ts";

/** Where the CLI writes; tests hand in their own. */
export interface CliStreams {
  stdout: { write(text: string): unknown };
  stderr: { write(text: string): unknown };
  /** Reads all of standard input, for "-". */
  readStdin(): Promise<string>;
  stdinIsTTY: boolean;
}

export const processStreams: CliStreams = {
  stdout: process.stdout,
  stderr: process.stderr,
  readStdin: () => new Response(Bun.stdin.stream()).text(),
  stdinIsTTY: Boolean(process.stdin.isTTY),
};

type Command = (args: string[], streams: CliStreams) => Promise<number>;

const COMMANDS: Record<string, { run: Command; help: string }> = {
  tools: { run: toolsCommand, help: TOOLS_HELP },
  run: { run: runCommand, help: RUN_HELP },
};

/** Runs the CLI and returns the exit status: 0 ok, 1 tool error, 2 usage error. */
export async function runCli(args: string[], streams: CliStreams = processStreams): Promise<number> {
  const [name, ...rest] = args;
  try {
    if (name === undefined || name === "--help" || name === "-h") {
      streams.stdout.write(MAIN_HELP);
      return 0;
    }
    if (name === "help") {
      const topic = rest[0];
      if (topic === undefined) streams.stdout.write(MAIN_HELP);
      else if (COMMANDS[topic] !== undefined) streams.stdout.write(COMMANDS[topic].help);
      else throw new UsageError(`There is no command "${topic}". The commands are: ${Object.keys(COMMANDS).join(", ")}.`);
      return 0;
    }
    if (name === "--version" || name === "-v") {
      const { formatVersion } = await import("../buildInfo.ts");
      streams.stdout.write(`${formatVersion()}\n`);
      return 0;
    }
    const command = COMMANDS[name];
    if (command === undefined) {
      const what = name.startsWith("-") ? `unknown option "${name}"` : `unknown command "${name}"`;
      throw new UsageError(`${what}. The commands are: ${Object.keys(COMMANDS).join(", ")}; the options are --help and --version.`);
    }
    if (rest.includes("--help") || rest.includes("-h")) {
      streams.stdout.write(command.help);
      return 0;
    }
    return await command.run(rest, streams);
  } catch (error) {
    if (error instanceof UsageError) {
      streams.stderr.write(`toolshed: ${error.message}\nRun "toolshed --help" for usage.\n`);
      return 2;
    }
    logError(error, undefined, "cli");
    streams.stderr.write(`toolshed: internal error: ${error instanceof Error ? error.message : String(error)}\n` +
      "Set TOOLSHED_DEBUG=1 to see the stack.\n");
    return 1;
  }
}
