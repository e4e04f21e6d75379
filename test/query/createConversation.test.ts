/** A conversation across user messages (the terminal's), and the summary request of /compact. */
import { afterEach, describe, expect, test } from "bun:test";
import type { MessageParam } from "@anthropic-ai/sdk/resources/messages";
import { createConversation } from "../../src/query/createConversation.ts";
import { summarizeConversation, SummaryError } from "../../src/query/summarizeConversation.ts";
import { cutTurn, textTurn, turn } from "../helpers/messagesApiServer.ts";
import { createLoopKit, TEST_MODEL, TEST_SYSTEM, type LoopKit } from "../helpers/loopKit.ts";

let kit: LoopKit;
afterEach(async () => {
  await kit?.close();
});

type Body = { messages: MessageParam[]; tool_choice?: unknown; tools?: unknown[] };
const body = (index: number) => kit.server.requests[index]?.body as Body;

async function drain(events: AsyncGenerator<unknown, unknown>): Promise<void> {
  for await (const _ of events) {
    // Only the end matters here.
  }
}

describe("createConversation", () => {
  test("each message continues the conversation, and the cost adds up over all of them", async () => {
    kit = await createLoopKit();
    // Distinct message ids: the usage of one message is counted once.
    kit.server.push(turn({ id: "msg_1", content: [{ type: "text", text: "One." }], usage: { input_tokens: 100, output_tokens: 10 } }), turn({ id: "msg_2", content: [{ type: "text", text: "Two." }], usage: { input_tokens: 200, output_tokens: 10 } }));
    const conversation = createConversation({ session: kit.session, callModel: kit.callModel, system: TEST_SYSTEM });
    const options = { model: TEST_MODEL, maxTokens: 1024, signal: new AbortController().signal };
    await drain(conversation.send("first", options));
    await drain(conversation.send("second", options));
    expect(body(1).messages.map((message) => message.role)).toEqual(["user", "assistant", "user"]);
    expect(conversation.messages).toHaveLength(4);
    expect(conversation.accounting.usage.summary().usage.input_tokens).toBe(300);
  });

  test("an interrupted turn ends alone: the next message runs under its own signal", async () => {
    kit = await createLoopKit();
    kit.server.push(cutTurn([{ type: "text", text: "never finished" }], 4, "stall"), textTurn("Back."));
    const conversation = createConversation({ session: kit.session, callModel: kit.callModel, system: TEST_SYSTEM });
    const first = new AbortController();
    const events = conversation.send("slow", { model: TEST_MODEL, maxTokens: 1024, signal: first.signal });
    let result: unknown;
    for await (const event of events) {
      if (event.type === "stream_event") first.abort();
      if (event.type === "result") result = event;
    }
    expect(result).toMatchObject({ is_error: true, terminal_reason: "aborted_streaming" });
    let last: unknown;
    for await (const event of conversation.send("again", { model: TEST_MODEL, maxTokens: 1024, signal: new AbortController().signal })) last = event;
    expect(last).toMatchObject({ subtype: "success", result: "Back." });
    conversation.replace([]);
    expect(conversation.messages).toEqual([]);
  });
});

describe("summarizeConversation", () => {
  test("asks for a summary with the same tools and no tool calls, counts its cost, returns its text", async () => {
    kit = await createLoopKit();
    kit.server.push(textTurn("  The summary.  ", { input_tokens: 50, output_tokens: 5 }));
    const accounting = createConversation({ session: kit.session, callModel: kit.callModel, system: TEST_SYSTEM }).accounting;
    const summary = await summarizeConversation({
      callModel: kit.callModel,
      model: TEST_MODEL,
      maxTokens: 1024,
      system: TEST_SYSTEM,
      messages: [{ role: "user", content: "hello" }, { role: "assistant", content: [{ type: "text", text: "hi" }] }],
      context: kit.session.context,
      accounting,
      focus: "the file names",
      signal: new AbortController().signal,
    });
    expect(summary).toBe("The summary.");
    expect(body(0).tool_choice).toEqual({ type: "none" });
    expect(body(0).tools?.length).toBeGreaterThan(0);
    const last = body(0).messages.at(-1);
    expect(last?.role).toBe("user");
    expect(JSON.stringify(last?.content)).toContain("Pay particular attention to: the file names");
    expect(accounting.usage.summary().usage.input_tokens).toBe(50);
  });

  test("nothing to summarize, or an empty answer, is a SummaryError", async () => {
    kit = await createLoopKit();
    kit.server.push(textTurn(""));
    const options = { callModel: kit.callModel, model: TEST_MODEL, maxTokens: 1024, system: TEST_SYSTEM, context: kit.session.context, accounting: createConversation({ session: kit.session, callModel: kit.callModel, system: TEST_SYSTEM }).accounting, signal: new AbortController().signal };
    await expect(summarizeConversation({ ...options, messages: [] })).rejects.toBeInstanceOf(SummaryError);
    await expect(summarizeConversation({ ...options, messages: [{ role: "user", content: "hi" }] })).rejects.toThrow("the model answered without a summary");
  });
});
