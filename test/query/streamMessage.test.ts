import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { AbortError } from "../../src/query/AbortError.ts";
import { ModelRequestError } from "../../src/query/ModelRequestError.ts";
import { streamMessage } from "../../src/query/streamMessage.ts";
import { cutTurn, hang, httpError, startMessagesApiServer, textTurn, turn, type MessagesApiServer } from "../helpers/messagesApiServer.ts";
import { clientFor, PARAMS, runRequest } from "../helpers/modelRequestKit.ts";

let server: MessagesApiServer;
beforeEach(() => {
  server = startMessagesApiServer();
});
afterEach(() => server.close());

describe("streamMessage: assembling the reply", () => {
  test("text and tool input arrive in several deltas and come out whole, with the usage", async () => {
    server.push(
      turn({
        content: [
          { type: "text", text: "I will read the file you named." },
          { type: "tool_use", id: "toolu_1", name: "Read", input: { file_path: "/tmp/a.txt", limit: 20, nested: { deep: [1, 2, "three"] } } },
        ],
        usage: { input_tokens: 42, output_tokens: 17, cache_creation_input_tokens: 7, cache_read_input_tokens: 11 },
      }),
    );
    const run = await runRequest(server);
    expect(run.error).toBeUndefined();
    const deltas = run.streamEvents.filter(({ event }) => event.type === "content_block_delta");
    expect(deltas.filter(({ event }) => event.type === "content_block_delta" && event.delta.type === "text_delta").length).toBeGreaterThan(1);
    expect(deltas.filter(({ event }) => event.type === "content_block_delta" && event.delta.type === "input_json_delta").length).toBeGreaterThan(2);
    expect(run.message?.content).toEqual([
      { type: "text", text: "I will read the file you named.", citations: null },
      { type: "tool_use", id: "toolu_1", name: "Read", input: { file_path: "/tmp/a.txt", limit: 20, nested: { deep: [1, 2, "three"] } }, caller: { type: "direct" } },
    ]);
    expect(run.message?.stop_reason).toBe("tool_use");
    expect(run.message?.usage).toMatchObject({ input_tokens: 42, output_tokens: 17, cache_creation_input_tokens: 7, cache_read_input_tokens: 11 });
    expect(run.final?.attempts).toBe(1);
    expect(run.final?.requestId).toBe("req_test");
    expect(run.final?.incomplete).toBeUndefined();
  });

  test("every raw event is passed on in order (the API's pings are not events of the message)", async () => {
    server.push(textTurn("hi"));
    const run = await runRequest(server);
    const types = run.streamEvents.map(({ event }) => event.type);
    expect(types[0]).toBe("message_start");
    expect(types.at(-2)).toBe("message_delta");
    expect(types.at(-1)).toBe("message_stop");
    expect(types).toContain("content_block_start");
    expect(types).toContain("content_block_stop");
    expect(run.streamEvents.every(({ attempt }) => attempt === 1)).toBe(true);
  });

  test("thinking blocks keep their text and signature", async () => {
    server.push(turn([{ type: "thinking", thinking: "Let me think about this carefully.", signature: "sig-1" }, { type: "text", text: "Done." }]));
    const run = await runRequest(server);
    expect(run.message?.content[0]).toEqual({ type: "thinking", thinking: "Let me think about this carefully.", signature: "sig-1" });
  });

  test("the request is streamed, with the key, the model and the body as given", async () => {
    server.push(textTurn("ok"));
    await runRequest(server);
    expect(server.requestCount).toBe(1);
    const request = server.requests[0];
    expect(request?.headers["x-api-key"]).toBe("test-key");
    expect(request?.headers.authorization).toBeUndefined();
    expect(request?.body).toMatchObject({ model: PARAMS.model, max_tokens: 1024, stream: true, messages: [{ role: "user", content: "Hello" }] });
  });

  test("events are delivered as they arrive: the loop sees the first before the reply ends", async () => {
    server.push(turn([{ type: "text", text: "slowly streamed text" }], { delayMs: 5 }));
    const seenAt: number[] = [];
    for await (const event of streamMessage({ client: clientFor(server), params: PARAMS, env: {} })) {
      if (event.type === "stream_event") seenAt.push(performance.now());
    }
    expect(seenAt.length).toBeGreaterThan(4);
    expect((seenAt.at(-1) ?? 0) - (seenAt[0] ?? 0)).toBeGreaterThan(15);
  });
});

