/**
 * WebSearch through the agent loop: the model's call becomes one request with the API's web search
 * server tool, answered by the local Messages API server with searches, results and a cited
 * summary; the results come back with their links, and the searches are counted in the usage.
 */
import { afterEach, describe, expect, test } from "bun:test";
import type { MessageParam, ToolResultBlockParam } from "@anthropic-ai/sdk/resources/messages";
import type { QueryEvent, UserEvent } from "../../../src/query/events.ts";
import { MAX_SEARCHES_PER_CALL } from "../../../src/tools/WebSearchTool/limits.ts";
import { createLoopKit, type LoopKit } from "../../helpers/loopKit.ts";
import { httpError, textTurn, turn } from "../../helpers/messagesApiServer.ts";
import { searchTurn } from "../../helpers/serverToolReplies.ts";

let kit: LoopKit;
afterEach(async () => {
  await kit?.close();
});

function searchCall(input: Record<string, unknown>) {
  return turn({ id: "msg_call", content: [{ type: "tool_use", id: "s1", name: "WebSearch", input }] });
}

function resultOf(events: QueryEvent[]): ToolResultBlockParam | undefined {
  return events
    .filter((event): event is UserEvent => event.type === "user")
    .flatMap((event) => (typeof event.message.content === "string" ? [] : event.message.content))
    .find((block): block is ToolResultBlockParam => block.type === "tool_result");
}

const text = (block: ToolResultBlockParam | undefined) => (typeof block?.content === "string" ? block.content : JSON.stringify(block?.content));
type Body = { model: string; tools?: Record<string, unknown>[]; messages: MessageParam[]; system?: { text: string }[] };
const bodyOf = (index: number) => kit.server.requests[index]?.body as Body;

const BUN_RESULTS = [
  { title: "Bun 1.4 release notes", url: "https://bun.sh/blog/bun-v1.4" },
  { title: "Bun docs", url: "https://bun.sh/docs" },
];

describe("WebSearch", () => {
  test("searches through the API's web_search tool and returns the links and the cited summary; the searches count in the usage", async () => {
    kit = await createLoopKit({ allow: ["WebSearch"] });
    kit.server.push(
      searchCall({ query: "latest bun release", allowed_domains: ["bun.sh"] }),
      searchTurn({ id: "msg_searched", searches: [{ query: "bun latest release", results: BUN_RESULTS }], summary: [
        { text: "Bun 1.4 is the latest release.", cites: [BUN_RESULTS[0] as { title: string; url: string }] },
      ] }),
      turn({ id: "msg_final", content: [{ type: "text", text: "Bun 1.4." }] }),
    );
    const { events, result } = await kit.run("what is new in bun?");
    expect(result).toMatchObject({ subtype: "success", result: "Bun 1.4." });
    const search = bodyOf(1);
    expect(search.model).toBe("claude-sonnet-5-5");
    expect(search.tools).toEqual([{ type: "web_search_20250305", name: "web_search", max_uses: MAX_SEARCHES_PER_CALL, allowed_domains: ["bun.sh"] }]);
    expect(JSON.stringify(search.messages)).toContain("latest bun release");
    const output = text(resultOf(events));
    expect(output).toContain('Web search results for "latest bun release":');
    expect(output).toContain("- [Bun 1.4 release notes](https://bun.sh/blog/bun-v1.4)");
    expect(output).toContain("- [Bun docs](https://bun.sh/docs)");
    expect(output).toContain("Bun 1.4 is the latest release. ([Bun 1.4 release notes](https://bun.sh/blog/bun-v1.4))");
    expect(result.usage.server_tool_use.web_search_requests).toBe(1);
    expect(result.modelUsage["claude-sonnet-5-5"]?.webSearchRequests).toBe(1);
    const user = events.find((event): event is UserEvent => event.type === "user");
    expect(user?.tool_use_result).toMatchObject({ s1: { query: "latest bun release", searchCount: 1 } });
  });

  test("blocked_domains go to the API as they are", async () => {
    kit = await createLoopKit({ allow: ["WebSearch"] });
    kit.server.push(searchCall({ query: "zod mini", blocked_domains: ["spam.example"] }), searchTurn({ searches: [{ query: "zod mini", results: [] }], summary: [] }), textTurn("ok"));
    const { events } = await kit.run("go");
    expect(bodyOf(1).tools?.[0]).toMatchObject({ blocked_domains: ["spam.example"] });
    expect(bodyOf(1).tools?.[0]).not.toHaveProperty("allowed_domains");
    expect(text(resultOf(events))).toContain("(This search found nothing.)");
  });

  test("a paused search is resumed: the second request carries the first answer, and both parts are read", async () => {
    kit = await createLoopKit({ allow: ["WebSearch"] });
    kit.server.push(
      searchCall({ query: "two parts" }),
      searchTurn({ id: "msg_p1", stopReason: "pause_turn", searches: [{ query: "part one", results: [{ title: "One", url: "https://one.example/" }] }], summary: [] }),
      searchTurn({ id: "msg_p2", searches: [{ query: "part two", results: [{ title: "Two", url: "https://two.example/" }] }], summary: [{ text: "Both found." }] }),
      textTurn("done"),
    );
    const { events, result } = await kit.run("go");
    expect(bodyOf(2).messages.map((message) => message.role)).toEqual(["user", "assistant"]);
    const output = text(resultOf(events));
    expect(output).toContain("[One](https://one.example/)");
    expect(output).toContain("[Two](https://two.example/)");
    expect(output).toContain("Both found.");
    expect(result.usage.server_tool_use.web_search_requests).toBe(2);
  });

  test("allowed_domains and blocked_domains together are refused before any request", async () => {
    kit = await createLoopKit({ allow: ["WebSearch"] });
    kit.server.push(searchCall({ query: "x y", allowed_domains: ["a.com"], blocked_domains: ["b.com"] }), textTurn("done"));
    const { events } = await kit.run("go");
    expect(resultOf(events)?.is_error).toBe(true);
    expect(text(resultOf(events))).toContain("not both");
    expect(kit.server.requestCount).toBe(2);
  });

  test("searches that all failed, and a request the API refused, are errors that say why", async () => {
    kit = await createLoopKit({ allow: ["WebSearch"] });
    kit.server.push(
      searchCall({ query: "busy" }),
      searchTurn({ searches: [{ query: "busy", errorCode: "too_many_requests" }], summary: [] }),
      turn({ content: [{ type: "tool_use", id: "s2", name: "WebSearch", input: { query: "disabled" } }] }),
      httpError(400, { message: "web search is not enabled for this organization" }),
      textTurn("done"),
    );
    const { events } = await kit.run("go");
    const blocks = events.filter((event): event is UserEvent => event.type === "user").map((event) => (event.message.content as ToolResultBlockParam[])[0]);
    expect(blocks[0]?.is_error).toBe(true);
    expect(text(blocks[0])).toContain("rate-limited");
    expect(text(blocks[1])).toContain("The web search could not run");
    expect(text(blocks[1])).toContain("web search is not enabled");
  });

  test("it asks before searching: with nobody to ask it is refused, naming the rule that allows it", async () => {
    kit = await createLoopKit();
    kit.server.push(searchCall({ query: "anything" }), textTurn("done"));
    const { events, result } = await kit.run("go");
    expect(text(resultOf(events))).toContain('WebSearch sends "anything" to the web search service');
    expect(text(resultOf(events))).toContain('add "WebSearch" to permissions.allow');
    expect(result.permission_denials.map((denial) => denial.tool_name)).toEqual(["WebSearch"]);
    expect(kit.server.requestCount).toBe(2);
  });
});
