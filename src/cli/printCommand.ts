/**
 * `toolshed -p [prompt]`: the agent loop with nobody at the keyboard, in the leading agent's
 * command line and output formats. A call that needs permission is refused with an error result
 * the model can act on (and listed in the result's permission_denials). Exit status: 0 success,
 * 1 the run failed (the result says why), 2 bad usage, 130 Ctrl-C.
 */
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { UsageError } from "../errors/ToolError.ts";
import { describeError } from "../errors/describeError.ts";
import { getBuildInfo } from "../buildInfo.ts";
import { raceAbort } from "../pipeline/raceAbort.ts";
import { hookScopeOf } from "../hooks/runHooks.ts";
import { runSessionEndHooks } from "../hooks/runSessionEndHooks.ts";
import { failedResult } from "../query/failedResult.ts";
import { query, type UserInput } from "../query/query.ts";
import { buildSystemPrompt } from "../query/systemPrompt/buildSystemPrompt.ts";
import { readEnvironment, readGitState } from "../query/systemPrompt/environmentInfo.ts";
import { readProjectInstructions } from "../query/systemPrompt/projectInstructions.ts";
import type { TranscriptWriter } from "../query/transcript/TranscriptWriter.ts";
import { readMcpConfigFlags } from "../mcp/cli/mcpConfigFlags.ts";
import { createSessionWithMcp } from "../mcp/client/createSessionWithMcp.ts";
import type { CliStreams } from "./cliStreams.ts";
import { INTERRUPTED_EXIT_STATUS, TERMINATED_EXIT_STATUS } from "./exitStatus.ts";
import { listenForTermination, TERMINATION_GRACE_MS } from "./listenForTermination.ts";
import { parseCommandArgs } from "./parseCommandArgs.ts";
import { INPUT_FORMATS, OUTPUT_FORMATS, PRINT_FLAG_OPTIONS, type InputFormat, type OutputFormat } from "./printFlags.ts";
import { openTranscript } from "./openTranscript.ts";
import { readPrompt } from "./readPrompt.ts";
import { readSessionFlags } from "./sessionFlags.ts";
import { streamJsonInput } from "./streamJsonInput.ts";
import { createQueryOutput } from "./writeQueryOutput.ts";
import { createTurnInterrupter } from "../query/turnInterrupter.ts";

/** The most of a --system-prompt-file or --append-system-prompt-file that is read. */
const MAX_PROMPT_FILE_BYTES = 1024 * 1024;

function oneOf<T extends string>(flag: string, value: string | undefined, allowed: readonly T[], fallback: T): T {
  if (value === undefined) return fallback;
  if ((allowed as readonly string[]).includes(value)) return value as T;
  throw new UsageError(`--${flag} "${value}" is not one of: ${allowed.join(", ")}.`);
}

function positiveNumber(flag: string, value: string | undefined, integer: boolean): number | undefined {
  if (value === undefined) return undefined;
  const number = Number(value);
  if (!Number.isFinite(number) || number <= 0 || (integer && !Number.isInteger(number))) {
    throw new UsageError(`--${flag} needs a positive ${integer ? "whole number" : "number"}, not "${value}".`);
  }
  return number;
}

function promptText(flag: string, text: string | undefined, file: string | undefined): string | undefined {
  if (text !== undefined && file !== undefined) throw new UsageError(`give --${flag} or --${flag}-file, not both.`);
  if (file === undefined) return text;
  try {
    const content = readFileSync(resolve(file));
    if (content.byteLength > MAX_PROMPT_FILE_BYTES) throw new UsageError(`--${flag}-file ${file} is larger than ${MAX_PROMPT_FILE_BYTES / 1024} KB.`);
    return content.toString("utf8");
  } catch (error) {
    if (error instanceof UsageError) throw error;
    throw new UsageError(`--${flag}-file ${file} cannot be read (${describeError(error)}).`);
  }
}

async function* noLines(): AsyncGenerator<string> {}

