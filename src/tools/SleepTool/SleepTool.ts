/** Sleep: waits a number of seconds, and stops waiting the moment the call is aborted. */
import { z } from "../../schema/zod.ts";
import { buildTool } from "../../Tool.ts";
import { DESCRIPTION, MAX_SLEEP_SECONDS, renderPrompt, SLEEP_TOOL_NAME } from "./prompt.ts";

/** Built on first use: start-up never pays for a schema it does not need. */
const inputSchema = () => z.strictObject({
  seconds: z.number().check(z.positive(), z.maximum(MAX_SLEEP_SECONDS), z.describe(`How long to pause, in seconds (at most ${MAX_SLEEP_SECONDS})`)),
});

export interface SleepOutput {
  requestedSeconds: number;
  sleptSeconds: number;
  interrupted: boolean;
}

/** Resolves after `milliseconds`, or early (with true) when `signal` aborts. */
export function waitOrAbort(milliseconds: number, signal: AbortSignal): Promise<boolean> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve(true);
    const onAbort = () => {
      clearTimeout(timer);
      resolve(true);
    };
    const timer = setTimeout(() => {
      signal.removeEventListener("abort", onAbort);
      resolve(false);
    }, milliseconds);
    signal.addEventListener("abort", onAbort, { once: true });
  });
}

export const SleepTool = buildTool({
  name: SLEEP_TOOL_NAME,
  searchHint: "wait pause delay seconds",
  inputSchema,
  maxResultSizeChars: 1_000,
  isConcurrencySafe: () => true,
  isReadOnly: () => true,
  interruptBehavior: () => "cancel",
  getToolUseSummary: (input) => (input?.seconds === undefined ? null : `${input.seconds} s`),
  description: DESCRIPTION,
  prompt: renderPrompt,
  // Read-only and harmless: waiting needs no approval.
  async checkPermissions() {
    return { behavior: "allow", reason: "waiting changes nothing" };
  },
  async call(input, { signal }) {
    const started = performance.now();
    const interrupted = await waitOrAbort(input.seconds * 1000, signal);
    const sleptSeconds = Math.round((performance.now() - started) / 100) / 10;
    return { data: { requestedSeconds: input.seconds, sleptSeconds, interrupted } };
  },
  mapToolResultToToolResultBlockParam(output: SleepOutput, toolUseId) {
    const content = output.interrupted
      ? `Interrupted after ${output.sleptSeconds} of ${output.requestedSeconds} seconds.`
      : `Paused for ${output.requestedSeconds} seconds.`;
    return { type: "tool_result", tool_use_id: toolUseId, content };
  },
});
