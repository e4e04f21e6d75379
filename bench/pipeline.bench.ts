/** Pipeline overhead: a no-op tool through runToolUse against the same input's safeParse alone. */
import * as z from "zod/mini";
import { buildTool } from "../src/Tool.ts";
import { createSession } from "../src/session/createSession.ts";
import { runToolUse } from "../src/pipeline/runToolUse.ts";
import { compareInterleaved, type Benchmark } from "./figure.ts";

const CALLS_PER_SAMPLE = 5000;

const schema = z.strictObject({ text: z.string(), count: z.optional(z.int()) });
const NoopTool = buildTool({
  name: "Noop",
  inputSchema: schema,
  maxResultSizeChars: 100_000,
  isReadOnly: () => true,
  isConcurrencySafe: () => true,
  async description() {
    return "Does nothing.";
  },
  async prompt() {
    return "Does nothing.";
  },
  async call(input) {
    return { data: input.text };
  },
  mapToolResultToToolResultBlockParam(output: string, toolUseId) {
    return { type: "tool_result", tool_use_id: toolUseId, content: output };
  },
});

export const pipelineBenchmark: Benchmark = {
  name: "pipeline overhead",
  async run() {
    const session = await createSession({ tools: [NoopTool], settings: {}, sessionDirectory: ".bench/session" });
    const { context } = session;
    const allow = async () => ({ decision: "allow" as const, reason: "bench" });
    const input = { text: "hello", count: 3 };
    const subject = async () => {
      for (let index = 0; index < CALLS_PER_SAMPLE; index++) {
        await runToolUse({ toolUse: { id: "toolu_bench", name: "Noop", input }, context, canUseTool: allow });
      }
    };
    const reference = async () => {
      for (let index = 0; index < CALLS_PER_SAMPLE; index++) {
        const parsed = schema.safeParse(input);
        if (!parsed.success) throw new Error("the bench input stopped parsing");
      }
    };
    await compareInterleaved(subject, reference, 15); // warm-up: let the JIT settle on both
    const { subjectMs, referenceMs, ratio } = await compareInterleaved(subject, reference, 41);
    return [{
      name: "pipeline overhead",
      value: ratio,
      goal: 5,
      detail: `${((subjectMs / CALLS_PER_SAMPLE) * 1000).toFixed(2)} us per call vs ${((referenceMs / CALLS_PER_SAMPLE) * 1000).toFixed(2)} us per safeParse`,
    }];
  },
};
