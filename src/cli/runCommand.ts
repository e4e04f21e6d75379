/** `toolshed run <Tool> [json | -] [--json]`: one call through the whole pipeline. */
import { UsageError } from "../errors/ToolError.ts";
import type { ToolUseStage } from "../pipeline/runToolUse.ts";
import { runTools } from "../pipeline/runTools.ts";
import type { CliStreams } from "./cliStreams.ts";
import { INTERRUPTED_EXIT_STATUS, USAGE_EXIT_STATUS } from "./exitStatus.ts";
import { openCliSession } from "./openCliSession.ts";
import { parseCommandArgs } from "./parseCommandArgs.ts";
import { parseToolInput } from "./parseToolInput.ts";
import { terminalText } from "./terminalText.ts";
import { readSessionFlags, SESSION_FLAG_OPTIONS } from "./sessionFlags.ts";

/** Exit status of `toolshed run` for a call that ended in `stage`: see RUN_HELP. */
export function runExitStatus(stage: ToolUseStage, isError: boolean): number {
  if (stage === "aborted") return INTERRUPTED_EXIT_STATUS;
  // The tool name is a command-line argument: naming a tool that does not exist is bad usage.
  if (stage === "lookup") return USAGE_EXIT_STATUS;
  return isError ? 1 : 0;
}

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

  const { session, close } = await openCliSession({ flags: readSessionFlags(values), streams, stdinCarriesInput: fromStdin });
  try {
    const { outcomes } = await runTools({
      toolUses: [{ id: "toolu_cli_1", name: toolName, input }],
      context: session.context,
      canUseTool: session.canUseTool,
    });
    const [outcome] = outcomes;
    if (outcome === undefined) throw new Error("the scheduler returned no result for the call");
    if (values.json) streams.stdout.write(`${JSON.stringify(outcome.result, null, 2)}\n`);
    else {
      const text = terminalText(outcome);
      (outcome.result.is_error ? streams.stderr : streams.stdout).write(text.endsWith("\n") ? text : `${text}\n`);
    }
    return runExitStatus(outcome.stage, outcome.result.is_error === true);
  } finally {
    await close();
  }
}
