/**
 * `toolshed run --calls <file | ->`: a JSON array of {"name", "input"} calls run in order in one
 * session, so a Read can be followed by an Edit and a background task can be read back.
 */
import type { ToolResultBlockParam } from "@anthropic-ai/sdk/resources/messages";
import * as z from "zod/mini";
import { describeError } from "../errors/describeError.ts";
import { UsageError } from "../errors/ToolError.ts";
import { runTools } from "../pipeline/runTools.ts";
import type { SessionFlags } from "../settings/sessionFlags.ts";
import type { CliStreams } from "./cliStreams.ts";
import { INTERRUPTED_EXIT_STATUS } from "./exitStatus.ts";
import { openCliSession } from "./openCliSession.ts";
import { terminalText } from "./terminalText.ts";

const callsSchema = () => z.array(
  z.strictObject({
    name: z.string().check(z.minLength(1)),
    input: z._default(z.record(z.string(), z.unknown()), {}),
  }),
).check(z.minLength(1));

/** The calls of a `--calls` file, in order. */
export type ToolCallList = z.infer<ReturnType<typeof callsSchema>>;

const EXAMPLE = '[{"name": "Read", "input": {"file_path": "/tmp/a.txt"}}, {"name": "Edit", "input": {...}}]';

/** Parses and checks the calls file; every problem is a UsageError saying where and what. */
export function parseCalls(text: string, where: string): ToolCallList {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new UsageError(`the calls ${where} are not valid JSON (${describeError(error)}). Give a JSON array such as ${EXAMPLE}.`);
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

async function readSource(source: string, streams: CliStreams): Promise<string> {
  if (source === "-") return streams.readStdin();
  const file = Bun.file(source);
  if (!(await file.exists())) throw new UsageError(`the calls file ${source} does not exist.`);
  return file.text();
}

/** Runs every call in order in one session; exit status 1 when any call returned an error. */
export async function runCalls({ source, json, flags, streams }: RunCallsOptions): Promise<number> {
  const calls = parseCalls(await readSource(source, streams), source === "-" ? "on standard input" : `in ${source}`);
  const { session, close } = await openCliSession({ flags, streams, stdinCarriesInput: source === "-" });
  let context = session.context;
  const { canUseTool } = session;
  const results: ToolResultBlockParam[] = [];
  let interrupted = false;
  try {
    for (const [index, call] of calls.entries()) {
      const run = await runTools({ toolUses: [{ id: `toolu_cli_${index + 1}`, name: call.name, input: call.input }], context, canUseTool });
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
    await close();
  }
  if (json) streams.stdout.write(`${JSON.stringify(results, null, 2)}\n`);
  if (interrupted) return INTERRUPTED_EXIT_STATUS;
  return results.some((result) => result.is_error) ? 1 : 0;
}
