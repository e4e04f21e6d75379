/**
 * `toolshed -p` end to end with deferred tools: the real model client (no tool references for a
 * gateway unless tool search is forced on), the API's rejection of the references, and the
 * fallback that loads the tool's full definition instead.
 */
import { afterEach, describe, expect, test } from "bun:test";
import type { MessageParam } from "@anthropic-ai/sdk/resources/messages";
import { httpError, textTurn, turn, type Reply } from "../../helpers/messagesApiServer.ts";
import { createPrintKit, type PrintKit } from "../../helpers/printRun.ts";

let kit: PrintKit;
afterEach(async () => {
  await kit?.close();
});

type Body = { tools: { name: string; defer_loading?: boolean }[]; system: { text: string }[]; messages: MessageParam[] };
const body = (index: number) => kit.server.requests[index]?.body as Body;
const names = (index: number) => body(index).tools.map((tool) => tool.name);

const refuseDeferred = (then: Reply): Reply => (request) =>
  JSON.stringify(request.body).includes('"defer_loading":true') ? httpError(400, { message: "tool_reference blocks are not supported here" }) : then;

describe("toolshed -p with deferred tools", () => {
  test("forced on through a gateway that refuses references: the request goes again without them, and ToolSearch loads the full definition", async () => {
    kit = await createPrintKit();
    // Each request takes the next reply: a refusal takes one of its own.
    const select = turn([{ type: "tool_use", id: "ts", name: "ToolSearch", input: { query: "select:WebFetch" } }]);
    kit.server.push(refuseDeferred(select), refuseDeferred(select), refuseDeferred(textTurn("Loaded.")));
    const run = await kit.run(["-p", "load the fetch tool", "--output-format", "json"], { env: { TOOLSHED_TOOL_SEARCH: "true" } });
    expect(JSON.parse(run.stdout)).toMatchObject({ subtype: "success", result: "Loaded." });
    expect(kit.server.requestCount).toBe(3);
    expect(kit.server.pending()).toBe(0);
    expect(body(0).tools.filter((tool) => tool.defer_loading).map((tool) => tool.name)).toEqual(["WebFetch", "WebSearch"]);
    expect(names(1)).not.toContain("WebFetch");
    expect(body(1).system.at(-1)?.text).toContain("WebFetch\nWebSearch");
    expect(names(2).at(-1)).toBe("WebFetch");
    expect(JSON.stringify(body(2).messages)).toContain("WebFetch is loaded and can be called now. Its definition:");
  });

  test("a gateway by default: rare built-ins below the threshold are simply loaded", async () => {
    kit = await createPrintKit();
    kit.server.push(textTurn("Hi."));
    const run = await kit.run(["-p", "hi"]);
    expect(run).toMatchObject({ status: 0, stdout: "Hi.\n" });
    expect(names(0)).toContain("WebFetch");
    expect(body(0).tools.some((tool) => tool.defer_loading)).toBe(false);
  });
});
