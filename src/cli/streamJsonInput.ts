/**
 * `--input-format stream-json`: user messages arrive as JSON lines on standard input
 * (`{"type": "user", "message": {"role": "user", "content": ...}}`); each one runs a turn.
 * Standard input is read ahead of the turns, so a `control_request` with subtype `interrupt`
 * stops the turn that is running when it arrives (the messages after it still run). Each control
 * request is answered with a `control_response` (`respond`): success for an interrupt, an error
 * naming the subtype for the ones toolshed does not take. A line that is neither is reported on
 * standard error and skipped.
 */
import { z } from "../schema/zod.ts";
import { lazy } from "../lazy.ts";
import type { UserInput } from "../query/query.ts";

/** User messages read ahead and not yet run; reading pauses at this many (a pipe cannot fill memory). */
export const MAX_QUEUED_MESSAGES = 100;

const lineSchema = lazy(() => z.union([
  z.looseObject({
    type: z.literal("user"),
    message: z.looseObject({ role: z.literal("user"), content: z.union([z.string(), z.array(z.looseObject({ type: z.string() }))]) }),
  }),
  z.looseObject({ type: z.literal("control_request"), request_id: z.optional(z.unknown()), request: z.looseObject({ subtype: z.string() }) }),
]));

/** The answer to one control request, as the stream-json protocol writes it. */
export type ControlResponse =
  | { type: "control_response"; response: { subtype: "success"; request_id: unknown; response: Record<string, never> } }
  | { type: "control_response"; response: { subtype: "error"; request_id: unknown; error: string } };

export interface StreamJsonInputOptions {
  lines: AsyncIterable<string>;
  /** Called for an interrupt request, when it arrives. */
  interrupt: () => void;
  /** Receives the answer to each control request. */
  respond?: (response: ControlResponse) => void;
  warn: (text: string) => void;
}

/** Reads one line: a message to queue, or undefined (a control request handled, or a line skipped). */
function readLine(line: string, number: number, options: StreamJsonInputOptions): UserInput | undefined {
  if (line.trim() === "") return undefined;
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch (error) {
    options.warn(`toolshed: line ${number} of standard input is not JSON (${(error as Error).message}); it is skipped\n`);
    return undefined;
  }
  const parsed = lineSchema().safeParse(value);
  if (!parsed.success) {
    options.warn(`toolshed: line ${number} of standard input is not a user message ({"type": "user", "message": {"role": "user", "content": ...}}); it is skipped\n`);
    return undefined;
  }
  const data = parsed.data;
  if (data.type === "control_request") {
    const requestId = data.request_id ?? null;
    if (data.request.subtype === "interrupt") {
      options.interrupt();
      options.respond?.({ type: "control_response", response: { subtype: "success", request_id: requestId, response: {} } });
    } else {
      options.warn(`toolshed: the control request "${data.request.subtype}" is not supported; it is skipped\n`);
      options.respond?.({ type: "control_response", response: { subtype: "error", request_id: requestId, error: `toolshed does not support the control request "${data.request.subtype}"` } });
    }
    return undefined;
  }
  // The blocks were checked for a type only: the API judges the rest and says what is wrong.
  return data.message.content as UserInput;
}

/** The user messages of the stream, in order; standard input is read while they run. */
export async function* streamJsonInput(options: StreamJsonInputOptions): AsyncGenerator<UserInput> {
  const queue: UserInput[] = [];
  let ended = false;
  let failure: { error: unknown } | undefined;
  let wakeReader: (() => void) | undefined;
  let wakeReading: (() => void) | undefined;
  let stopped = false;
  void (async () => {
    let number = 0;
    try {
      for await (const line of options.lines) {
        // The loop took its last message: stop reading (ending the loop over the lines lets go of standard input).
        if (stopped) break;
        const message = readLine(line, ++number, options);
        if (message === undefined) continue;
        queue.push(message);
        wakeReader?.();
        while (queue.length >= MAX_QUEUED_MESSAGES) await new Promise<void>((resolve) => (wakeReading = resolve));
      }
    } catch (error) {
      failure = { error };
    } finally {
      ended = true;
      wakeReader?.();
    }
  })();
  try {
    for (;;) {
      const next = queue.shift();
      if (next !== undefined) {
        wakeReading?.();
        wakeReading = undefined;
        yield next;
        continue;
      }
      if (ended) {
        if (failure !== undefined) throw failure.error;
        return;
      }
      await new Promise<void>((resolve) => (wakeReader = resolve));
      wakeReader = undefined;
    }
  } finally {
    stopped = true;
    wakeReading?.();
  }
}
