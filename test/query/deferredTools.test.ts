/**
 * Deferred tools in the loop's requests, against the local Messages API: which tools are sent
 * with defer_loading (and which never are), the list that names them, the cache breakpoints,
 * the same tools from turn to turn, ToolSearch's tool references, and the fallback for endpoints
 * that take no references (from the start, or after the API rejects them).
 */
import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import type { MessageParam } from "@anthropic-ai/sdk/resources/messages";
import { planToolDeferral, DEFAULT_MIN_MCP_TOOLS, estimateTokens } from "../../src/query/planToolDeferral.ts";
import { readToolSearchSetting } from "../../src/query/toolSearchSetting.ts";
import { isToolReferenceRejection, sendsToolReferences, toSchemasRequest, withToolReferenceFallback } from "../../src/query/toolReferenceFallback.ts";
import { getAllBaseTools } from "../../src/tools.ts";
import { createLoopKit, type LoopKit } from "../helpers/loopKit.ts";
import { httpError, textTurn, turn, type RecordedRequest, type Reply } from "../helpers/messagesApiServer.ts";
import { measureDeferral } from "../helpers/measureDeferral.ts";
import { sampleMcpTools } from "../helpers/sampleMcpTools.ts";

let kit: LoopKit;
let setting: string | undefined;
beforeEach(() => {
  setting = process.env.TOOLSHED_TOOL_SEARCH;
  delete process.env.TOOLSHED_TOOL_SEARCH;
});
afterEach(async () => {
  await kit?.close();
  if (setting === undefined) delete process.env.TOOLSHED_TOOL_SEARCH;
  else process.env.TOOLSHED_TOOL_SEARCH = setting;
});

type SentTool = { name: string; defer_loading?: boolean; cache_control?: unknown; input_schema?: unknown };
type Body = { tools: SentTool[]; system: { text: string }[]; messages: MessageParam[] };
const bodyOf = (request: RecordedRequest | undefined) => request?.body as Body;
const names = (tools: SentTool[]) => tools.map((tool) => tool.name);

const MCP = sampleMcpTools(DEFAULT_MIN_MCP_TOOLS);
const poolWith = (mcp = MCP) => [...getAllBaseTools(), ...mcp];

function selectCall(query: string): Reply {
  return turn({ id: "msg_select", content: [{ type: "tool_use", id: "ts1", name: "ToolSearch", input: { query } }] });
}

describe("deferral in the request", () => {
  test("past the threshold MCP tools and rarely used built-ins go with defer_loading, named in a system block; the core tools and ToolSearch never", async () => {
    kit = await createLoopKit({ tools: poolWith() });
    kit.server.push(textTurn("ok"));
    await kit.run("hi");
    const body = bodyOf(kit.server.requests[0]);
    const deferred = body.tools.filter((tool) => tool.defer_loading === true).map((tool) => tool.name);
    expect(deferred).toEqual(["WebFetch", "WebSearch", ...MCP.map((tool) => tool.name)]);
    for (const core of ["Read", "Edit", "Write", "Bash", "Grep", "Glob", "ToolSearch"]) expect(names(body.tools)).toContain(core);
    expect(body.tools.filter((tool) => tool.defer_loading !== true).map((tool) => tool.name)).toContain("ToolSearch");
    // The pool's order is kept; the breakpoint goes on the last tool that is loaded, never on a deferred one.
    expect(names(body.tools)).toEqual(kit.session.tools.map((tool) => tool.name));
    const lastLoaded = body.tools.filter((tool) => tool.defer_loading !== true).at(-1)?.name;
    expect(lastLoaded).toBe("Skill");
    expect(body.tools.filter((tool) => tool.cache_control !== undefined).map((tool) => tool.name)).toEqual(["Skill"]);
    const list = body.system.at(-1)?.text ?? "";
    expect(list).toStartWith("<deferred-tools>");
    expect(list).toContain("Load the ones you need with ToolSearch");
    expect(list).toContain("mcp__github__create_issue");
  });

  test("below the threshold nothing is deferred and there is no list", async () => {
    kit = await createLoopKit({ tools: poolWith(MCP.slice(0, DEFAULT_MIN_MCP_TOOLS - 1)) });
    kit.server.push(textTurn("ok"));
    await kit.run("hi");
    const body = bodyOf(kit.server.requests[0]);
    expect(body.tools.some((tool) => tool.defer_loading === true)).toBe(false);
    expect(body.system.map((block) => block.text).join("")).not.toContain("<deferred-tools>");
  });

  test("ToolSearch's select: returns tool references, and the tools and system are the same from one request to the next", async () => {
    kit = await createLoopKit({ tools: poolWith() });
    kit.server.push(selectCall("select:mcp__jira__create_ticket,Read,NoSuchTool"), textTurn("loaded"));
    const { result } = await kit.run("use jira");
    expect(result.subtype).toBe("success");
    const [first, second] = [bodyOf(kit.server.requests[0]), bodyOf(kit.server.requests[1])];
    expect(JSON.stringify(second.tools)).toBe(JSON.stringify(first.tools));
    expect(JSON.stringify(second.system)).toBe(JSON.stringify(first.system));
    const toolResult = (second.messages[2]?.content as { type: string; content: unknown }[])[0];
    expect(toolResult?.content).toEqual([
      { type: "tool_reference", tool_name: "mcp__jira__create_ticket" },
      { type: "text", text: "Already loaded (call directly): Read.\nNo tool named: NoSuchTool." },
    ]);
  });

  test("TOOLSHED_TOOL_SEARCH=false never defers; =true defers even a single MCP tool", async () => {
    process.env.TOOLSHED_TOOL_SEARCH = "false";
    kit = await createLoopKit({ tools: poolWith(sampleMcpTools(60)) });
    kit.server.push(textTurn("ok"));
    await kit.run("hi");
    expect(bodyOf(kit.server.requests[0]).tools.some((tool) => tool.defer_loading === true)).toBe(false);
    await kit.close();
    process.env.TOOLSHED_TOOL_SEARCH = "true";
    kit = await createLoopKit({ tools: poolWith(MCP.slice(0, 1)) });
    kit.server.push(textTurn("ok"));
    await kit.run("hi");
    expect(bodyOf(kit.server.requests[0]).tools.filter((tool) => tool.defer_loading === true).map((tool) => tool.name)).toEqual(["WebFetch", "WebSearch", "mcp__github__create_issue"]);
  });
});

