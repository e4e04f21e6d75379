/** The agent loop against the local Messages API over real HTTP: turns, tools, limits, refusals, retries. */
import { afterEach, describe, expect, test } from "bun:test";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { MessageParam, ToolResultBlockParam } from "@anthropic-ai/sdk/resources/messages";
import type { AssistantEvent, QueryEvent, UserEvent } from "../../src/query/events.ts";
import { createLoopKit, type LoopKit } from "../helpers/loopKit.ts";
import { cutTurn, httpError, textTurn, turn } from "../helpers/messagesApiServer.ts";

let kit: LoopKit;
afterEach(async () => {
  await kit?.close();
});

type Body = { messages: MessageParam[]; tools: { name: string; cache_control?: unknown }[]; system: { text: string; cache_control?: unknown }[]; model: string; max_tokens: number };
const bodyOf = (index: number) => kit.server.requests[index]?.body as Body;
const ofType = <T extends QueryEvent["type"]>(events: QueryEvent[], type: T) => events.filter((event): event is Extract<QueryEvent, { type: T }> => event.type === type);

function resultsIn(message: MessageParam): ToolResultBlockParam[] {
  if (typeof message.content === "string") return [];
  return (message.content as { type: string }[]).filter((block): block is ToolResultBlockParam => block.type === "tool_result");
}

describe("one turn", () => {
  test("a text answer: init first, the assistant message, a success result with the text and the usage", async () => {
    kit = await createLoopKit();
    kit.server.push(textTurn("Hello from the model.", { input_tokens: 12, output_tokens: 7 }));
    const { events, result } = await kit.run("hi");
    expect(events[0]).toMatchObject({ type: "system", subtype: "init", session_id: kit.session.id, cwd: kit.folder.path, model: "claude-sonnet-5-5", permissionMode: "default" });
    expect((events[0] as { tools: string[] }).tools).toContain("Read");
    expect(ofType(events, "assistant")[0]?.message.content).toEqual([{ type: "text", text: "Hello from the model.", citations: null }]);
    expect(result).toMatchObject({ subtype: "success", is_error: false, result: "Hello from the model.", num_turns: 1, stop_reason: "end_turn", permission_denials: [] });
    expect(result.usage.input_tokens).toBe(12);
    expect(result.modelUsage["claude-sonnet-5-5"]?.outputTokens).toBe(7);
    expect(result.total_cost_usd).toBeGreaterThan(0);
    expect(bodyOf(0).messages).toEqual([{ role: "user", content: [{ type: "text", text: "hi", cache_control: { type: "ephemeral" } }] }]);
  });

  test("the init event names the session's skills", async () => {
    kit = await createLoopKit();
    mkdirSync(join(kit.folder.path, ".toolshed", "skills", "greet"), { recursive: true });
    writeFileSync(join(kit.folder.path, ".toolshed", "skills", "greet", "SKILL.md"), "---\ndescription: Says hello\n---\nSay hello.\n");
    kit.server.push(textTurn("hi"));
    const { events } = await kit.run("hi");
    expect((events[0] as { skills: string[] }).skills).toEqual(["greet"]);
  });

  test("the request carries the tools in the pool's order and cache breakpoints on the last tool, the system and the latest message", async () => {
    kit = await createLoopKit();
    kit.server.push(textTurn("ok"));
    await kit.run("hi");
    const body = bodyOf(0);
    const names = body.tools.map((tool) => tool.name);
    expect(names).toEqual(kit.session.tools.map((tool) => tool.name));
    expect(body.tools.at(-1)?.cache_control).toEqual({ type: "ephemeral" });
    expect(body.tools.slice(0, -1).every((tool) => tool.cache_control === undefined)).toBe(true);
    expect(body.system.at(-1)?.cache_control).toEqual({ type: "ephemeral" });
    expect(body.max_tokens).toBe(1024);
  });
});

