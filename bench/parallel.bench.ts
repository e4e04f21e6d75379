/** Parallel reads: 8 concurrency-safe calls that each wait 100 ms, through the scheduler, against one such call. */
import * as z from "zod/mini";
import { buildTool } from "../src/Tool.ts";
import { createSession } from "../src/session/createSession.ts";
import { runTools } from "../src/pipeline/runTools.ts";
import { compareInterleaved, type Benchmark } from "./figure.ts";

const WAIT_MS = 100;
const CALLS = 8;

const WaitTool = buildTool({
  name: "Wait",
  inputSchema: z.strictObject({ ms: z.int().check(z.nonnegative()) }),
  maxResultSizeChars: 1000,
  isReadOnly: () => true,
  isConcurrencySafe: () => true,
  async description() {
    return "Waits.";
  },
  async prompt() {
    return "Waits.";
  },
  async call(input) {
    await Bun.sleep(input.ms);
    return { data: "waited" };
  },
  mapToolResultToToolResultBlockParam: (output: string, id) => ({ type: "tool_result", tool_use_id: id, content: output }),
});

export const parallelBenchmark: Benchmark = {
  name: "parallel reads",
  async run() {
    const session = await createSession({ tools: [WaitTool], settings: {}, sessionDirectory: ".bench/session" });
    const { context } = session;
    const allow = async () => ({ decision: "allow" as const, reason: "bench" });
    const batch = (count: number) => () =>
      runTools({
        toolUses: Array.from({ length: count }, (_, index) => ({ id: `toolu_${index}`, name: "Wait", input: { ms: WAIT_MS } })),
        context,
        canUseTool: allow,
      });
    await compareInterleaved(batch(CALLS), batch(1), 2);
    const { subjectMs, referenceMs, ratio } = await compareInterleaved(batch(CALLS), batch(1), 11);
    return [{ name: "parallel reads", value: ratio, goal: 1.2, detail: `${CALLS} calls in ${subjectMs.toFixed(1)} ms vs one in ${referenceMs.toFixed(1)} ms` }];
  },
};
