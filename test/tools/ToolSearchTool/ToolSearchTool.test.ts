/** ToolSearch: loading deferred tools by name or by keywords, and what it says when it cannot. */
import { afterEach, describe, expect, test } from "bun:test";
import type { ToolResultBlockParam } from "@anthropic-ai/sdk/resources/messages";
import type { UserEvent } from "../../../src/query/events.ts";
import { DEFAULT_MAX_RESULTS } from "../../../src/tools/ToolSearchTool/prompt.ts";
import { ToolSearchTool } from "../../../src/tools/ToolSearchTool/ToolSearchTool.ts";
import { getAllBaseTools } from "../../../src/tools.ts";
import { createLoopKit, type LoopKit } from "../../helpers/loopKit.ts";
import { textTurn, turn } from "../../helpers/messagesApiServer.ts";
import { sampleMcpTools } from "../../helpers/sampleMcpTools.ts";
import { createTemporaryFolder, type TemporaryFolder } from "../../helpers/temporaryFolder.ts";
import { callTool, createTestSession } from "../../helpers/testSession.ts";

const MCP = sampleMcpTools(30);
let folder: TemporaryFolder | undefined;
let kit: LoopKit | undefined;
afterEach(async () => {
  folder?.remove();
  folder = undefined;
  await kit?.close();
  kit = undefined;
});

async function search(input: Record<string, unknown>, mcp = MCP) {
  folder = createTemporaryFolder();
  const session = await createTestSession({ cwd: folder.path, tools: [...getAllBaseTools(), ...mcp] });
  const outcome = await callTool(session.context, "ToolSearch", input);
  await session.close();
  return outcome;
}

const references = (result: ToolResultBlockParam) =>
  (Array.isArray(result.content) ? result.content : []).flatMap((part) => (part.type === "tool_reference" ? [part.tool_name] : []));

describe("ToolSearch", () => {
  test("select: loads tools by exact name, or by name in another case; it runs without asking", async () => {
    const outcome = await search({ query: "select:mcp__postgres__create_query, MCP__SENTRY__CREATE_EVENT" });
    expect(outcome.stage).toBe("done");
    expect(references(outcome.result)).toEqual(["mcp__postgres__create_query", "mcp__sentry__create_event"]);
  });

  test("keywords rank name words first, then the search hint and the description; at most max_results come back", async () => {
    const outcome = await search({ query: "slack message", max_results: 2 });
    const found = references(outcome.result);
    expect(found).toHaveLength(2);
    for (const name of found) expect(name).toStartWith("mcp__slack__");
    const all = references((await search({ query: "slack" })).result);
    expect(all).toHaveLength(DEFAULT_MAX_RESULTS);
  });

  test("+term must match: without it a tool is not found however well it scores otherwise", async () => {
    const found = references((await search({ query: "+jira issue" })).result);
    expect(found.length).toBeGreaterThan(0);
    for (const name of found) expect(name).toStartWith("mcp__jira__");
  });

  test("built-ins that are deferred can be found too (WebFetch), and nothing found says what to try", async () => {
    expect(references((await search({ query: "fetch web page" })).result)).toContain("WebFetch");
    const none = await search({ query: "kubernetes helm" });
    expect(none.text).toContain('No deferred tool matches "kubernetes helm"');
  });

  test("with nothing deferred it says every tool is loaded; a bad max_results is refused", async () => {
    expect((await search({ query: "slack" }, MCP.slice(0, 2))).text).toContain("No tools are deferred in this session");
    const bad = await search({ query: "x", max_results: 0 });
    expect(bad.stage).toBe("validation");
  });

  test("through the loop: a keyword search's references reach the API in the tool result", async () => {
    kit = await createLoopKit({ tools: [...getAllBaseTools(), ...MCP] });
    kit.server.push(turn({ content: [{ type: "tool_use", id: "ts", name: "ToolSearch", input: { query: "postgres query", max_results: 1 } }] }), textTurn("ok"));
    const { events } = await kit.run("find the database tool");
    const user = events.find((event): event is UserEvent => event.type === "user");
    const block = (user?.message.content as ToolResultBlockParam[])[0] as ToolResultBlockParam;
    expect(references(block)).toEqual(["mcp__postgres__create_query"]);
  });

  test("the terminal shows what was loaded", () => {
    expect(ToolSearchTool.renderResultForTerminal({ query: "q", matches: ["A", "B"], alreadyLoaded: ["Read"], unknown: [], totalDeferredTools: 9 }))
      .toBe("Loaded: A, B\nAlready loaded (call directly): Read.");
  });
});
