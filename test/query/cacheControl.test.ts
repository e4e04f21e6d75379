import { describe, expect, test } from "bun:test";
import type { MessageParam, TextBlockParam, Tool } from "@anthropic-ai/sdk/resources/messages";
import { addCacheBreakpoints, MAX_CACHE_BREAKPOINTS, type CacheablePieces } from "../../src/query/cacheControl.ts";

const MARK = { type: "ephemeral" } as const;

const tool = (name: string, extra: Partial<Tool> = {}): Tool => ({ name, description: `${name} tool`, input_schema: { type: "object" }, ...extra });

const conversation: MessageParam[] = [
  { role: "user", content: "Read the file." },
  { role: "assistant", content: [{ type: "tool_use", id: "t1", name: "Read", input: { file_path: "/a" } }] },
  { role: "user", content: [{ type: "tool_result", tool_use_id: "t1", content: "contents" }, { type: "text", text: "And now?" }] },
];

function marks(pieces: ReturnType<typeof addCacheBreakpoints>): number {
  const count = (items: readonly object[]) => items.filter((item) => "cache_control" in item && item.cache_control != null).length;
  const system = typeof pieces.system === "string" || pieces.system === undefined ? 0 : count(pieces.system);
  return count(pieces.tools ?? []) + system + pieces.messages.reduce((sum, message) => sum + (typeof message.content === "string" ? 0 : count(message.content)), 0);
}

describe("cache breakpoints", () => {
  test("on the last tool, the last system block and the last block of the latest message", () => {
    const system: TextBlockParam[] = [{ type: "text", text: "You are toolshed." }, { type: "text", text: "Project notes." }];
    const result = addCacheBreakpoints({ tools: [tool("Read"), tool("Grep")], system, messages: conversation });
    expect(result.tools?.map((item) => "cache_control" in item && item.cache_control)).toEqual([false, MARK]);
    expect(result.system).toEqual([{ type: "text", text: "You are toolshed." }, { type: "text", text: "Project notes.", cache_control: MARK }]);
    expect(result.messages.slice(0, 2)).toEqual(conversation.slice(0, 2));
    expect(result.messages[2]).toEqual({
      role: "user",
      content: [{ type: "tool_result", tool_use_id: "t1", content: "contents" }, { type: "text", text: "And now?", cache_control: MARK }],
    });
    expect(marks(result)).toBe(3);
  });

  test("text given as a string becomes one text block carrying the breakpoint", () => {
    const result = addCacheBreakpoints({ system: "Be brief.", messages: [{ role: "user", content: "Hello" }] });
    expect(result.system).toEqual([{ type: "text", text: "Be brief.", cache_control: MARK }]);
    expect(result.messages).toEqual([{ role: "user", content: [{ type: "text", text: "Hello", cache_control: MARK }] }]);
  });

  test("never on a deferred tool: the last tool that is not deferred gets it", () => {
    const result = addCacheBreakpoints({ tools: [tool("Read"), tool("Mcp1", { defer_loading: true }), tool("Mcp2", { defer_loading: true })], messages: [] });
    expect(result.tools?.map((item) => "cache_control" in item && item.cache_control != null)).toEqual([true, false, false]);
  });

  test("never on thinking, redacted thinking or empty text: the last block that can carry one gets it", () => {
    const result = addCacheBreakpoints({
      messages: [
        {
          role: "assistant",
          content: [
            { type: "text", text: "Answer." },
            { type: "text", text: "" },
            { type: "thinking", thinking: "hmm", signature: "s" },
            { type: "redacted_thinking", data: "x" },
          ],
        },
      ],
    });
    const content = result.messages[0]?.content;
    expect(Array.isArray(content) && content.map((block) => "cache_control" in block && block.cache_control != null)).toEqual([true, false, false, false]);
  });

  test("breakpoints already there count toward the four, and one in the right place is not doubled", () => {
    const system: TextBlockParam[] = [
      { type: "text", text: "a", cache_control: { type: "ephemeral" } },
      { type: "text", text: "b", cache_control: { type: "ephemeral" } },
      { type: "text", text: "c", cache_control: { type: "ephemeral" } },
    ];
    const result = addCacheBreakpoints({ tools: [tool("Read")], system, messages: [{ role: "user", content: "hi" }] });
    expect(marks(result)).toBe(MAX_CACHE_BREAKPOINTS);
    expect(result.tools?.[0]).toMatchObject({ cache_control: MARK });
    expect(result.messages[0]?.content).toBe("hi");
  });

  test("the inputs are not changed", () => {
    const pieces: CacheablePieces = {
      tools: [tool("Read")],
      system: [{ type: "text", text: "sys" }],
      messages: structuredClone(conversation),
    };
    const before = structuredClone(pieces);
    addCacheBreakpoints(pieces);
    expect(pieces).toEqual(before);
  });

  test("the 1-hour lifetime when asked for", () => {
    const result = addCacheBreakpoints({ tools: [tool("Read")], messages: [] }, { ttl: "1h" });
    expect(result.tools?.[0]).toMatchObject({ cache_control: { type: "ephemeral", ttl: "1h" } });
  });

  test("nothing to mark, nothing marked", () => {
    expect(addCacheBreakpoints({ messages: [] })).toEqual({ messages: [] });
    expect(addCacheBreakpoints({ system: "", messages: [{ role: "user", content: "" }] })).toEqual({ system: "", messages: [{ role: "user", content: "" }] });
  });
});
