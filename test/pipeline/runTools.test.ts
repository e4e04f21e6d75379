import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { toolResultText, type AnyTool, type ToolUseContext } from "../../src/Tool.ts";
import { nonInteractiveAskHandler } from "../../src/permissions/askHandler.ts";
import { createCanUseTool } from "../../src/permissions/createCanUseTool.ts";
import { DEFAULT_MAX_TOOL_CONCURRENCY, maxToolConcurrency, partitionToolUses, runTools } from "../../src/pipeline/runTools.ts";
import { deferred, fakeTool, type Deferred } from "../helpers/fakeTool.ts";
import { createTemporaryFolder, type TemporaryFolder } from "../helpers/temporaryFolder.ts";
import { createTestContext } from "../helpers/testSession.ts";

let folder: TemporaryFolder;
beforeEach(() => {
  folder = createTemporaryFolder();
});
afterEach(() => folder.remove());

/** Tools whose calls start and finish only when the test says so. */
function controlledTools() {
  const started = new Map<string, Deferred<void>>();
  const finish = new Map<string, Deferred<string>>();
  const log: string[] = [];
  const gate = (key: string) => {
    if (!started.has(key)) started.set(key, deferred<void>());
    if (!finish.has(key)) finish.set(key, deferred<string>());
    return { started: started.get(key) as Deferred<void>, finish: finish.get(key) as Deferred<string> };
  };
  const call = async (input: { text?: string }) => {
    const key = input.text ?? "";
    const { started: begun, finish: done } = gate(key);
    log.push(`start ${key}`);
    begun.resolve();
    const data = await done.promise;
    log.push(`end ${key}`);
    return { data };
  };
  const safe = fakeTool({ name: "Safe", concurrencySafe: true, readOnly: true, call });
  const unsafe = fakeTool({ name: "Unsafe", concurrencySafe: false, readOnly: true, call });
  return { safe, unsafe, gate, log };
}

function run(context: ToolUseContext, calls: Array<[string, unknown]>, maxConcurrency?: number) {
  return runTools({
    toolUses: calls.map(([name, input], index) => ({ id: `toolu_${index}`, name, input })),
    context,
    canUseTool: createCanUseTool(nonInteractiveAskHandler),
    maxConcurrency,
  });
}

describe("partitionToolUses", () => {
  test("consecutive safe calls share a batch; every other call is alone", () => {
    const { safe, unsafe } = controlledTools();
    const batches = partitionToolUses(
      [
        { id: "1", name: "Safe", input: {} },
        { id: "2", name: "Safe", input: {} },
        { id: "3", name: "Unsafe", input: {} },
        { id: "4", name: "Safe", input: {} },
        { id: "5", name: "Missing", input: {} },
        { id: "6", name: "Safe", input: { count: "not a number" } },
      ],
      [safe, unsafe],
    );
    expect(batches).toEqual([
      { concurrent: true, indexes: [0, 1] },
      { concurrent: false, indexes: [2] },
      { concurrent: true, indexes: [3] },
      { concurrent: false, indexes: [4] },
      { concurrent: false, indexes: [5] },
    ]);
  });

  test("a tool whose safety check throws is treated as unsafe", () => {
    const throwing = fakeTool({ name: "Odd", concurrencySafe: () => { throw new Error("no"); } });
    expect(partitionToolUses([{ id: "1", name: "Odd", input: {} }, { id: "2", name: "Odd", input: {} }], [throwing])).toEqual([
      { concurrent: false, indexes: [0] },
      { concurrent: false, indexes: [1] },
    ]);
  });
});