/** `toolshed -p`: parses the command line, runs the loop, writes the output. */
export async function printCommand(args: string[], streams: CliStreams): Promise<number> {
  const { values, positionals } = parseCommandArgs("-p", args, PRINT_FLAG_OPTIONS);
  const outputFormat: OutputFormat = oneOf("output-format", values["output-format"], OUTPUT_FORMATS, "text");
  const inputFormat: InputFormat = oneOf("input-format", values["input-format"], INPUT_FORMATS, "text");
  if (values["include-partial-messages"] && outputFormat !== "stream-json") throw new UsageError("--include-partial-messages needs --output-format stream-json.");
  if (inputFormat === "stream-json" && outputFormat !== "stream-json") throw new UsageError("--input-format stream-json needs --output-format stream-json.");
  if (positionals.length > 1) throw new UsageError(`"toolshed -p" takes one prompt (quote it), but got: ${positionals.join(" ")}.`);
  const maxTurns = positiveNumber("max-turns", values["max-turns"], true);
  const maxBudgetUsd = positiveNumber("max-budget-usd", values["max-budget-usd"], false);
  const replacement = promptText("system-prompt", values["system-prompt"], values["system-prompt-file"]);
  const append = promptText("append-system-prompt", values["append-system-prompt"], values["append-system-prompt-file"]);
  const cwd = process.cwd();
  const transcript = openTranscript({ cwd, sessionId: values["session-id"], resume: values.resume, continueLatest: values.continue === true, fork: values["fork-session"] === true, persist: values["no-session-persistence"] !== true });

  const interrupt = new AbortController();
  const turns = createTurnInterrupter();
  const prompt: UserInput | AsyncIterable<UserInput> = inputFormat === "stream-json"
    ? streamJsonInput({
      lines: streams.stdinLines?.() ?? noLines(),
      // An interrupt request stops the turn running then; the messages after it still run.
      interrupt: () => turns.interrupt(),
      respond: (response) => {
        if (outputFormat === "stream-json") streams.stdout.write(`${JSON.stringify(response)}\n`);
      },
      warn: (text) => streams.stderr.write(text),
    })
    : await readPrompt(positionals[0], streams);

  // git's status is read while the session and its MCP servers start, not after them.
  const git = readGitState(cwd);
  // The MCP servers of the settings, .mcp.json and --mcp-config start with the session; a project's
  // own servers only when the folder is trusted or they were approved (nobody is asked here). The
  // model and the system prompt are made while they connect; the loop starts once each has
  // connected or failed (within MCP_TIMEOUT), so the first request has their tools.
  const { session, connections, connected } = await createSessionWithMcp({
    cwd,
    flags: readSessionFlags(values),
    mcpFlags: readMcpConfigFlags(values),
    sessionId: transcript.sessionId,
    warn: (text) => streams.stderr.write(text),
    waitForServers: false,
  });
  // A server's list changed: the next request gives the model the new pool.
  connections.onChange(() => session.setMcpTools(connections.tools()));
  const onSigint = () => interrupt.abort();
  process.once("SIGINT", onSigint);
  // SIGTERM too ends the turn as interrupted, so the output still ends in a result; 143 after.
  const termination = listenForTermination(() => interrupt.abort());
  const output = createQueryOutput({ format: outputFormat, includePartialMessages: values["include-partial-messages"] === true, verbose: values.verbose === true, streams });
  let writer: TranscriptWriter | undefined;
  try {
    // The model client (the Anthropic SDK) loads once the MCP servers are on their way, so they boot meanwhile.
    const { createDefaultModel } = await import("../query/defaultModel.ts");
    const { access, apiKeySource } = await createDefaultModel({ settings: session.loaded.settings, cwd, model: values.model ?? session.context.options.model, fallbackModel: values["fallback-model"] });
    const environment = await readEnvironment(cwd, session.permissionContext().additionalDirectories, { git });
    const system = buildSystemPrompt({ replacement, append, environment, instructions: readProjectInstructions(cwd) });
    writer = transcript.writer((text) => streams.stderr.write(`toolshed: warning: ${text}\n`));
    // Ctrl-C while the servers connect ends the run now, not once they are done.
    await raceAbort(connected, interrupt.signal);
    const events = query({
      session,
      prompt,
      history: transcript.history,
      model: access,
      system,
      maxTurns,
      maxBudgetUsd,
      transcript: writer,
      signal: interrupt.signal,
      turns,
      apiKeySource,
      version: getBuildInfo().version,
    });
    const consumed = (async () => {
      for await (const event of events) output.write(event);
    })();
    // A turn that does not stop within the grace period after SIGTERM is given up with a result of its own.
    if ((await Promise.race([consumed, termination.expired])) === "expired") {
      output.write(failedResult(session.id, [`toolshed was terminated (SIGTERM) and the turn did not stop within ${TERMINATION_GRACE_MS / 1000} s`], "terminated"));
    } else if (output.lastResult() === undefined && !interrupt.signal.aborted) {
      // Standard input (--input-format stream-json) ended before any user message: say so, with a result.
      output.write(failedResult(session.id, ["standard input ended before any user message; --input-format stream-json reads one JSON message per line, such as {\"type\":\"user\",\"message\":{\"role\":\"user\",\"content\":\"hello\"}}"], "no_input"));
    }
  } catch (error) {
    if (error instanceof UsageError) throw error;
    // A failure before the loop could start (credentials, a helper that failed): still end with a result.
    output.write(failedResult(session.id, [describeError(error)], "turn_setup_failed"));
  } finally {
    process.off("SIGINT", onSigint);
    // After the last result, also after Ctrl-C: the SessionEnd hooks, within their budget (and after SIGTERM, within its grace).
    const ending = (async () => {
      await runSessionEndHooks(hookScopeOf(session.context, { transcriptPath: writer?.path }), "other");
      await session.close();
    })();
    await (termination.terminated ? Promise.race([ending, termination.expired]) : ending);
    termination.dispose();
  }
  if (termination.terminated) return TERMINATED_EXIT_STATUS;
  if (interrupt.signal.aborted) return INTERRUPTED_EXIT_STATUS;
  return output.lastResult()?.is_error === false ? 0 : 1;
}
