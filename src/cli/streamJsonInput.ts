/**
 * `--input-format stream-json`: user messages arrive as JSON lines on standard input
 * (`{"type": "user", "message": {"role": "user", "content": ...}}`); each one runs a turn.
 * A `control_request` with subtype `interrupt` stops the turn that is running. A line that is not
 * such a message is reported on standard error and skipped.
 */
import * as z from "zod/mini";
import { lazy } from "../lazy.ts";
import type { UserInput } from "../query/query.ts";

const lineSchema = lazy(() => z.union([
  z.looseObject({
    type: z.literal("user"),
    message: z.looseObject({ role: z.literal("user"), content: z.union([z.string(), z.array(z.looseObject({ type: z.string() }))]) }),
  }),
  z.looseObject({ type: z.literal("control_request"), request: z.looseObject({ subtype: z.string() }) }),
]));

export interface StreamJsonInputOptions {
  lines: AsyncIterable<string>;
  /** Called for an interrupt request. */
  interrupt: () => void;
  warn: (text: string) => void;
}

/** The user messages of the stream, in order. */
export async function* streamJsonInput(options: StreamJsonInputOptions): AsyncGenerator<UserInput> {
  let number = 0;
  for await (const line of options.lines) {
    number++;
    if (line.trim() === "") continue;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch (error) {
      options.warn(`toolshed: line ${number} of standard input is not JSON (${(error as Error).message}); it is skipped\n`);
      continue;
    }
    const parsed = lineSchema().safeParse(value);
    if (!parsed.success) {
      options.warn(`toolshed: line ${number} of standard input is not a user message ({"type": "user", "message": {"role": "user", "content": ...}}); it is skipped\n`);
      continue;
    }
    const data = parsed.data;
    if (data.type === "control_request") {
      if (data.request.subtype === "interrupt") options.interrupt();
      else options.warn(`toolshed: the control request "${data.request.subtype}" is not supported; it is skipped\n`);
      continue;
    }
    // The blocks were checked for a type only: the API judges the rest and says what is wrong.
    yield data.message.content as UserInput;
  }
}
