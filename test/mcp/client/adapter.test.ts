/**
 * The adapter over the SDK's in-memory transport pair: an MCP tool becomes a Tool with the
 * server's schema, checked before the call; annotations become declarations; MCP tools ask by
 * default; results, progress, cancellation and the call timeout.
 */
import { afterEach, describe, expect, test } from "bun:test";
import { toolInputJSONSchema } from "../../../src/pipeline/toolInputJSONSchema.ts";
import { connectFakes } from "../helpers/connectFake.ts";
import { startFakeMcpServer, textResult, toolDefinition, type FakeMcpServer } from "../helpers/fakeMcpServer.ts";
import { createTemporaryFolder, type TemporaryFolder } from "../../helpers/temporaryFolder.ts";
import { callTool, createTestContext } from "../../helpers/testSession.ts";
import { runToolUse } from "../../../src/pipeline/runToolUse.ts";
import { createCanUseTool } from "../../../src/permissions/createCanUseTool.ts";
import { nonInteractiveAskHandler } from "../../../src/permissions/askHandler.ts";

let folder: TemporaryFolder;
const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
  folder?.remove();
});

async function connect(fake: FakeMcpServer, limits = {}) {
  folder = createTemporaryFolder("toolshed-mcp-adapter-");
  const connected = await connectFakes({ fake }, { sessionDirectory: folder.path, limits });
  closers.push(() => connected.connections.close());
  return connected;
}

const echo = toolDefinition("echo", { message: { type: "string" } }, { annotations: { readOnlyHint: true } });

