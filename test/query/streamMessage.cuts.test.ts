import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { ModelRequestError } from "../../src/query/ModelRequestError.ts";
import { cutTurn, startMessagesApiServer, textTurn, turnEvents, type BlockSpec, type MessagesApiServer } from "../helpers/messagesApiServer.ts";
import { runRequest } from "../helpers/modelRequestKit.ts";

let server: MessagesApiServer;
beforeEach(() => {
  server = startMessagesApiServer();
});
afterEach(() => server.close());

const TEXT_THEN_TOOL: BlockSpec[] = [
  { type: "text", text: "Reading the file now." },
  { type: "tool_use", id: "toolu_read", name: "Read", input: { file_path: "/tmp/notes.md" } },
];

/** How many events (ping included) come before the given event of a turn, counting from 0. */
function eventsBefore(blocks: BlockSpec[], matches: (name: string, data: unknown) => boolean): number {
  const events = turnEvents({ content: blocks }, "claude-test");
  const at = events.findIndex((event) => matches(event.event, event.data));
  if (at === -1) throw new Error("no such event");
  return at;
}

/**
 * The turn cut after `count` events, released only once the loop has seen every one of them: a
 * dropped connection loses events the client had not read yet, and these tests are about the
 * events before the cut arriving.
 */
function seenThenCut(blocks: BlockSpec[], count: number, how: "drop" | { errorType: string; message?: string }) {
  const sent = turnEvents({ content: blocks }, "claude-test").slice(0, count).filter((event) => event.event !== "ping").length;
  const gate = Promise.withResolvers<void>();
  let seen = 0;
  return {
    reply: cutTurn(blocks, count, how, gate.promise),
    onEvent(event: { type: string }) {
      if (event.type === "stream_event" && (seen += 1) === sent) gate.resolve();
    },
  };
}

const startOfBlock = (index: number) => (name: string, data: unknown) =>
  name === "content_block_start" && typeof data === "object" && data !== null && "index" in data && data.index === index;

describe("streamMessage: a stream cut before any block completed is tried again", () => {
  test("a dropped connection right after message_start", async () => {
    const cut = seenThenCut(TEXT_THEN_TOOL, 2, "drop");
    server.push(cut.reply, textTurn("again"));
    const run = await runRequest(server, { onEvent: cut.onEvent });
    expect(run.retries).toHaveLength(1);
    expect(run.retries[0]?.error).toMatchObject({ category: "unknown" });
    expect(run.retries[0]?.error.message).toContain("connection");
    expect(run.message?.content[0]).toMatchObject({ text: "again" });
    // Events of the failed attempt were passed on, marked with their attempt.
    expect(run.streamEvents.some(({ attempt }) => attempt === 1)).toBe(true);
    expect(run.streamEvents.at(-1)?.attempt).toBe(2);
  });

  test("a drop in the middle of the first block (partial text is not kept)", async () => {
    server.push(cutTurn(TEXT_THEN_TOOL, 4, "drop"), textTurn("whole reply"));
    const run = await runRequest(server);
    expect(run.retries).toHaveLength(1);
    expect(run.message?.content).toEqual([{ type: "text", text: "whole reply", citations: null }]);
  });

  test("a body that ends cleanly but before message_stop", async () => {
    server.push(cutTurn(TEXT_THEN_TOOL, 3, "close"), textTurn("again"));
    const run = await runRequest(server);
    expect(run.retries).toHaveLength(1);
    expect(run.retries[0]?.error.message).toContain("no message_stop");
  });

  test("an overloaded_error event inside the stream", async () => {
    server.push(cutTurn(TEXT_THEN_TOOL, 3, { errorType: "overloaded_error", message: "Overloaded" }), textTurn("again"));
    const run = await runRequest(server);
    expect(run.retries[0]?.error).toEqual({ type: "overloaded_error", category: "overloaded", message: "Overloaded" });
    expect(run.message?.content[0]).toMatchObject({ text: "again" });
  });

  for (const errorType of ["api_error", "rate_limit_error"]) {
    test(`a ${errorType} event inside the stream`, async () => {
      server.push(cutTurn(TEXT_THEN_TOOL, 2, { errorType }), textTurn("again"));
      const run = await runRequest(server);
      expect(run.retries).toHaveLength(1);
      expect(run.retries[0]?.error.type).toBe(errorType);
    });
  }

  test("an error event of a kind a retry cannot fix ends the request", async () => {
    server.push(cutTurn(TEXT_THEN_TOOL, 2, { errorType: "invalid_request_error", message: "prompt is too long" }), textTurn("unused"));
    const run = await runRequest(server);
    expect(run.error).toBeInstanceOf(ModelRequestError);
    expect(String(run.error)).toContain("prompt is too long");
    expect(server.requestCount).toBe(1);
  });

  test("drops on every attempt end with the last error once retries run out", async () => {
    server.push(cutTurn(TEXT_THEN_TOOL, 2, "drop"), cutTurn(TEXT_THEN_TOOL, 2, "drop"));
    const run = await runRequest(server, { retry: { maxRetries: 1 } });
    const error = run.error;
    expect(error).toBeInstanceOf(ModelRequestError);
    expect(String(error)).toContain("the connection was lost");
  });
});

