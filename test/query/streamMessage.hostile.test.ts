/**
 * Streams no real API sends, from a server of raw bytes: events of types the reply does not have
 * do not keep a stalled reply alive, and an event that is JSON but no object is a protocol error
 * (tried again), not a crash of ours, and a reply that keeps dripping in is cut off at the whole
 * reply's limit.
 */
import { afterEach, describe, expect, test } from "bun:test";
import { ModelRequestError } from "../../src/query/ModelRequestError.ts";
import { createModelClient } from "../../src/query/modelClient.ts";
import type { MessagesApiServer } from "../helpers/messagesApiServer.ts";
import { runRequest } from "../helpers/modelRequestKit.ts";

const servers: ReturnType<typeof Bun.serve>[] = [];
afterEach(() => {
  for (const server of servers.splice(0)) server.stop(true);
});

const encoder = new TextEncoder();
const frame = (event: string, data: string) => encoder.encode(`event: ${event}\ndata: ${data}\n\n`);
const MESSAGE_START = JSON.stringify({ type: "message_start", message: { id: "msg_1", type: "message", role: "assistant", model: "claude-sonnet-5-5", content: [], stop_reason: null, stop_sequence: null, usage: { input_tokens: 1, output_tokens: 0 } } });
const WHOLE_REPLY = [
  frame("content_block_start", JSON.stringify({ type: "content_block_start", index: 0, content_block: { type: "text", text: "" } })),
  frame("content_block_delta", JSON.stringify({ type: "content_block_delta", index: 0, delta: { type: "text_delta", text: "fine" } })),
  frame("content_block_stop", JSON.stringify({ type: "content_block_stop", index: 0 })),
  frame("message_delta", JSON.stringify({ type: "message_delta", delta: { stop_reason: "end_turn", stop_sequence: null }, usage: { output_tokens: 1 } })),
  frame("message_stop", JSON.stringify({ type: "message_stop" })),
];

/** A server whose n-th answer (from 0) is the stream `streams[n]` gives. */
function rawServer(streams: ((signal: AbortSignal) => ReadableStream<Uint8Array>)[]): { server: MessagesApiServer; requests: () => number } {
  let count = 0;
  const server = Bun.serve({
    port: 0,
    hostname: "127.0.0.1",
    idleTimeout: 0,
    fetch(request) {
      const make = streams[Math.min(count++, streams.length - 1)] as (signal: AbortSignal) => ReadableStream<Uint8Array>;
      return new Response(make(request.signal), { headers: { "content-type": "text/event-stream" } });
    },
  });
  servers.push(server);
  return { server: { url: `http://127.0.0.1:${server.port}` } as MessagesApiServer, requests: () => count };
}

function clientOf(server: MessagesApiServer) {
  return createModelClient({ credentials: { source: "ANTHROPIC_API_KEY", headers: { "x-api-key": "k" }, baseURL: server.url } });
}

describe("streams no API sends", () => {
  test("events of unknown types do not keep a stalled reply alive: it times out as silence does", async () => {
    // message_start, then an unknown event every 50 ms for up to 4 s (then the stream just ends).
    const drip = (signal: AbortSignal) => new ReadableStream<Uint8Array>({
      async start(controller) {
        controller.enqueue(frame("message_start", MESSAGE_START));
        for (let sent = 0; sent < 80 && !signal.aborted; sent++) {
          await Bun.sleep(50);
          try {
            controller.enqueue(frame("vendor_heartbeat", JSON.stringify({ type: "vendor_heartbeat" })));
          } catch {
            return;
          }
        }
        controller.close();
      },
    });
    const { server } = rawServer([drip]);
    const run = await runRequest(server, { client: clientOf(server), timeoutMs: 400, retry: { maxRetries: 0 } });
    expect(run.error).toBeInstanceOf(ModelRequestError);
    expect((run.error as ModelRequestError).message).toContain("no answer within 400 ms");
    expect((run.error as ModelRequestError).message).toContain("The model request failed and retries are off");
  });

  test("an event that is JSON but not an object is a protocol error, tried again", async () => {
    const once = (first: Uint8Array) => () => new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(first);
        controller.close();
      },
    });
    const whole = () => new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(frame("message_start", MESSAGE_START));
        for (const part of WHOLE_REPLY) controller.enqueue(part);
        controller.close();
      },
    });
    const { server, requests } = rawServer([once(frame("message_start", "null")), once(frame("message_start", "3")), whole]);
    const run = await runRequest(server, { client: clientOf(server), retry: { maxRetries: 3 } });
    expect(run.error).toBeUndefined();
    expect(run.retries.map((retry) => retry.error.message)).toEqual([
      "the stream could not be read: an event was not an object with a type",
      "the stream could not be read: an event was not an object with a type",
    ]);
    expect(run.message?.content.map((block) => (block.type === "text" ? block.text : block.type))).toEqual(["fine"]);
    expect(requests()).toBe(3);
  });

  /** message_start and an open text block, then a text delta every `everyMs` until `count` are sent (then the rest of the reply). */
  const dripReply = (everyMs: number, count: number) => (signal: AbortSignal) => new ReadableStream<Uint8Array>({
    async start(controller) {
      controller.enqueue(frame("message_start", MESSAGE_START));
      controller.enqueue(WHOLE_REPLY[0] as Uint8Array);
      try {
        for (let sent = 0; sent < count; sent++) {
          await Bun.sleep(everyMs);
          if (signal.aborted) return;
          controller.enqueue(frame("content_block_delta", JSON.stringify({ type: "content_block_delta", index: 0, delta: { type: "text_delta", text: "." } })));
        }
        for (const part of WHOLE_REPLY.slice(2)) controller.enqueue(part);
        controller.close();
      } catch {
        // The client went away.
      }
    },
  });

  test("a reply that keeps coming just inside the silence limit is cut off at the whole reply's limit", async () => {
    // A delta every 40 ms for up to 8 s, against 300 ms of silence allowed and 600 ms in all.
    const { server } = rawServer([dripReply(40, 200)]);
    const run = await runRequest(server, { client: clientOf(server), timeoutMs: 300, replyDeadlineMs: 600, retry: { maxRetries: 0 } });
    expect(run.error).toBeInstanceOf(ModelRequestError);
    expect((run.error as ModelRequestError).message).toContain("the reply was still coming after 600 ms in all");
  });

  test("a steady reply that ends within the whole reply's limit is whole", async () => {
    const { server } = rawServer([dripReply(20, 10)]);
    const run = await runRequest(server, { client: clientOf(server), timeoutMs: 300, replyDeadlineMs: 5000, retry: { maxRetries: 0 } });
    expect(run.error).toBeUndefined();
    expect(run.message?.content.map((block) => (block.type === "text" ? block.text : block.type))).toEqual([".........."]);
  });
});