describe("tools", () => {
  test("every tool_use of one message runs, safe ones in parallel, results in one user message in order", async () => {
    kit = await createLoopKit();
    writeFileSync(join(kit.folder.path, "a.txt"), "alpha\n");
    writeFileSync(join(kit.folder.path, "b.ts"), "export const beta = 1;\n");
    kit.server.push(
      turn([
        { type: "text", text: "Looking." },
        { type: "tool_use", id: "t1", name: "Read", input: { file_path: join(kit.folder.path, "a.txt") } },
        { type: "tool_use", id: "t2", name: "Grep", input: { pattern: "beta" } },
        { type: "tool_use", id: "t3", name: "Glob", input: { pattern: "*.ts" } },
      ]),
      textTurn("Found it."),
    );
    const { events, result } = await kit.run("find beta");
    const user = ofType(events, "user")[0] as UserEvent;
    const results = resultsIn(user.message);
    expect(results.map((block) => block.tool_use_id)).toEqual(["t1", "t2", "t3"]);
    expect(results[0]?.content).toBe("1\talpha");
    expect(String(results[1]?.content)).toContain("b.ts");
    expect(result).toMatchObject({ subtype: "success", result: "Found it.", num_turns: 2 });
    // The second request carries the whole conversation: prompt, calls, results.
    expect(bodyOf(1).messages.map((message) => message.role)).toEqual(["user", "assistant", "user"]);
    expect(resultsIn(bodyOf(1).messages[2] as MessageParam).map((block) => block.tool_use_id)).toEqual(["t1", "t2", "t3"]);
  });

  test("with nobody to ask, a call that needs permission is refused with an error the model can act on, and listed", async () => {
    kit = await createLoopKit();
    kit.server.push(turn([{ type: "tool_use", id: "t1", name: "Bash", input: { command: "npm install left-pad" } }]), textTurn("I could not install it."));
    const { events, result } = await kit.run("install left-pad");
    const refused = resultsIn((ofType(events, "user")[0] as UserEvent).message)[0];
    expect(refused?.is_error).toBe(true);
    expect(String(refused?.content)).toContain('add "Bash(npm install left-pad)" to permissions.allow');
    expect(result.permission_denials).toEqual([{ tool_name: "Bash", tool_use_id: "t1", tool_input: { command: "npm install left-pad" } }]);
    expect(result.subtype).toBe("success");
  });

  test("a result too large to show is saved, and the model reads it back from where it was saved", async () => {
    kit = await createLoopKit({ allow: ["Bash"] });
    kit.server.push(turn([{ type: "tool_use", id: "t1", name: "Bash", input: { command: "seq 1 40000" } }]), (request) => {
      const messages = (request.body as Body).messages;
      const text = String(resultsIn(messages.at(-1) as MessageParam)[0]?.content);
      const path = /(\/\S+\.log)/.exec(text)?.[1] ?? /saved in full to:\n(\S+)/.exec(text)?.[1] ?? "";
      return turn([{ type: "tool_use", id: "t2", name: "Read", input: { file_path: path, offset: 39999, limit: 2 } }]);
    }, textTurn("The last number is 40000."));
    const { events, result } = await kit.run("count");
    const second = resultsIn((ofType(events, "user")[1] as UserEvent).message)[0];
    expect(second?.is_error).toBeUndefined();
    expect(String(second?.content)).toContain("40000");
    expect(result.subtype).toBe("success");
  });

  test("an image read by Read goes back to the model as an image block", async () => {
    kit = await createLoopKit();
    const png = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==", "base64");
    writeFileSync(join(kit.folder.path, "dot.png"), png);
    kit.server.push(turn([{ type: "tool_use", id: "t1", name: "Read", input: { file_path: join(kit.folder.path, "dot.png") } }]), textTurn("A dot."));
    await kit.run("look");
    const sent = resultsIn(bodyOf(1).messages[2] as MessageParam)[0];
    expect(Array.isArray(sent?.content)).toBe(true);
    expect((sent?.content as { type: string }[]).map((block) => block.type)).toContain("image");
  });
});

describe("limits", () => {
  test("--max-turns counts tool-use round trips: past it the run ends with error_max_turns without running the calls", async () => {
    kit = await createLoopKit({ allow: ["Bash"] });
    const marker = join(kit.folder.path, "ran");
    kit.server.push(
      turn([{ type: "tool_use", id: "t1", name: "Bash", input: { command: "true" } }]),
      turn([{ type: "tool_use", id: "t2", name: "Bash", input: { command: `touch ${marker}` } }]),
    );
    const { result } = await kit.run("go", { maxTurns: 1 });
    expect(result).toMatchObject({ subtype: "error_max_turns", is_error: true, num_turns: 2 });
    expect(() => readFileSync(marker)).toThrow();
  });

  test("the final answer after the last allowed turn is not counted", async () => {
    kit = await createLoopKit({ allow: ["Bash"] });
    kit.server.push(turn([{ type: "tool_use", id: "t1", name: "Bash", input: { command: "true" } }]), textTurn("done"));
    expect((await kit.run("go", { maxTurns: 1 })).result.subtype).toBe("success");
  });

  test("--max-budget-usd stops the run once the estimated cost reaches it", async () => {
    kit = await createLoopKit({ allow: ["Bash"] });
    kit.server.push(turn({ content: [{ type: "tool_use", id: "t1", name: "Bash", input: { command: "true" } }], usage: { input_tokens: 1_000_000, output_tokens: 10 } }));
    const { result } = await kit.run("go", { maxBudgetUsd: 0.01 });
    expect(result.subtype).toBe("error_max_budget_usd");
    expect(result.total_cost_usd).toBeGreaterThan(0.01);
    expect(kit.server.requestCount).toBe(1);
  });

  test("max_tokens: a cut-off tool call gets an error result instead of running; a cut-off answer is continued, bounded", async () => {
    kit = await createLoopKit({ allow: ["Write"] });
    kit.server.push(
      turn({ content: [{ type: "tool_use", id: "t1", name: "Write", input: { file_path: join(kit.folder.path, "x"), content: "par" } }], stopReason: "max_tokens" }),
      turn({ content: [{ type: "text", text: "part one, " }], stopReason: "max_tokens" }),
      textTurn("part two."),
    );
    const { events, result } = await kit.run("write");
    const cut = resultsIn((ofType(events, "user")[0] as UserEvent).message)[0];
    expect(cut).toMatchObject({ tool_use_id: "t1", is_error: true });
    expect(String(cut?.content)).toContain("cut off by the output limit");
    expect(() => readFileSync(join(kit.folder.path, "x"))).toThrow();
    expect(result).toMatchObject({ subtype: "success", result: "part one, part two." });
    expect(JSON.stringify(bodyOf(2).messages.at(-1)?.content)).toContain("cut off by the output token limit");
  });
});