describe("streamMessage: a stream cut after a block completed is not replayed", () => {
  test("a drop inside a tool call keeps the finished text, drops the unfinished call, and sends no second request", async () => {
    const cut = seenThenCut(TEXT_THEN_TOOL, eventsBefore(TEXT_THEN_TOOL, startOfBlock(1)) + 2, "drop");
    server.push(cut.reply, textTurn("must not be used"));
    const run = await runRequest(server, { onEvent: cut.onEvent });
    expect(run.error).toBeUndefined();
    expect(run.retries).toHaveLength(0);
    expect(server.requestCount).toBe(1);
    expect(run.message?.content).toEqual([{ type: "text", text: "Reading the file now.", citations: null }]);
    expect(run.final?.incomplete?.reason).toContain("after 1 complete content block");
    expect(run.final?.incomplete?.reason).toContain("may be incomplete");
    expect(run.final?.incomplete?.error.message).toContain("connection");
    expect(run.message?.usage.input_tokens).toBe(10);
  });

  test("finished tool calls are kept whole when a later one is cut", async () => {
    const blocks: BlockSpec[] = [
      { type: "tool_use", id: "toolu_a", name: "Glob", input: { pattern: "**/*.ts" } },
      { type: "tool_use", id: "toolu_b", name: "Grep", input: { pattern: "TODO" } },
    ];
    const cut = seenThenCut(blocks, eventsBefore(blocks, startOfBlock(1)) + 1, "drop");
    server.push(cut.reply);
    const run = await runRequest(server, { onEvent: cut.onEvent });
    expect(run.message?.content).toEqual([{ type: "tool_use", id: "toolu_a", name: "Glob", input: { pattern: "**/*.ts" }, caller: { type: "direct" } }]);
    expect(run.final?.incomplete).toBeDefined();
  });

  test("an error event after a completed block gives an incomplete message, not a retry", async () => {
    server.push(cutTurn(TEXT_THEN_TOOL, eventsBefore(TEXT_THEN_TOOL, startOfBlock(1)), { errorType: "overloaded_error", message: "Overloaded" }));
    const run = await runRequest(server);
    expect(run.retries).toHaveLength(0);
    expect(run.final?.incomplete?.error).toEqual({ type: "overloaded_error", category: "overloaded", message: "Overloaded" });
    expect(run.message?.content).toHaveLength(1);
  });

  test("a stall after a completed block times out into an incomplete message", async () => {
    server.push(cutTurn(TEXT_THEN_TOOL, eventsBefore(TEXT_THEN_TOOL, startOfBlock(1)), "stall"));
    const run = await runRequest(server, { timeoutMs: 100 });
    expect(run.final?.incomplete?.reason).toContain("no answer within 100 ms");
    expect(server.requestCount).toBe(1);
  });

  test("a drop right after a block's content_block_stop keeps that block (repeated)", async () => {
    for (let round = 0; round < 20; round += 1) {
      const cut = seenThenCut(TEXT_THEN_TOOL, eventsBefore(TEXT_THEN_TOOL, startOfBlock(1)), "drop");
      server.push(cut.reply);
      const run = await runRequest(server, { onEvent: cut.onEvent });
      expect(run.message?.content).toHaveLength(1);
      expect(run.final?.incomplete).toBeDefined();
    }
    expect(server.requestCount).toBe(20);
  });
});