describe("the MCP tool adapter", () => {
  test("name, tags, the server's schema as it is, and declarations from annotations", async () => {
    const fake = await startFakeMcpServer({
      tools: [
        { definition: echo },
        { definition: toolDefinition("wipe", {}, { annotations: { destructiveHint: true } }) },
        { definition: toolDefinition("plain.tool") },
        { definition: toolDefinition("gentle", {}, { annotations: { destructiveHint: false } }) },
      ],
    });
    const { tools } = await connect(fake);
    const byName = new Map(tools.map((tool) => [tool.name, tool]));
    expect([...byName.keys()]).toEqual(["mcp__fake__echo", "mcp__fake__wipe", "mcp__fake__plain_tool", "mcp__fake__gentle"]);
    const echoTool = byName.get("mcp__fake__echo");
    expect(echoTool?.tags).toEqual(["mcp"]);
    expect(toolInputJSONSchema(echoTool ?? tools[0]!)).toEqual({ type: "object", properties: { message: { type: "string" } }, required: ["message"] });
    expect(await echoTool?.prompt({ tools })).toBe("The echo tool.");
    expect([echoTool?.isReadOnly({}), echoTool?.isConcurrencySafe({}), echoTool?.isDestructive({})]).toEqual([true, true, false]);
    const wipe = byName.get("mcp__fake__wipe");
    expect([wipe?.isReadOnly({}), wipe?.isConcurrencySafe({}), wipe?.isDestructive({})]).toEqual([false, false, true]);
    // No annotations: neither read-only nor concurrency-safe, and (as the spec's default) destructive.
    const plain = byName.get("mcp__fake__plain_tool");
    expect([plain?.isReadOnly({}), plain?.isConcurrencySafe({}), plain?.isDestructive({})]).toEqual([false, false, true]);
    expect(byName.get("mcp__fake__gentle")?.isDestructive({})).toBe(false);
  });

  test("a call runs; bad input is refused before anything is sent, with the schema's complaint", async () => {
    let calls = 0;
    const fake = await startFakeMcpServer({ tools: [{ definition: echo, handler: (call) => { calls++; return textResult(`echo: ${String(call.arguments.message)}`); } }] });
    const { tools } = await connect(fake);
    const context = await createTestContext({ cwd: folder.path, tools, allow: ["mcp__fake"] });
    expect((await callTool(context, "mcp__fake__echo", { message: "hi" })).text).toBe("echo: hi");
    const missing = await callTool(context, "mcp__fake__echo", {});
    expect(missing.result.is_error).toBe(true);
    expect(missing.stage).toBe("validation");
    expect(missing.text).toBe("the input for mcp__fake__echo does not match the tool's input schema: input must have required property 'message'. Fix the input and call it again.");
    expect((await callTool(context, "mcp__fake__echo", { message: ["x"] })).text).toContain("input/message must be string");
    expect(calls).toBe(1);
  });

  test("MCP tools ask by default: without a rule a non-interactive call is refused with the rule to add; mcp__server allows it", async () => {
    const fake = await startFakeMcpServer({ tools: [{ definition: toolDefinition("change"), handler: () => textResult("changed") }] });
    const { tools } = await connect(fake);
    const refused = await callTool(await createTestContext({ cwd: folder.path, tools }), "mcp__fake__change", {});
    expect(refused.stage).toBe("permission");
    expect(refused.text).toContain('add "mcp__fake__change" to permissions.allow');
    const allowed = await callTool(await createTestContext({ cwd: folder.path, tools, allow: ["mcp__fake"] }), "mcp__fake__change", {});
    expect(allowed.text).toBe("changed");
    // A deny beats the allow; a whole-tool deny in the settings takes the tool out of the pool.
    const denied = await callTool(await createTestContext({ cwd: folder.path, tools, allow: ["mcp__fake"], rules: [{ behavior: "deny", toolName: "mcp__fake__change", source: "session" }] }), "mcp__fake__change", {});
    expect(denied.text).toContain("mcp__fake__change denies");
    const removed = await createTestContext({ cwd: folder.path, tools, settings: { permissions: { deny: ["mcp__fake"] } } });
    expect(removed.options.tools.map((tool) => tool.name)).toEqual([]);
  });

  test("a tool its server calls read-only asks too: the annotation makes it concurrency-safe, not allowed", async () => {
    let calls = 0;
    const fake = await startFakeMcpServer({ tools: [{ definition: echo, handler: () => (calls++, textResult("sent")) }] });
    const { tools } = await connect(fake);
    const refused = await callTool(await createTestContext({ cwd: folder.path, tools }), "mcp__fake__echo", { message: "http://169.254.169.254/" });
    expect(refused.stage).toBe("permission");
    expect(refused.text).toContain("mcp__fake__echo comes from the MCP server fake, which says it only reads; a server's word is not a permission");
    expect(refused.text).toContain('add "mcp__fake__echo" to permissions.allow');
    expect(calls).toBe(0);
    expect(tools[0]?.isConcurrencySafe({})).toBe(true);
    expect((await callTool(await createTestContext({ cwd: folder.path, tools, allow: ["mcp__fake__echo"] }), "mcp__fake__echo", { message: "x" })).text).toBe("sent");
  });

  test("results: images, errors and structured content; a structured result that breaks its own output schema is an error", async () => {
    const png = Buffer.from("png").toString("base64");
    const fake = await startFakeMcpServer({
      tools: [
        { definition: toolDefinition("picture", {}, { annotations: { readOnlyHint: true } }), handler: () => ({ content: [{ type: "text", text: "here" }, { type: "image", data: png, mimeType: "image/png" }] }) },
        { definition: toolDefinition("fails", {}, { annotations: { readOnlyHint: true } }), handler: () => textResult("it broke", true) },
        {
          definition: toolDefinition("weather", {}, { annotations: { readOnlyHint: true }, outputSchema: { type: "object", properties: { degrees: { type: "number" } }, required: ["degrees"] } }),
          handler: (call) => ({ content: [], structuredContent: call.arguments.bad === true ? { degrees: "warm" } : { degrees: 21 } }),
        },
      ],
    });
    const { tools } = await connect(fake);
    const context = await createTestContext({ cwd: folder.path, tools, allow: ["mcp__fake"] });
    const picture = await callTool(context, "mcp__fake__picture", {});
    expect(picture.result.content).toEqual([{ type: "text", text: "here" }, { type: "image", source: { type: "base64", media_type: "image/png", data: png } }]);
    const fails = await callTool(context, "mcp__fake__fails", {});
    expect([fails.result.is_error, fails.text, fails.stage]).toEqual([true, "it broke", "done"]);
    expect((await callTool(context, "mcp__fake__weather", {})).text).toContain('"degrees": 21');
    const bad = await callTool(context, "mcp__fake__weather", { bad: true });
    expect(bad.result.is_error).toBe(true);
    expect(bad.text).toContain("does not match the output schema the server itself declared (input/degrees must be number)");
  });

  test("two servers whose output schemas share an $id are each checked against their own", async () => {
    const id = "https://example.com/result.json";
    const server = (required: string) => startFakeMcpServer({
      tools: [{
        definition: toolDefinition("report", {}, { annotations: { readOnlyHint: true }, outputSchema: { $id: id, type: "object", properties: { [required]: { type: "number" } }, required: [required] } }),
        handler: (call) => ({ content: [], structuredContent: call.arguments.wrong === true ? { other: 1 } : { [required]: 1 } }),
      }],
    });
    const [first, second] = await Promise.all([server("a"), server("b")]);
    folder = createTemporaryFolder("toolshed-mcp-adapter-");
    const connected = await connectFakes({ first, second }, { sessionDirectory: folder.path });
    closers.push(() => connected.connections.close());
    const context = await createTestContext({ cwd: folder.path, tools: connected.tools, allow: ["mcp__first", "mcp__second"] });
    // The first server's schema is compiled first; the second's must not be read as the same.
    expect((await callTool(context, "mcp__first__report", {})).result.is_error).toBeUndefined();
    expect((await callTool(context, "mcp__second__report", {})).result.is_error).toBeUndefined();
    expect((await callTool(context, "mcp__second__report", { wrong: true })).result.is_error).toBe(true);
    expect((await callTool(context, "mcp__first__report", { wrong: true })).result.is_error).toBe(true);
  });

  test("an oversized result is saved to a file by the pipeline, per MAX_MCP_OUTPUT_TOKENS", async () => {
    const fake = await startFakeMcpServer({ tools: [{ definition: toolDefinition("big", {}, { annotations: { readOnlyHint: true } }), handler: () => textResult("y".repeat(5000)) }] });
    const { tools } = await connect(fake, { maxResultSizeChars: 1000 });
    const result = await callTool(await createTestContext({ cwd: folder.path, tools, allow: ["mcp__fake"], sessionDirectory: folder.path }), "mcp__fake__big", {});
    expect(result.text).toContain("The output was too large to show (5000 characters)");
    expect(result.text).toContain(`${folder.path}/tool-results/`);
  });

  test("progress reaches the pipeline; aborting the call cancels it at the server (notifications/cancelled)", async () => {
    let release: (() => void) | undefined;
    const started = new Promise<void>((resolve) => (release = resolve));
    const fake = await startFakeMcpServer({
      tools: [{
        definition: toolDefinition("slow", {}, { annotations: { readOnlyHint: true } }),
        handler: async (call) => {
          await call.sendProgress(1, 3);
          release?.();
          await new Promise<void>((resolve) => call.signal.addEventListener("abort", () => resolve(), { once: true }));
          return textResult("late");
        },
      }],
    });
    const { tools } = await connect(fake);
    const progress: unknown[] = [];
    const context = await createTestContext({ cwd: folder.path, tools, allow: ["mcp__fake"], onProgress: (event) => progress.push(event.data) });
    const pending = runToolUse({ toolUse: { id: "toolu_slow", name: "mcp__fake__slow", input: {} }, context, canUseTool: createCanUseTool(nonInteractiveAskHandler) });
    await started;
    context.abortController.abort();
    const outcome = await pending;
    expect(outcome.stage).toBe("aborted");
    expect(progress).toEqual([{ progress: 1, total: 3, message: "fake: 1/3" }]);
    // The cancellation notification travels to the server, which aborts the handler.
    await fake.whenCancelled("slow");
    expect(fake.cancelled).toEqual(["slow"]);
  });

  test("a call that outlives MCP_TOOL_TIMEOUT ends with a clear error and is cancelled at the server", async () => {
    const fake = await startFakeMcpServer({
      tools: [{ definition: toolDefinition("stuck", {}, { annotations: { readOnlyHint: true } }), handler: (call) => new Promise((resolve) => call.signal.addEventListener("abort", () => resolve(textResult("gave up")), { once: true })) }],
    });
    const { tools } = await connect(fake, { toolTimeoutMs: 50 });
    const result = await callTool(await createTestContext({ cwd: folder.path, tools, allow: ["mcp__fake"] }), "mcp__fake__stuck", {});
    expect(result.result.is_error).toBe(true);
    expect(result.text).toBe("Error: mcp__fake__stuck did not finish within 50 ms (MCP_TOOL_TIMEOUT is 50 ms), so the call was cancelled. Ask for less at once, or have MCP_TOOL_TIMEOUT raised.");
    await fake.whenCancelled("stuck");
  });
});
