/** A conversation across user messages (the terminal's): history, cost, the model, and one abort signal per turn. */
import { afterEach, describe, expect, test } from "bun:test";
import type { MessageParam } from "@anthropic-ai/sdk/resources/messages";
import { createConversation } from "../../src/query/createConversation.ts";
import { cutTurn, textTurn, turn } from "../helpers/messagesApiServer.ts";
import { createLoopKit, TEST_SYSTEM, type LoopKit } from "../helpers/loopKit.ts";

let kit: LoopKit;
afterEach(async () => {
  await kit?.close();
});

type Body = { messages: MessageParam[]; model: string };
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
    const conversation = createConversation({ session: kit.session, model: kit.model(), system: TEST_SYSTEM });
    const options = { signal: new AbortController().signal };
    await drain(conversation.send("first", options));
    await drain(conversation.send("second", options));
    expect(body(1).messages.map((message) => message.role)).toEqual(["user", "assistant", "user"]);
    expect(conversation.messages).toHaveLength(4);
    expect(conversation.model.accounting.usage.summary().usage.input_tokens).toBe(300);
  });

  test("an interrupted turn ends alone: the next message runs under its own signal", async () => {
    kit = await createLoopKit();
    kit.server.push(cutTurn([{ type: "text", text: "never finished" }], 4, "stall"), textTurn("Back."));
    const conversation = createConversation({ session: kit.session, model: kit.model(), system: TEST_SYSTEM });
    const first = new AbortController();
    let result: unknown;
    for await (const event of conversation.send("slow", { signal: first.signal })) {
      if (event.type === "stream_event") first.abort();
      if (event.type === "result") result = event;
    }
    expect(result).toMatchObject({ is_error: true, terminal_reason: "aborted_streaming" });
    let last: unknown;
    for await (const event of conversation.send("again", { signal: new AbortController().signal })) last = event;
    expect(last).toMatchObject({ subtype: "success", result: "Back." });
    conversation.replace([]);
    expect(conversation.messages).toEqual([]);
  });

  test("a message waits for ready before its request; interrupting the wait ends that turn with nothing sent", async () => {
    kit = await createLoopKit();
    kit.server.push(textTurn("After the wait."));
    let open = () => {};
    const ready = new Promise<void>((resolve) => (open = resolve));
    const conversation = createConversation({ session: kit.session, model: kit.model(), system: TEST_SYSTEM, ready });
    const interrupted = new AbortController();
    const waiting = (async () => {
      let last: unknown;
      for await (const event of conversation.send("too soon", { signal: interrupted.signal })) last = event;
      return last;
    })();
    await Bun.sleep(50);
    interrupted.abort();
    expect(await waiting).toMatchObject({ is_error: true, errors: ["interrupted"] });
    expect(kit.server.requestCount).toBe(0);
    const sent = (async () => {
      let last: unknown;
      for await (const event of conversation.send("now", { signal: new AbortController().signal })) last = event;
      return last;
    })();
    await Bun.sleep(50);
    expect(kit.server.requestCount).toBe(0);
    open();
    expect(await sent).toMatchObject({ subtype: "success", result: "After the wait." });
  });

  test("the model changes from the next message on, or for one message", async () => {
    kit = await createLoopKit();
    kit.server.push(textTurn("a"), textTurn("b"), textTurn("c"));
    const conversation = createConversation({ session: kit.session, model: kit.model({ resolveModel: (name) => `resolved-${name}` }), system: TEST_SYSTEM });
    const signal = new AbortController().signal;
    await drain(conversation.send("one", { signal, model: "opus" }));
    conversation.setModel("haiku");
    await drain(conversation.send("two", { signal }));
    await drain(conversation.send("three", { signal }));
    expect([0, 1, 2].map((index) => body(index).model)).toEqual(["resolved-opus", "resolved-haiku", "resolved-haiku"]);
  });
});
