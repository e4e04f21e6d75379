/** `toolshed run <Tool> [json | -] [--json]`: one call through the whole pipeline. */
import { UsageError } from "../errors/ToolError.ts";
import type { ToolUseStage } from "../pipeline/runToolUse.ts";
import { runTools } from "../pipeline/runTools.ts";
import type { CliStreams } from "./cliStreams.ts";
import { INTERRUPTED_EXIT_STATUS, TERMINATED_EXIT_STATUS, USAGE_EXIT_STATUS } from "./exitStatus.ts";
import { listenForTermination } from "./listenForTermination.ts";
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

/**
 * What a person running one call should know that the result cannot say: each `toolshed run` is a
 * session of its own, so what a call needs from an earlier one (a Read before an Edit) is not
 * there, and a background task ends when the run does.
 */
export function singleRunNotes(resultText: string, runningTasks: readonly string[]): string[] {
  const notes: string[] = [];
  if (/\bin this session\b/i.test(resultText)) {
    notes.push('each "toolshed run" is a session of its own. To run calls that build on each other (a Read, then an Edit of the same file), ' +
      'put them in one JSON file and run "toolshed run --calls <file>" (see "toolshed run --help").');
  }
  if (runningTasks.length > 0) {
    notes.push(`the background task ${runningTasks.join(", ")} ends now, with this run: read a background task's output in the same ` +
      'session, with "toolshed run --calls <file>" holding the Bash call and a TaskOutput call after it.');
  }
  return notes;
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
  // On SIGTERM the call is interrupted and its result still printed; the status is then 143.
  const termination = listenForTermination(() => session.context.abortController.abort());
  try {
    const run = await Promise.race([
      runTools({ toolUses: [{ id: "toolu_cli_1", name: toolName, input }], context: session.context, canUseTool: session.canUseTool }),
      termination.expired,
    ]);
    if (run === "expired") return TERMINATED_EXIT_STATUS;
    const [outcome] = run.outcomes;
    if (outcome === undefined) throw new Error("the scheduler returned no result for the call");
    const text = terminalText(outcome);
    if (values.json) streams.stdout.write(`${JSON.stringify(outcome.result, null, 2)}\n`);
    else (outcome.result.is_error ? streams.stderr : streams.stdout).write(text.endsWith("\n") ? text : `${text}\n`);
    for (const note of singleRunNotes(text, session.services.tasks.list().filter((task) => task.status === "running").map((task) => task.id))) {
      streams.stderr.write(`toolshed: note: ${note}\n`);
    }
    return termination.terminated ? TERMINATED_EXIT_STATUS : runExitStatus(outcome.stage, outcome.result.is_error === true);
  } finally {
    termination.dispose();
    await (termination.terminated ? Promise.race([close(), termination.expired]) : close());
  }
}
