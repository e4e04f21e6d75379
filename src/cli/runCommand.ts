/** `toolshed run <Tool> [json | -] [--json]`: one call through the whole pipeline. */
import { describeError } from "../errors/describeError.ts";
import { UsageError } from "../errors/ToolError.ts";
import { toolResultText } from "../Tool.ts";
import type { ToolUseStage } from "../pipeline/runToolUse.ts";
import { runTools } from "../pipeline/runTools.ts";
import { startCliSession } from "./startCliSession.ts";
import { readSessionFlags, SESSION_FLAG_OPTIONS } from "./sessionFlags.ts";
import { parseCommandArgs } from "./parseCommandArgs.ts";
import type { CliStreams } from "./runCli.ts";

/** Parses the input argument: a JSON object. */
export function parseToolInput(text: string, where: string): { [key: string]: unknown } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new UsageError(`the input ${where} is not valid JSON (${describeError(error)}). Give a JSON object such as '{"file_path": "/tmp/a.txt"}'.`);
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw new UsageError(`the input ${where} must be a JSON object, such as '{"file_path": "/tmp/a.txt"}'.`);
  }
  return value as { [key: string]: unknown };
}

/** Exit status of `toolshed run` for a call that ended in `stage`: see RUN_HELP. */
export function runExitStatus(stage: ToolUseStage, isError: boolean): number {
  if (stage === "aborted") return INTERRUPTED_EXIT_STATUS;
  // The tool name is a command-line argument: naming a tool that does not exist is bad usage.
  if (stage === "lookup") return 2;
  return isError ? 1 : 0;
}

/** What a shell expects of a program stopped by Ctrl-C (128 + SIGINT). */
export const INTERRUPTED_EXIT_STATUS = 130;

/** `toolshed run`: parses the arguments and runs one call (or a calls file) through the pipeline. */
export async function runCommand(args: string[], streams: CliStreams): Promise<number> {
  const { values, positionals } = parseCommandArgs("run", args, {
    json: { type: "boolean" },
    help: { type: "boolean", short: "h" },
    calls: { type: "string" },
    ...SESSION_FLAG_OPTIONS,
  });
  if (values.calls !== undefined) {
    if (positionals.length > 0) throw new UsageError(`"toolshed run --calls" takes the calls from its file, not a tool name or input (got: ${positionals.join(" ")}).`);
    const { runCalls } = await import("./runCalls.ts");
    return runCalls({ source: values.calls, json: values.json === true, flags: readSessionFlags(values), streams });
  }
  const [toolName, inputArgument, ...extra] = positionals;
  if (toolName === undefined) throw new UsageError('"toolshed run" needs a tool name, e.g. toolshed run Read \'{"file_path": "/etc/hostname"}\'.');
  if (extra.length > 0) throw new UsageError(`"toolshed run" takes a tool name and one JSON input, but also got: ${extra.join(" ")}.`);

  const fromStdin = inputArgument === "-" || (inputArgument === undefined && !streams.stdinIsTTY);
  const stdinText = fromStdin ? await streams.readStdin() : "";
  // No argument and nothing on standard input (`</dev/null`, a script): the same as no input, "{}".
  const input = fromStdin && (inputArgument === "-" || stdinText.trim() !== "")
    ? parseToolInput(stdinText, "on standard input")
    : parseToolInput(inputArgument ?? "{}", "argument");

  const { context, canUseTool, close } = await startCliSession({ flags: readSessionFlags(values), streams, stdinCarriesInput: fromStdin });
  try {
    const { outcomes } = await runTools({
      toolUses: [{ id: "toolu_cli_1", name: toolName, input }],
      context,
      canUseTool,
    });
    const [outcome] = outcomes;
    if (outcome === undefined) throw new Error("the scheduler returned no result for the call");
    if (values.json) streams.stdout.write(`${JSON.stringify(outcome.result, null, 2)}\n`);
    else {
      const text = toolResultText(outcome.result);
      (outcome.result.is_error ? streams.stderr : streams.stdout).write(text.endsWith("\n") ? text : `${text}\n`);
    }
    return runExitStatus(outcome.stage, outcome.result.is_error === true);
  } finally {
    close();
  }
}
