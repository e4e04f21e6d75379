import { afterEach, describe, expect, test } from "bun:test";
import { SleepTool, waitOrAbort } from "../../../src/tools/SleepTool/SleepTool.ts";
import { MAX_SLEEP_SECONDS } from "../../../src/tools/SleepTool/prompt.ts";
import { callTool } from "../../helpers/testSession.ts";
import { createToolFixture, type ToolFixture } from "../../helpers/toolFixture.ts";

let fixture: ToolFixture;
afterEach(async () => {
  await fixture?.remove();
});

describe("Sleep", () => {
  test("pauses and says for how long, without asking for permission", async () => {
    fixture = await createToolFixture({ tools: [SleepTool] });
    const outcome = await callTool(fixture.context, "Sleep", { seconds: 0.02 });
    expect(outcome.stage).toBe("done");
    expect(outcome.text).toBe("Paused for 0.02 seconds.");
  });

  test("a numeric string is coerced; zero, negative and over-long pauses are refused", async () => {
    fixture = await createToolFixture({ tools: [SleepTool] });
    expect((await callTool(fixture.context, "Sleep", { seconds: "0.01" })).stage).toBe("done");
    for (const seconds of [0, -1, MAX_SLEEP_SECONDS + 1]) {
      const outcome = await callTool(fixture.context, "Sleep", { seconds });
      expect(outcome.stage).toBe("validation");
      expect(outcome.result.is_error).toBe(true);
    }
  });

  test("an abort ends a long pause at once and the result says it was interrupted", async () => {
    fixture = await createToolFixture({ tools: [SleepTool] });
    const controller = fixture.context.abortController;
    const pending = SleepTool.call({ seconds: MAX_SLEEP_SECONDS }, {
      context: fixture.context,
      toolUseId: "toolu_direct",
      signal: controller.signal,
      onProgress: () => {},
      canUseTool: async () => ({ decision: "allow", reason: "test" }),
    });
    controller.abort();
    const result = await pending;
    expect(result.data.interrupted).toBe(true);
    expect(SleepTool.mapToolResultToToolResultBlockParam(result.data, "t").content).toContain("Interrupted after");
  });

  test("waitOrAbort resolves true for an already aborted signal and false after the wait", async () => {
    expect(await waitOrAbort(60_000, AbortSignal.abort())).toBe(true);
    expect(await waitOrAbort(1, new AbortController().signal)).toBe(false);
  });
});