describe("runTools", () => {
  test("safe calls run in parallel and results keep the original order", async () => {
    const { safe, gate, log } = controlledTools();
    const context = await createTestContext({ tools: [safe], cwd: folder.path });
    const pending = run(context, [["Safe", { text: "a" }], ["Safe", { text: "b" }], ["Safe", { text: "c" }]]);
    await Promise.all(["a", "b", "c"].map((key) => gate(key).started.promise));
    expect(log).toEqual(["start a", "start b", "start c"]);
    gate("c").finish.resolve("C");
    gate("b").finish.resolve("B");
    gate("a").finish.resolve("A");
    const { outcomes } = await pending;
    expect(outcomes.map((outcome) => toolResultText(outcome.result))).toEqual(["A", "B", "C"]);
    expect(outcomes.map((outcome) => outcome.result.tool_use_id)).toEqual(["toolu_0", "toolu_1", "toolu_2"]);
  });

  test("an unsafe call waits for the batch before it and blocks the one after", async () => {
    const { safe, unsafe, gate, log } = controlledTools();
    const context = await createTestContext({ tools: [safe, unsafe], cwd: folder.path });
    const pending = run(context, [["Safe", { text: "1" }], ["Unsafe", { text: "2" }], ["Safe", { text: "3" }]]);
    await gate("1").started.promise;
    expect(log).toEqual(["start 1"]);
    gate("1").finish.resolve("one");
    await gate("2").started.promise;
    expect(log).toEqual(["start 1", "end 1", "start 2"]);
    gate("2").finish.resolve("two");
    await gate("3").started.promise;
    expect(log).toEqual(["start 1", "end 1", "start 2", "end 2", "start 3"]);
    gate("3").finish.resolve("three");
    expect((await pending).outcomes.map((outcome) => toolResultText(outcome.result))).toEqual(["one", "two", "three"]);
  });

  test("at most maxConcurrency safe calls are in flight", async () => {
    let inFlight = 0;
    let most = 0;
    const releases: Array<() => void> = [];
    const waiting: Array<Deferred<void>> = [];
    const tool = fakeTool({
      name: "Counted",
      concurrencySafe: true,
      readOnly: true,
      call: async () => {
        inFlight++;
        most = Math.max(most, inFlight);
        const release = deferred<void>();
        releases.push(release.resolve);
        waiting.shift()?.resolve();
        await release.promise;
        inFlight--;
        return { data: "ok" };
      },
    });
    const context = await createTestContext({ tools: [tool], cwd: folder.path });
    const pending = run(context, Array.from({ length: 5 }, () => ["Counted", {}] as [string, unknown]), 2);
    for (let released = 0; released < 5; released++) {
      while (releases.length === 0) {
        const next = deferred<void>();
        waiting.push(next);
        await next.promise;
      }
      expect(inFlight).toBeLessThanOrEqual(2);
      releases.shift()?.();
    }
    const { outcomes } = await pending;
    expect(outcomes).toHaveLength(5);
    expect(most).toBe(2);
  });

  test("context modifiers apply in call order: a lone call's before the next batch, a parallel batch's after the whole batch", async () => {
    const seen: string[] = [];
    const modifying = (name: string, concurrencySafe: boolean): AnyTool =>
      fakeTool({
        name,
        concurrencySafe,
        readOnly: true,
        call: async (input, { context }) => {
          seen.push(`${name}${input.text ?? ""} saw ${context.cwd.slice(folder.path.length) || "/"}`);
          return { data: name, contextModifier: (next: ToolUseContext) => ({ ...next, cwd: `${next.cwd}/${name}${input.text ?? ""}` }) };
        },
      });
    const context = await createTestContext({ tools: [modifying("Mover", false), modifying("Reader", true)], cwd: folder.path });
    const result = await run(context, [["Mover", {}], ["Reader", { text: "1" }], ["Reader", { text: "2" }], ["Mover", {}]]);
    expect(result.context.cwd).toBe(`${folder.path}/Mover/Reader1/Reader2/Mover`);
    // Both parallel readers saw the context as it was before their batch.
    expect(seen).toEqual(["Mover saw /", "Reader1 saw /Mover", "Reader2 saw /Mover", "Mover saw /Mover/Reader1/Reader2"]);
  });

  test("an abort stops the batch and every call still gets a result", async () => {
    const { safe, unsafe, gate, log } = controlledTools();
    const context = await createTestContext({ tools: [safe, unsafe], cwd: folder.path });
    const pending = run(context, [["Safe", { text: "x" }], ["Safe", { text: "y" }], ["Unsafe", { text: "z" }]]);
    await Promise.all([gate("x").started.promise, gate("y").started.promise]);
    gate("x").finish.resolve("done x");
    context.abortController.abort();
    const { outcomes } = await pending;
    expect(outcomes).toHaveLength(3);
    expect(outcomes.map((outcome) => outcome.result.tool_use_id)).toEqual(["toolu_0", "toolu_1", "toolu_2"]);
    expect(outcomes[1]?.stage).toBe("aborted");
    expect(outcomes[2]?.stage).toBe("aborted");
    expect(outcomes.slice(1).every((outcome) => outcome.result.is_error === true)).toBe(true);
    expect(log).not.toContain("start z"); // the unsafe call after the abort never ran
  });
});