describe("streamMessage: timeouts", () => {
  test("a reply that never starts times out and is retried", async () => {
    server.push(hang(), textTurn("second time lucky"));
    const run = await runRequest(server, { timeoutMs: 100 });
    expect(run.retries).toHaveLength(1);
    expect(run.retries[0]?.error.message).toContain("no answer within 100 ms");
    expect(run.message?.content).toEqual([{ type: "text", text: "second time lucky", citations: null }]);
  });

  test("a stream that goes quiet before any block completes is retried", async () => {
    server.push(cutTurn([{ type: "text", text: "never finished" }], 3, "stall"), textTurn("whole"));
    const run = await runRequest(server, { timeoutMs: 100 });
    expect(run.retries).toHaveLength(1);
    expect(run.message?.content[0]).toMatchObject({ text: "whole" });
  });

  test("when every attempt times out the error names API_TIMEOUT_MS", async () => {
    server.push(hang(), hang());
    const run = await runRequest(server, { timeoutMs: 50, retry: { maxRetries: 1 } });
    expect(run.error).toBeInstanceOf(ModelRequestError);
    expect(String(run.error)).toContain("API_TIMEOUT_MS");
    // Tried twice; on a loaded machine an attempt can time out before its request reaches the server, so count attempts, not requests.
    expect(run.retries).toHaveLength(1);
    expect(server.requestCount).toBeLessThanOrEqual(2);
  });

  test("time the loop spends on an event does not count as the API's silence", async () => {
    server.push(textTurn("a reply the loop reads slowly"));
    let slept = false;
    const events = [];
    for await (const event of streamMessage({ client: clientFor(server), params: PARAMS, env: {}, timeoutMs: 60 })) {
      events.push(event);
      if (!slept && event.type === "stream_event") {
        slept = true;
        await Bun.sleep(150);
      }
    }
    expect(events.filter((event) => event.type === "retry")).toHaveLength(0);
    expect(events.at(-1)?.type).toBe("message");
  });
});

describe("streamMessage: abort", () => {
  test("an abort during the request ends it at once, without a retry", async () => {
    const controller = new AbortController();
    server.push(() => {
      controller.abort();
      return hang();
    });
    const started = performance.now();
    const run = await runRequest(server, { signal: controller.signal });
    expect(run.error).toBeInstanceOf(AbortError);
    expect(run.retries).toHaveLength(0);
    expect(server.requestCount).toBe(1);
    expect(performance.now() - started).toBeLessThan(2000);
  });

  test("an abort mid-stream ends it at once, even after a block completed", async () => {
    const controller = new AbortController();
    server.push(turn([{ type: "text", text: "first" }, { type: "text", text: "second" }], { delayMs: 20 }));
    const events = [];
    let error: unknown;
    try {
      for await (const event of streamMessage({ client: clientFor(server), params: PARAMS, env: {}, signal: controller.signal })) {
        events.push(event);
        if (event.type === "stream_event" && event.event.type === "content_block_stop") controller.abort();
      }
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(AbortError);
    expect(events.some((event) => event.type === "message")).toBe(false);
  });

  test("an abort during the wait before a retry ends it at once", async () => {
    const controller = new AbortController();
    server.push(httpError(529, { headers: { "retry-after": "50" } }), textTurn("unused"));
    const started = performance.now();
    let error: unknown;
    const events = [];
    try {
      // The real, abortable wait (no injected sleep): 50 s unless the abort cuts it short.
      for await (const event of streamMessage({ client: clientFor(server), params: PARAMS, env: {}, signal: controller.signal })) {
        events.push(event);
        if (event.type === "retry") setTimeout(() => controller.abort(), 20);
      }
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(AbortError);
    expect(events.map((event) => event.type)).toEqual(["retry"]);
    expect(server.requestCount).toBe(1);
    expect(performance.now() - started).toBeLessThan(5000);
  });

  test("an injected wait that ignores the signal is still cut short by it", async () => {
    const controller = new AbortController();
    server.push(httpError(503), textTurn("unused"));
    const run = await runRequest(server, {
      signal: controller.signal,
      sleep: () => {
        controller.abort();
        return new Promise<void>(() => {});
      },
    });
    expect(run.error).toBeInstanceOf(AbortError);
    expect(server.requestCount).toBe(1);
  });

  test("an already aborted signal sends nothing", async () => {
    const controller = new AbortController();
    controller.abort();
    const run = await runRequest(server, { signal: controller.signal });
    expect(run.error).toBeInstanceOf(AbortError);
    expect(server.requestCount).toBe(0);
  });

  test("a loop that stops reading early lets the request go", async () => {
    server.push(turn([{ type: "text", text: "a long reply that nobody reads to the end" }], { delayMs: 10 }));
    for await (const event of streamMessage({ client: clientFor(server), params: PARAMS, env: {} })) {
      if (event.type === "stream_event") break;
    }
    server.push(textTurn("next"));
    const run = await runRequest(server);
    expect(run.message?.content[0]).toMatchObject({ text: "next" });
  });
});

describe("streamMessage: failures that are not the API's", () => {
  test("an error that is neither an API nor a network failure is thrown as it is, and not retried", async () => {
    server.push(textTurn("the body is replaced below"));
    let calls = 0;
    const client = clientFor(server, {
      // The server's real answer, with a body that fails the way a bug in our own code would.
      fetch: async (input, init) => {
        calls += 1;
        const response = await fetch(input, init);
        const broken = new ReadableStream({ start: (controller) => controller.error(new RangeError("a bug of ours")) });
        return new Response(broken, { status: response.status, headers: response.headers });
      },
    });
    const run = await runRequest(server, { client });
    expect(run.error).toBeInstanceOf(RangeError);
    expect(calls).toBe(1);
  });
});
