/** Dispatches a command line to its subcommand and turns failures into exit codes. */
import { UsageError } from "../errors/ToolError.ts";
import type { CliStreams } from "./cliStreams.ts";
import { processStreams } from "./processStreams.ts";
import { startTerminal } from "./startTerminal.ts";

export type { CliStreams };

type Command = (args: string[], streams: CliStreams) => Promise<number>;
type HelpName = { [Name in keyof typeof import("./help.ts")]: Name extends `${string}_HELP` ? Name : never }[keyof typeof import("./help.ts")];

/** A help text; help.ts is loaded only when some help is printed, so no command pays for the others' text. */
async function helpText(name: HelpName): Promise<string> {
  return (await import("./help.ts"))[name];
}

/** Each command is loaded only when it runs, so one command's imports never slow another. */
const COMMANDS: Record<string, { load: () => Promise<Command>; help: HelpName }> = {
  tools: { load: async () => (await import("./toolsCommand.ts")).toolsCommand, help: "TOOLS_HELP" },
  run: { load: async () => (await import("./runCommand.ts")).runCommand, help: "RUN_HELP" },
  permissions: { load: async () => (await import("./permissionsCommand.ts")).permissionsCommand, help: "PERMISSIONS_HELP" },
  trust: { load: async () => (await import("./trustCommand.ts")).trustCommand, help: "TRUST_HELP" },
  sessions: { load: async () => (await import("./sessionsCommand.ts")).sessionsCommand, help: "SESSIONS_HELP" },
  update: { load: async () => (await import("./updateCommand.ts")).updateCommand, help: "UPDATE_HELP" },
  mcp: { load: async () => (await import("./mcpCommand.ts")).mcpCommand, help: "MCP_HELP" },
  doctor: { load: async () => (await import("./doctorCommand.ts")).doctorCommand, help: "DOCTOR_HELP" },
  completion: { load: async () => (await import("./completionCommand.ts")).completionCommand, help: "COMPLETION_HELP" },
};

/** True when the command line asks for the headless agent: `-p` or `--print` anywhere. */
function isPrintMode(args: readonly string[]): boolean {
  const end = args.indexOf("--");
  return (end === -1 ? args : args.slice(0, end)).some((arg) => arg === "-p" || arg === "--print");
}

/** Runs the CLI and returns the exit status: 0 ok, 1 tool error, 2 usage error. */
export async function runCli(args: string[], streams: CliStreams = processStreams): Promise<number> {
  const [name, ...rest] = args;
  try {
    if (name === "--help" || name === "-h") {
      streams.stdout.write(await helpText("MAIN_HELP"));
      return 0;
    }
    if (name === undefined) return await startTerminal(args, streams, Object.keys(COMMANDS));
    if (name === "help") {
      const topic = rest[0];
      if (topic === undefined || topic === "help" || topic === "--help" || topic === "-h") streams.stdout.write(await helpText("MAIN_HELP"));
      else if (COMMANDS[topic] !== undefined) streams.stdout.write(await helpText(COMMANDS[topic].help));
      else throw new UsageError(`There is no command "${topic}". The commands are: ${Object.keys(COMMANDS).join(", ")}.`);
      return 0;
    }
    if (COMMANDS[name] === undefined && name !== "help" && isPrintMode(args)) {
      if (args.includes("--help") || args.includes("-h")) {
        streams.stdout.write(await helpText("PRINT_HELP"));
        return 0;
      }
      const { printCommand } = await import("./printCommand.ts");
      return await printCommand(args, streams);
    }
    if (name === "--version" || name === "-v") {
      const { formatVersion } = await import("../buildInfo.ts");
      streams.stdout.write(`${formatVersion()}\n`);
      return 0;
    }
    const command = COMMANDS[name];
    if (command === undefined) return await startTerminal(args, streams, Object.keys(COMMANDS));
    if (rest.includes("--help") || rest.includes("-h")) {
      streams.stdout.write(await helpText(command.help));
      return 0;
    }
    const run = await command.load();
    return await run(rest, streams);
  } catch (error) {
    if (error instanceof UsageError) {
      streams.stderr.write(`toolshed: ${error.message}\nRun "toolshed --help" for usage.\n`);
      return 2;
    }
    (await import("../errors/logError.ts")).logError(error, undefined, "cli");
    streams.stderr.write(`toolshed: internal error: ${error instanceof Error ? error.message : String(error)}\n` +
      "Set TOOLSHED_DEBUG=1 to see the stack.\n");
    return 1;
  }
}
