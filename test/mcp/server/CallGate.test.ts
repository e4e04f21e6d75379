/** Served calls: concurrency-safe ones side by side, any other one alone, first come first served. */
import { describe, expect, test } from "bun:test";
import { CallGate } from "../../../src/mcp/server/CallGate.ts";
import { deferred } from "../../helpers/fakeTool.ts";

describe("CallGate", () => {
  test("shared work overlaps; exclusive work waits for it and holds back what came later", async () => {
    const gate = new CallGate();
    const log: string[] = [];
    const first = deferred<void>();
    const second = deferred<void>();
    const a = gate.run(false, async () => { log.push("a start"); await first.promise; log.push("a end"); });
    const b = gate.run(false, async () => { log.push("b start"); await second.promise; log.push("b end"); });
    const c = gate.run(true, async () => { log.push("c alone"); });
    const d = gate.run(false, async () => { log.push("d"); });
    await Promise.resolve();
    expect(log).toEqual(["a start", "b start"]);
    first.resolve();
    second.resolve();
    await Promise.all([a, b, c, d]);
    expect(log).toEqual(["a start", "b start", "a end", "b end", "c alone", "d"]);
  });

  test("a failing call lets the next one in", async () => {
    const gate = new CallGate();
    await expect(gate.run(true, async () => { throw new Error("no"); })).rejects.toThrow("no");
    expect(await gate.run(true, async () => "next")).toBe("next");
  });
});
