/** A conversation cut by a crash, a kill or an interrupt is put back into a shape the API accepts. */
import { describe, expect, test } from "bun:test";
import type { ConversationMessage } from "../../src/query/conversation.ts";
import { repairConversation, UNFINISHED_CALL_TEXT } from "../../src/query/repairConversation.ts";

const call = (id: string, name = "Read") => ({ type: "tool_use" as const, id, name, input: {} });
const result = (id: string, text = "ok") => ({ type: "tool_result" as const, tool_use_id: id, content: text });

describe("repairConversation", () => {
  test("a well-formed conversation is left as it is", () => {
    const messages: ConversationMessage[] = [
      { role: "user", content: "hi" },
      { role: "assistant", content: [{ type: "text", text: "reading" }, call("a")] },
      { role: "user", content: [result("a")] },
      { role: "assistant", content: [{ type: "text", text: "done" }] },
    ];
    expect(repairConversation(messages)).toEqual(messages);
  });

  test("a call whose result was lost (the last message, or followed by a new prompt) gets an error result first", () => {
    const cut: ConversationMessage[] = [{ role: "user", content: "go" }, { role: "assistant", content: [call("a"), call("b")] }];
    expect(repairConversation(cut).at(-1)).toEqual({
      role: "user",
      content: [
        { type: "tool_result", tool_use_id: "a", content: UNFINISHED_CALL_TEXT, is_error: true },
        { type: "tool_result", tool_use_id: "b", content: UNFINISHED_CALL_TEXT, is_error: true },
      ],
    });
    const resumed = repairConversation([...cut, { role: "user", content: "carry on" }]);
    expect(resumed).toHaveLength(3);
    expect(resumed[2]?.content).toEqual([
      { type: "tool_result", tool_use_id: "a", content: UNFINISHED_CALL_TEXT, is_error: true },
      { type: "tool_result", tool_use_id: "b", content: UNFINISHED_CALL_TEXT, is_error: true },
      { type: "text", text: "carry on" },
    ]);
  });

  test("a partly answered call gets the missing result; a result with no call is dropped; results come before text", () => {
    const repaired = repairConversation([
      { role: "user", content: "go" },
      { role: "assistant", content: [call("a"), call("b")] },
      { role: "user", content: [{ type: "text", text: "note" }, result("b"), result("zzz")] },
    ]);
    expect(repaired[2]?.content).toEqual([result("b"), { type: "tool_result", tool_use_id: "a", content: UNFINISHED_CALL_TEXT, is_error: true }, { type: "text", text: "note" }]);
  });

  test("roles alternate: two messages of one role in a row join, and the joined calls still get their results", () => {
    const repaired = repairConversation([
      { role: "user", content: "one" },
      { role: "user", content: "two" },
      { role: "assistant", content: [call("a")] },
      { role: "assistant", content: [{ type: "text", text: "again" }] },
    ]);
    expect(repaired.map((message) => message.role)).toEqual(["user", "assistant", "user"]);
    expect(repaired[0]?.content).toEqual([{ type: "text", text: "one" }, { type: "text", text: "two" }]);
    expect(repaired[1]?.content).toEqual([call("a"), { type: "text", text: "again" }]);
    expect(repaired[2]?.content).toEqual([{ type: "tool_result", tool_use_id: "a", content: UNFINISHED_CALL_TEXT, is_error: true }]);
  });

  test("a conversation never starts with the assistant, and empty messages are dropped", () => {
    const repaired = repairConversation([{ role: "user", content: "" }, { role: "assistant", content: [{ type: "text", text: "hello" }] }, { role: "user", content: "hi" }]);
    expect(repaired[0]?.role).toBe("user");
    expect(repaired.map((message) => message.role)).toEqual(["user", "assistant", "user"]);
  });

  test("does not change its input", () => {
    const messages: ConversationMessage[] = [{ role: "user", content: "go" }, { role: "assistant", content: [call("a")] }];
    const copy = structuredClone(messages);
    repairConversation(messages);
    expect(messages).toEqual(copy);
  });
});
