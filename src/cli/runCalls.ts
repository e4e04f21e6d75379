/**
 * `toolshed run --calls <file | ->`: a JSON array of {"name", "input"} calls run in order in one
 * session, so a Read can be followed by an Edit and a background task can be read back.
 */
import type { ToolResultBlockParam } from "@anthropic-ai/sdk/resources/messages";
import type * as Z from "zod/mini";
import { z } from "../schema/zod.ts";
import { describeError } from "../errors/describeError.ts";
import { UsageError } from "../errors/ToolError.ts";
import { runTools } from "../pipeline/runTools.ts";
import type { SessionFlags } from "../settings/sessionFlags.ts";
import type { CliStreams } from "./cliStreams.ts";
import { errorCode, fileSystemErrorMessage } from "../errors/fileSystemErrorMessage.ts";
import { describeSpecialFile } from "../files/openRegularFile.ts";
import { readBoundedFile } from "../files/readBoundedFile.ts";
import { INTERRUPTED_EXIT_STATUS, TERMINATED_EXIT_STATUS } from "./exitStatus.ts";
import { listenForTermination } from "./listenForTermination.ts";
import { openCliSession } from "./openCliSession.ts";
import { terminalText } from "./terminalText.ts";

const callsSchema = () => z.array(
  z.strictObject({
    name: z.string().check(z.minLength(1)),
    input: z._default(z.record(z.string(), z.unknown()), {}),
  }),
).check(z.minLength(1));

/** The calls of a `--calls` file, in order. */
export type ToolCallList = Z.infer<ReturnType<typeof callsSchema>>;

const EXAMPLE = '[{"name": "Read", "input": {"file_path": "/tmp/a.txt"}}, {"name": "Edit", "input": {...}}]';

/** The most calls one `run --calls` takes. */
export const MAX_CALLS = 10_000;

/** Parses and checks the calls file; every problem is a UsageError saying where and what. */
export function parseCalls(text: string, where: string): ToolCallList {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new UsageError(`the calls ${where} are not valid JSON (${describeError(error)}). Give a JSON array such as ${EXAMPLE}.`);
  }
  // Every call's result is kept for the end: a bound on their number bounds what that holds.
  if (Array.isArray(value) && value.length > MAX_CALLS) {
    throw new UsageError(`the calls ${where} are ${value.length}; one run takes at most ${MAX_CALLS}. Split them over several runs.`);
  }
  const parsed = callsSchema().safeParse(value);
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues.slice(0, 5).map((issue) => {
    const [index, ...rest] = issue.path;
    const place = typeof index === "number" ? `call ${index + 1}${rest.length > 0 ? ` ("${rest.join(".")}")` : ""}` : "the list";
    return `${place}: ${issue.message}`;
  });
  throw new UsageError(`the calls ${where} must be a non-empty JSON array of {"name": string, "input": object}, such as ${EXAMPLE}.\n  ${problems.join("\n  ")}`);
}

/** Where the calls come from, how to print them, and the session flags. */
export interface RunCallsOptions {
  source: string;
  json: boolean;
  flags: SessionFlags;
  streams: CliStreams;
}

/** The most of a calls file that is read (the same as standard input takes). */
export const MAX_CALLS_FILE_BYTES = 64 * 1024 * 1024;

/** The calls file's text; a folder, a pipe, a device or a file too large is a usage error saying so. */
function readCallsFile(source: string): string {
  let read: ReturnType<typeof readBoundedFile>;
  try {
    read = readBoundedFile(source, MAX_CALLS_FILE_BYTES);
  } catch (error) {
    const code = errorCode(error);
    if (code === "ENOENT" || code === "ENOTDIR") throw new UsageError(`the calls file ${source} does not exist.`);
    throw new UsageError(`the calls file cannot be read: ${fileSystemErrorMessage(error, source) ?? describeError(error)}`);
  }
  if (read.kind === "folder") throw new UsageError(`the calls file ${source} is a folder. Give a JSON file, or - for standard input.`);
  if (read.kind === "special") {
    // A pipe with no writer would block here forever, and a device such as /dev/zero never ends.
    throw new UsageError(`the calls file ${source} is ${describeSpecialFile(read.stats)}, not a regular file. Send it through standard input instead: toolshed run --calls - < ${source}`);
  }
  if (read.kind === "too-large") throw new UsageError(`the calls file ${source} is more than ${MAX_CALLS_FILE_BYTES / 1024 / 1024} MB; give fewer calls at once.`);
  return read.bytes.toString("utf8");
}

async function readSource(source: string, streams: CliStreams): Promise<string> {
  return source === "-" ? streams.readStdin() : readCallsFile(source);
}

/**
 * Runs every call in order in one session; exit status 1 when any call returned an error. On
 * SIGTERM the running call is interrupted, the calls that finished are printed, and the status
 * is 143.
 */
export async function runCalls({ source, json, flags, streams }: RunCallsOptions): Promise<number> {
  const calls = parseCalls(await readSource(source, streams), source === "-" ? "on standard input" : `in ${source}`);
  const { session, close } = await openCliSession({ flags, streams, stdinCarriesInput: source === "-" });
  let context = session.context;
  const { canUseTool } = session;
  const results: ToolResultBlockParam[] = [];
  let interrupted = false;
  const termination = listenForTermination(() => session.context.abortController.abort());
  try {
    for (const [index, call] of calls.entries()) {
      if (termination.terminated) break;
      const pending = runTools({ toolUses: [{ id: `toolu_cli_${index + 1}`, name: call.name, input: call.input }], context, canUseTool });
      const run = await Promise.race([pending, termination.expired]);
      // The call did not end within the grace period after SIGTERM: it is given up, unprinted.
      if (run === "expired") break;
      context = run.context;
      const outcome = run.outcomes[0];
      if (outcome === undefined) throw new Error("the scheduler returned no result for a call");
      const { result } = outcome;
      interrupted ||= outcome.stage === "aborted";
      results.push(result);
      if (!json) {
        const text = terminalText(outcome);
        streams.stdout.write(`[${index + 1}] ${call.name}${result.is_error ? " (error)" : ""}\n${text}${text.endsWith("\n") ? "" : "\n"}`);
      }
    }
  } finally {
    termination.dispose();
    // Closing waits for background tasks to stop: after SIGTERM that is bounded too.
    await (termination.terminated ? Promise.race([close(), termination.expired]) : close());
  }
  if (json) streams.stdout.write(`${JSON.stringify(results, null, 2)}\n`);
  if (termination.terminated) return TERMINATED_EXIT_STATUS;
  if (interrupted) return INTERRUPTED_EXIT_STATUS;
  return results.some((result) => result.is_error) ? 1 : 0;
}
