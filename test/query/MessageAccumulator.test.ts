import { describe, expect, test } from "bun:test";
import type { RawMessageStreamEvent } from "@anthropic-ai/sdk/resources/messages";
import { StreamProtocolError } from "../../src/query/classifyModelError.ts";
import { MessageAccumulator } from "../../src/query/MessageAccumulator.ts";
import { turnEvents, type BlockSpec } from "../helpers/messagesApiReplies.ts";

/** The raw events of a turn as the SDK hands them over (pings dropped, as the SDK does). */
function eventsOf(content: BlockSpec[]): RawMessageStreamEvent[] {
  const events: RawMessageStreamEvent[] = [];
  for (const { event, data } of turnEvents({ content, usage: { input_tokens: 3, output_tokens: 9, cache_read_input_tokens: 100 } }, "claude-test")) {
    if (event === "ping") continue;
    // Test data made by our own helper, in the API's shape.
    events.push(data as RawMessageStreamEvent);
  }
  return events;
}

function accumulate(events: RawMessageStreamEvent[]): MessageAccumulator {
  const accumulator = new MessageAccumulator();
  for (const event of events) accumulator.add(event);
  return accumulator;
}

describe("MessageAccumulator", () => {
  test("assembles blocks, the stop reason and the usage", () => {
    const accumulator = accumulate(eventsOf([{ type: "text", text: "abc def" }, { type: "tool_use", id: "t", name: "Ls", input: { path: "." } }]));
    expect(accumulator.stopped).toBe(true);
    expect(accumulator.completedBlocks).toBe(2);
    const message = accumulator.message();
    expect(message?.content).toEqual([
      { type: "text", text: "abc def", citations: null },
      { type: "tool_use", id: "t", name: "Ls", input: { path: "." }, caller: { type: "direct" } },
    ]);
    expect(message?.stop_reason).toBe("tool_use");
    expect(message?.usage).toMatchObject({ input_tokens: 3, output_tokens: 9, cache_read_input_tokens: 100 });
  });

  test("with completeOnly, a block still streaming is left out", () => {
    const events = eventsOf([{ type: "text", text: "done" }, { type: "tool_use", id: "t", name: "Ls", input: { path: "." } }]);
    const stopOfTool = events.findLastIndex((event) => event.type === "content_block_stop");
    const accumulator = accumulate(events.slice(0, stopOfTool));
    expect(accumulator.completedBlocks).toBe(1);
    expect(accumulator.message(true)?.content).toEqual([{ type: "text", text: "done", citations: null }]);
    expect(accumulator.message()?.content).toHaveLength(2);
  });

  test("a tool call with no input deltas keeps its {} input; unparseable input is kept as text", () => {
    const accumulator = new MessageAccumulator();
    const [start] = eventsOf([]);
    if (start === undefined) throw new Error("no message_start");
    accumulator.add(start);
    accumulator.add({ type: "content_block_start", index: 0, content_block: { type: "tool_use", id: "a", name: "X", input: {}, caller: { type: "direct" } } });
    accumulator.add({ type: "content_block_stop", index: 0 });
    accumulator.add({ type: "content_block_start", index: 1, content_block: { type: "tool_use", id: "b", name: "Y", input: {}, caller: { type: "direct" } } });
    accumulator.add({ type: "content_block_delta", index: 1, delta: { type: "input_json_delta", partial_json: '{"broken": ' } });
    accumulator.add({ type: "content_block_stop", index: 1 });
    expect(accumulator.message()?.content.map((block) => (block.type === "tool_use" ? block.input : undefined))).toEqual([{}, '{"broken":']);
  });

  test("events out of order are protocol errors", () => {
    const events = eventsOf([{ type: "text", text: "abc" }]);
    const [start, blockStart] = events;
    if (start === undefined || blockStart === undefined) throw new Error("missing events");
    expect(() => new MessageAccumulator().add(blockStart)).toThrow(StreamProtocolError);
    const twice = new MessageAccumulator();
    twice.add(start);
    expect(() => twice.add(start)).toThrow(/second message_start/);
    const unknownBlock = new MessageAccumulator();
    unknownBlock.add(start);
    expect(() => unknownBlock.add({ type: "content_block_stop", index: 4 })).toThrow(/never started/);
    const afterStop = accumulate(events);
    expect(() => afterStop.add(blockStart)).toThrow(/after message_stop/);
  });

  test("an event that is not in the API's shape is a protocol error", () => {
    const [start] = eventsOf([]);
    if (start === undefined) throw new Error("no message_start");
    const accumulator = new MessageAccumulator();
    accumulator.add(start);
    // A garbled event, as a broken endpoint could send it.
    const garbled = JSON.parse('{"type":"content_block_delta","index":"zero","delta":{"type":"text_delta","text":"x"}}');
    expect(() => accumulator.add(garbled)).toThrow(StreamProtocolError);
  });

  test("an event type it does not know is left out, for events the API adds later", () => {
    const events = eventsOf([{ type: "text", text: "abc" }]);
    const accumulator = new MessageAccumulator();
    // A future event type, as the SDK would hand it over.
    const future = JSON.parse('{"type":"content_block_annotation","index":0}');
    for (const [at, event] of events.entries()) {
      accumulator.add(event);
      if (at === 1) accumulator.add(future);
    }
    expect(accumulator.message()?.content).toEqual([{ type: "text", text: "abc", citations: null }]);
  });
});