describe("maxToolConcurrency", () => {
  test("reads TOOLSHED_MAX_TOOL_CONCURRENCY and falls back to 10 on bad values", () => {
    expect(maxToolConcurrency({})).toBe(DEFAULT_MAX_TOOL_CONCURRENCY);
    expect(DEFAULT_MAX_TOOL_CONCURRENCY).toBe(10);
    expect(maxToolConcurrency({ TOOLSHED_MAX_TOOL_CONCURRENCY: "3" })).toBe(3);
    expect(maxToolConcurrency({ TOOLSHED_MAX_TOOL_CONCURRENCY: " 4 " })).toBe(4);
    for (const bad of ["0", "-2", "1.5", "many", " ", "1e1", "0x8", "Infinity", "99999999999999999999"]) {
      expect(maxToolConcurrency({ TOOLSHED_MAX_TOOL_CONCURRENCY: bad })).toBe(DEFAULT_MAX_TOOL_CONCURRENCY);
    }
  });
});

describe("runTools edge cases", () => {
  test("no calls: no results, the same context", async () => {
    const context = await createTestContext({ tools: [], cwd: folder.path });
    const result = await run(context, []);
    expect(result.outcomes).toEqual([]);
    expect(result.context).toBe(context);
  });

  test("duplicate tool_use ids each get their own result, in order", async () => {
    const tool = fakeTool({ name: "Echo", concurrencySafe: true, readOnly: true });
    const context = await createTestContext({ tools: [tool], cwd: folder.path });
    const { outcomes } = await runTools({
      toolUses: [{ id: "same", name: "Echo", input: { text: "1" } }, { id: "same", name: "Echo", input: { text: "2" } }],
      context,
      canUseTool: createCanUseTool(nonInteractiveAskHandler),
    });
    expect(outcomes.map((outcome) => [outcome.result.tool_use_id, toolResultText(outcome.result)])).toEqual([["same", "Echo:1"], ["same", "Echo:2"]]);
  });

  test("a nonsense maxConcurrency (NaN, 0, negative) still runs every call", async () => {
    const tool = fakeTool({ name: "Echo", concurrencySafe: true, readOnly: true });
    const context = await createTestContext({ tools: [tool], cwd: folder.path });
    for (const limit of [Number.NaN, 0, -3, 0.5]) {
      const { outcomes } = await run(context, [["Echo", { text: "a" }], ["Echo", { text: "b" }]], limit);
      expect(outcomes.map((outcome) => toolResultText(outcome.result))).toEqual(["Echo:a", "Echo:b"]);
    }
  });

  test("a context modifier that throws is logged and the later calls still run", async () => {
    const breaking = fakeTool({
      name: "Breaks",
      readOnly: true,
      call: async () => ({ data: "ran", contextModifier: () => { throw new Error("modifier bug"); } }),
    });
    const context = await createTestContext({ tools: [breaking], cwd: folder.path });
    const result = await run(context, [["Breaks", {}], ["Breaks", {}]]);
    expect(result.outcomes.map((outcome) => outcome.stage)).toEqual(["done", "done"]);
    expect(result.context).toBe(context);
  });

  test("an onResult callback that throws does not lose the other results", async () => {
    const tool = fakeTool({ name: "Echo", concurrencySafe: true, readOnly: true });
    const context = await createTestContext({ tools: [tool], cwd: folder.path });
    const { outcomes } = await runTools({
      toolUses: [{ id: "1", name: "Echo", input: {} }, { id: "2", name: "Echo", input: {} }],
      context,
      canUseTool: createCanUseTool(nonInteractiveAskHandler),
      onResult: () => {
        throw new Error("listener bug");
      },
    });
    expect(outcomes).toHaveLength(2);
    expect(outcomes.every((outcome) => outcome.stage === "done")).toBe(true);
  });
});