describe("the fallback for endpoints without tool references", () => {
  test("from the start: deferred tools are left out until loaded, then sent in full after the others, and the reference becomes the definition", async () => {
    kit = await createLoopKit({ tools: poolWith() });
    const callModel = withToolReferenceFallback(kit.callModel, { references: false });
    kit.server.push(selectCall("select:mcp__slack__create_message"), textTurn("done"));
    await kit.run("go", { model: { callModel } });
    const [first, second] = [bodyOf(kit.server.requests[0]), bodyOf(kit.server.requests[1])];
    expect(first.tools.some((tool) => tool.defer_loading !== undefined)).toBe(false);
    expect(names(first.tools)).not.toContain("mcp__slack__create_message");
    expect(names(first.tools)).toContain("ToolSearch");
    expect(names(second.tools)).toEqual([...names(first.tools), "mcp__slack__create_message"]);
    expect(second.tools.at(-1)?.input_schema).toMatchObject({ required: ["project"] });
    const content = JSON.stringify(second.messages[2]?.content);
    expect(content).not.toContain("tool_reference");
    expect(content).toContain("mcp__slack__create_message is loaded and can be called now. Its definition:");
  });

  test("after the API rejects tool references, the request is sent again rewritten, and so is every later one", async () => {
    kit = await createLoopKit({ tools: poolWith() });
    const callModel = withToolReferenceFallback(kit.callModel, { references: true });
    const rejecting = (then: Reply): Reply => (request) =>
      JSON.stringify(request.body).includes("defer_loading") ? httpError(400, { message: "tools.12.defer_loading: Extra inputs are not permitted" }) : then;
    kit.server.push(rejecting(selectCall("select:mcp__github__create_issue")), rejecting(selectCall("select:mcp__github__create_issue")), textTurn("done"));
    const { result } = await kit.run("go", { model: { callModel } });
    expect(result.subtype).toBe("success");
    const sent = kit.server.requests.map((request) => JSON.stringify(request.body).includes("defer_loading"));
    // The first request is refused, then sent rewritten; the next request is rewritten from the start.
    expect(sent).toEqual([true, false, false]);
    expect(names(bodyOf(kit.server.requests[2]).tools).at(-1)).toBe("mcp__github__create_issue");
  });

  test("other failures are not mistaken for a rejection of tool references", () => {
    expect(isToolReferenceRejection(new Error("defer_loading"))).toBe(false);
    expect(toSchemasRequest({ model: "m", max_tokens: 1, messages: [] })).toEqual({ model: "m", max_tokens: 1, messages: [] });
  });
});

describe("settings and thresholds", () => {
  test("the setting's values, as the leading agent spells them", () => {
    expect(readToolSearchSetting({})).toEqual({ kind: "auto" });
    expect(readToolSearchSetting({ ENABLE_TOOL_SEARCH: "true" })).toEqual({ kind: "on" });
    expect(readToolSearchSetting({ ENABLE_TOOL_SEARCH: "false" })).toEqual({ kind: "off" });
    expect(readToolSearchSetting({ ENABLE_TOOL_SEARCH: "auto:5" })).toEqual({ kind: "auto", percent: 5 });
    expect(readToolSearchSetting({ ENABLE_TOOL_SEARCH: "on", TOOLSHED_TOOL_SEARCH: "0" })).toEqual({ kind: "off" });
    expect(readToolSearchSetting({ ENABLE_TOOL_SEARCH: "bogus" })).toEqual({ kind: "auto" });
  });

  test("first-party API hosts take tool references; a gateway only when tool search is forced on", () => {
    expect(sendsToolReferences("https://api.anthropic.com", {})).toBe(true);
    expect(sendsToolReferences("https://gateway.example.com/anthropic", {})).toBe(false);
    expect(sendsToolReferences("https://gateway.example.com/anthropic", { TOOLSHED_TOOL_SEARCH: "true" })).toBe(true);
  });

  test("auto:N defers once the deferrable definitions reach N% of the context window", () => {
    const tools = poolWith(MCP.slice(0, 2));
    const chars = new Map(tools.map((tool) => [tool.name, 4000]));
    const plan = (percent: number) => planToolDeferral({ tools, definitionChars: chars, setting: { kind: "auto", percent }, contextWindow: 100_000 }).deferred;
    // Four deferrable tools of 1000 tokens each: 4% of the window.
    expect(estimateTokens(4000)).toBe(1000);
    expect(plan(4)).toHaveLength(4);
    expect(plan(5)).toHaveLength(0);
    expect(planToolDeferral({ tools: MCP, definitionChars: chars, setting: { kind: "on" }, contextWindow: 1 }).deferred).toEqual([]);
  });
});

describe("what deferral saves", () => {
  test("with 100 MCP tools the prompt is several times smaller (estimated tokens, characters / 4)", async () => {
    const measure = await measureDeferral(100);
    expect(measure.deferredTokens).toBeLessThan(measure.upfrontTokens / 4);
    expect(measure.gatewayBodyChars).toBeLessThan(measure.upfrontBodyChars / 4);
  });
});