describe("failures", () => {
  test("retries are visible as system/api_retry events, and the run goes on", async () => {
    kit = await createLoopKit();
    kit.server.push(httpError(529), httpError(429, { headers: { "retry-after": "0" } }), textTurn("finally"));
    const { events, result } = await kit.run("hi");
    const retries = events.filter((event) => event.type === "system" && event.subtype === "api_retry");
    expect(retries).toHaveLength(2);
    expect(retries[0]).toMatchObject({ attempt: 1, error_status: 529, error: "overloaded" });
    expect(result.result).toBe("finally");
  });

  test("a request that fails for good ends the run with error_during_execution saying why", async () => {
    kit = await createLoopKit();
    kit.server.push(httpError(401, { message: "invalid x-api-key" }));
    const { result } = await kit.run("hi");
    expect(result).toMatchObject({ subtype: "error_during_execution", is_error: true });
    expect(result.errors?.join(" ")).toContain("401");
  });

  test("a stream cut after a completed block keeps the block, and the run ends saying the answer may be incomplete", async () => {
    kit = await createLoopKit();
    // "close" ends the body early but cleanly, so nothing already sent is lost on the way.
    kit.server.push(cutTurn([{ type: "text", text: "Half an answer" }, { type: "text", text: "and more" }], 9, "close"));
    const { events, result } = await kit.run("hi");
    const assistant = ofType(events, "assistant")[0] as AssistantEvent;
    expect(assistant.error).toBeDefined();
    expect(result.is_error).toBe(true);
    expect(kit.server.requestCount).toBe(1);
  });

  test("a model that fails for good is replaced by the fallback model for the rest of the run", async () => {
    kit = await createLoopKit();
    kit.server.push(httpError(404, { message: "model: claude-sonnet-5-5 not found" }), textTurn("from the fallback"));
    const { result } = await kit.run("hi", { model: { fallbackModel: "claude-haiku-5-5" } });
    expect(result.result).toBe("from the fallback");
    expect((kit.server.requests[1]?.body as Body).model).toBe("claude-haiku-5-5");
  });

  test("a conversation whose last calls never got results is repaired before the next request", async () => {
    kit = await createLoopKit();
    kit.server.push(textTurn("picked up"));
    const history: MessageParam[] = [{ role: "user", content: "go" }, { role: "assistant", content: [{ type: "tool_use", id: "lost", name: "Bash", input: { command: "sleep 100" } }] }];
    await kit.run("carry on", { history: history as never });
    const sent = bodyOf(0).messages;
    expect(sent.map((message) => message.role)).toEqual(["user", "assistant", "user"]);
    expect(resultsIn(sent[2] as MessageParam)[0]).toMatchObject({ tool_use_id: "lost", is_error: true });
  });
});

describe("several messages", () => {
  test("a stream of user messages runs one turn after another in one conversation, each ending in a result", async () => {
    kit = await createLoopKit();
    kit.server.push(textTurn("first answer"), textTurn("second answer"));
    async function* inputs() {
      yield "one";
      yield "two";
    }
    const { events } = await kit.run(inputs());
    expect(ofType(events, "result").map((result) => result.result)).toEqual(["first answer", "second answer"]);
    expect(ofType(events, "system")).toHaveLength(1);
    expect(bodyOf(1).messages.map((message) => message.role)).toEqual(["user", "assistant", "user"]);
  });
});
