/**
 * Starting a stdio MCP server's process, apart from the transport that talks to it: the first
 * servers are started before the MCP SDK has loaded, so their processes boot while it loads.
 * Nothing here imports the SDK.
 */
import { describeError } from "../../errors/describeError.ts";
import { trackProcessGroup } from "../../tasks/processGroups.ts";
import { newCommandTag, taggedEnvironment } from "../../tasks/processTags.ts";
import type { StdioServerConfig } from "./config/McpServerConfig.ts";

export type ServerProcess = Bun.Subprocess<"pipe", "pipe", "pipe">;

/** What to start: the command line, its environment and folder. */
export interface ServerCommand {
  command: string;
  args: readonly string[];
  env: Record<string, string>;
  cwd: string;
}

/** A process started ahead of its transport, or why it could not start (reported when the transport starts). */
export type StartedServer = { child: ServerProcess } | { error: Error };

/** The variables a stdio server inherits when `TOOLSHED_MCP_ALLOWLIST_ENV=1` asks for few. */
const ALLOWLIST = ["HOME", "LOGNAME", "PATH", "SHELL", "TERM", "USER"];

/** The environment of a stdio server: toolshed's (or the short allowlist), the entry's own, and the project folder. */
export function stdioEnvironment(config: StdioServerConfig, cwd: string, environment: Record<string, string | undefined> = process.env): Record<string, string> {
  const inherited: Record<string, string> = {};
  const allowlistOnly = environment.TOOLSHED_MCP_ALLOWLIST_ENV === "1";
  for (const [key, value] of Object.entries(environment)) {
    // A value that starts with "()" is an exported shell function: never handed on.
    if (value === undefined || value.startsWith("()")) continue;
    if (allowlistOnly && !ALLOWLIST.includes(key)) continue;
    inherited[key] = value;
  }
  return { ...inherited, ...config.env, TOOLSHED_PROJECT_DIR: cwd };
}

/** The command line of a stdio server's configuration. */
export function serverCommand(config: StdioServerConfig, cwd: string): ServerCommand {
  return { command: config.command, args: config.args, env: stdioEnvironment(config, cwd), cwd };
}

/**
 * Starts the server in a process group of its own (so stopping it stops every process it
 * started), tracked so toolshed's exit stops it too, and tagged as shell commands are (so a child
 * that left the group with setsid is found at exit by its environment). Throws `cannot start "<command>": ...`.
 */
export function spawnServerProcess({ command, args, env, cwd }: ServerCommand): ServerProcess {
  let child: ServerProcess;
  try {
    child = Bun.spawn([command, ...args], { cwd, env: taggedEnvironment(env, newCommandTag()) as Record<string, string>, stdin: "pipe", stdout: "pipe", stderr: "pipe", detached: true });
  } catch (error) {
    throw new Error(`cannot start "${command}": ${describeError(error)}`);
  }
  trackProcessGroup(child.pid);
  return child;
}

/** Starts the server now; a failure is kept for the transport to report. */
export function startServerEarly(command: ServerCommand): StartedServer {
  try {
    return { child: spawnServerProcess(command) };
  } catch (error) {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }
}
