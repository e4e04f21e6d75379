/** Abort scopes: session, turn, call. Aborting one aborts those below it, never the one above. */
import { describe, expect, test } from "bun:test";
import { createAbortScope } from "../../src/session/abortScope.ts";
import { createTurnContext } from "../../src/session/createChildContext.ts";
import { deferred, fakeTool } from "../helpers/fakeTool.ts";
import { createTemporaryFolder } from "../helpers/temporaryFolder.ts";
import { callTool, createTestSession } from "../helpers/testSession.ts";

describe("createAbortScope", () => {
  test("a scope is aborted with its parent, with the parent's reason, but aborting it leaves the parent running", () => {
    const session = createAbortScope();
    const turn = createAbortScope(session.signal);
    const call = createAbortScope(turn.signal);
    call.controller.abort();
    expect(turn.signal.aborted).toBe(false);
    expect(session.signal.aborted).toBe(false);
    session.controller.abort("stop");
    expect(turn.signal.aborted).toBe(true);
    expect(turn.signal.reason).toBe("stop");
  });

  test("a scope under an aborted parent starts aborted; a disposed scope no longer follows its parent", () => {
    const parent = new AbortController();
    parent.abort();
    expect(createAbortScope(parent.signal).signal.aborted).toBe(true);
    const live = new AbortController();
    const disposed = createAbortScope(live.signal);
    disposed.dispose();
    live.abort();
    expect(disposed.signal.aborted).toBe(false);
  });

  test("a thousand calls' scopes under one signal add one listener to it; aborting it aborts the live ones, in order", () => {
    const parent = new AbortController();
    let listeners = 0;
    const add = parent.signal.addEventListener.bind(parent.signal);
    parent.signal.addEventListener = ((...args: Parameters<AbortSignal["addEventListener"]>) => {
      listeners++;
      add(...args);
    }) as AbortSignal["addEventListener"];
    const scopes = Array.from({ length: 1000 }, () => createAbortScope(parent.signal));
    for (const scope of scopes.slice(0, 998)) scope.dispose();
    expect(listeners).toBe(1);
    const order: number[] = [];
    scopes[998]?.signal.addEventListener("abort", () => order.push(998));
    scopes[999]?.signal.addEventListener("abort", () => order.push(999));
    parent.abort("done");
    expect(order).toEqual([998, 999]);
    expect(scopes[999]?.signal.reason).toBe("done");
    expect(scopes.slice(0, 998).some((scope) => scope.signal.aborted)).toBe(false);
  });

  test("a scope let go while its parent's abort is delivered (by another scope's handler) is not aborted", () => {
    const parent = new AbortController();
    const first = createAbortScope(parent.signal);
    const second = createAbortScope(parent.signal);
    first.signal.addEventListener("abort", () => second.dispose());
    parent.abort();
    expect(first.signal.aborted).toBe(true);
    expect(second.signal.aborted).toBe(false);
  });
});

describe("scopes of turns and calls", () => {
  test("each call runs under a scope of its own: the tool's signal is not the turn's, and ends with the turn", async () => {
    const folder = createTemporaryFolder();
    const started = deferred<AbortSignal>();
    const Wait = fakeTool({
      name: "Wait",
      readOnly: true,
      call: (_input, { signal, context }) => {
        started.resolve(signal);
        expect(signal).not.toBe(context.abortController.signal);
        return new Promise((resolve) => signal.addEventListener("abort", () => resolve({ data: "stopped" }), { once: true }));
      },
    });
    const session = await createTestSession({ tools: [Wait], cwd: folder.path });
    const turn = createTurnContext(session.context);
    const pending = callTool(turn, "Wait", {});
    const signal = await started.promise;
    turn.abortController.abort();
    expect(signal.aborted).toBe(true);
    expect((await pending).stage).toBe("aborted");
    // The session goes on: the next turn runs.
    expect(session.context.abortController.signal.aborted).toBe(false);
    const next = createTurnContext(session.context);
    expect(next.abortController.signal.aborted).toBe(false);
    await session.close();
    expect(next.abortController.signal.aborted).toBe(true);
    folder.remove();
  });
});
