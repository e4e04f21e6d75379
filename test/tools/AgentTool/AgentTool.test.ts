/**
 * Agent through the loop against the local Messages API: each sub-agent's conversation is served
 * by its own script (picked by its task text), so parallel sub-agents get their own answers.
 */
import { afterEach, describe, expect, test } from "bun:test";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { MessageParam, ToolResultBlockParam } from "@anthropic-ai/sdk/resources/messages";
import type { AskHandler, AskRequest } from "../../../src/permissions/askHandler.ts";
import type { QueryEvent, UserEvent } from "../../../src/query/events.ts";
import { resolveModel } from "../../../src/query/modelAliases.ts";
import { createLoopKit, type LoopKit } from "../../helpers/loopKit.ts";
import { createTemporaryFolder } from "../../helpers/temporaryFolder.ts";
import { conversationAbout, textTurn, turn, type RecordedRequest } from "../../helpers/messagesApiServer.ts";

let kit: LoopKit;
const savedEnv = { ...process.env };
afterEach(async () => {
  await kit?.close();
  process.env = { ...savedEnv };
});

type Body = { messages: MessageParam[]; tools: { name: string }[]; system: { text: string }[]; model: string };
const bodyOf = (request: RecordedRequest | undefined) => request?.body as Body;
const requestsAbout = (text: string) => kit.server.requests.filter(conversationAbout(text));
const ofType = <T extends QueryEvent["type"]>(events: QueryEvent[], type: T) => events.filter((event): event is Extract<QueryEvent, { type: T }> => event.type === type);

function agentCall(id: string, input: Record<string, unknown>) {
  return { type: "tool_use" as const, id, name: "Agent", input };
}

/** The tool results the main conversation got (in its user events without a parent). */
function mainResults(events: QueryEvent[]): ToolResultBlockParam[] {
  return ofType(events, "user")
    .filter((event) => event.parent_tool_use_id === null)
    .flatMap((event: UserEvent) => (typeof event.message.content === "string" ? [] : event.message.content))
    .filter((block): block is ToolResultBlockParam => block.type === "tool_result");
}

const textOf = (block: ToolResultBlockParam | undefined) => (typeof block?.content === "string" ? block.content : JSON.stringify(block?.content));

describe("a sub-agent's run", () => {
  test("runs its own conversation with its tools and returns its final answer and usage; its events carry the call's id", async () => {
    kit = await createLoopKit();
    writeFileSync(join(kit.folder.path, "notes.txt"), "the answer is 42\n");
    kit.server.push(turn([agentCall("call_agent", { description: "Find the answer", prompt: "TASK-ONE: read notes.txt and report the answer" })]));
    kit.server.script(conversationAbout("TASK-ONE"),
      turn({ content: [{ type: "tool_use", id: "sub_read", name: "Read", input: { file_path: join(kit.folder.path, "notes.txt") } }], usage: { input_tokens: 100, output_tokens: 20 } }),
      textTurn("The notes say the answer is 42.", { input_tokens: 200, output_tokens: 30 }));
    kit.server.push(textTurn("The sub-agent found 42."));
    const { events, result } = await kit.run("find the answer");

    expect(result).toMatchObject({ subtype: "success", result: "The sub-agent found 42." });
    const answer = textOf(mainResults(events)[0]);
    expect(answer).toStartWith("The notes say the answer is 42.");
    expect(answer).toMatch(/\(agent agent_[0-9a-f]{16}, general-purpose: 1 tool call, 350 tokens, [\d.]+ s\)/);

    // The sub-agent's conversation: its own task as the only message, its own system prompt, no tools that talk with the person.
    const sub = requestsAbout("TASK-ONE");
    expect(sub).toHaveLength(2);
    expect(bodyOf(sub[0]).messages).toHaveLength(1);
    expect(bodyOf(sub[0]).system[0]?.text).toContain("You are a sub-agent of toolshed");
    const subTools = bodyOf(sub[0]).tools.map((tool) => tool.name);
    expect(subTools).toContain("Read");
    expect(subTools).toContain("Agent");
    for (const name of ["AskUserQuestion", "EnterPlanMode", "ExitPlanMode"]) expect(subTools).not.toContain(name);
    expect(bodyOf(kit.server.requests[0]).tools.map((tool) => tool.name)).toContain("AskUserQuestion");

    // Its events reach the caller's stream as they happen, tagged with the Agent call's id.
    const forwarded = events.filter((event) => "parent_tool_use_id" in event && event.parent_tool_use_id === "call_agent");
    expect(forwarded.map((event) => event.type)).toEqual(["assistant", "user", "assistant"]);
    // Usage: the caller's result counts the sub-agent's requests too (10 + 100 + 200 + 10 input tokens).
    expect(result.usage.input_tokens).toBe(320);
    expect(result.usage.output_tokens).toBe(60);
    // Its conversation is kept in the session folder.
    expect(existsSync(join(kit.folder.path, ".session", "subagents"))).toBe(true);
  });

  test("several Agent calls in one message run at the same time", async () => {
    kit = await createLoopKit();
    // Each sub-agent's first answer waits until the other's first request has arrived: run one after the other, they never would.
    const arrived: Record<string, () => void> = {};
    const seen = { A: new Promise<void>((resolve) => (arrived.A = resolve)), B: new Promise<void>((resolve) => (arrived.B = resolve)) };
    const waitFor = (mine: "A" | "B", other: "A" | "B", text: string) => async () => {
      arrived[mine]?.();
      const outcome = await Promise.race([seen[other].then(() => "both"), Bun.sleep(10_000).then(() => "alone")]);
      return textTurn(outcome === "both" ? `${text} ran alongside the other` : `${text} ran alone`);
    };
    kit.server.push(turn([
      agentCall("a1", { description: "First", prompt: "TASK-A" }),
      agentCall("a2", { description: "Second", prompt: "TASK-B" }),
    ]));
    kit.server.script(conversationAbout("TASK-A"), waitFor("A", "B", "A"));
    kit.server.script(conversationAbout("TASK-B"), waitFor("B", "A", "B"));
    kit.server.push(textTurn("both done"));
    const { events } = await kit.run("do two things");
    const results = mainResults(events);
    expect(results.map((block) => block.tool_use_id)).toEqual(["a1", "a2"]);
    expect(textOf(results[0])).toStartWith("A ran alongside the other");
    expect(textOf(results[1])).toStartWith("B ran alongside the other");
  });

  test("the read-only explorer has no writing tools and its commands cannot change anything, even in bypassPermissions", async () => {
    kit = await createLoopKit({ mode: "bypassPermissions" });
    kit.server.push(turn([agentCall("explore", { description: "Look around", prompt: "TASK-EXPLORE", subagent_type: "Explore" })]));
    kit.server.script(conversationAbout("TASK-EXPLORE"),
      turn([{ type: "tool_use", id: "touch", name: "Bash", input: { command: "touch made-by-explorer" } }]),
      textTurn("I could not change anything."));
    kit.server.push(textTurn("ok"));
    const { events } = await kit.run("explore");
    const sub = requestsAbout("TASK-EXPLORE");
    const subTools = bodyOf(sub[0]).tools.map((tool) => tool.name);
    for (const name of ["Write", "Edit", "NotebookEdit"]) expect(subTools).not.toContain(name);
    expect(subTools).toContain("Grep");
    expect(bodyOf(sub[0]).system[0]?.text).toContain("read-only explorer");
    expect(existsSync(join(kit.folder.path, "made-by-explorer"))).toBe(false);
    const subResult = ofType(events, "user").find((event) => event.parent_tool_use_id === "explore");
    expect(JSON.stringify(subResult?.message.content)).toContain("plan mode allows no changes");
    // The session's own mode is untouched.
    expect(kit.session.permissionContext().mode).toBe("bypassPermissions");
  });

  test("a sub-agent's call that asks goes to the caller's way of asking, and a no is a refusal it sees", async () => {
    const asked: AskRequest[] = [];
    const askHandler: AskHandler = { interactive: true, ask: async (request) => (asked.push(request), "no") };
    kit = await createLoopKit({ askHandler, interactive: true });
    kit.server.push(turn([agentCall("ask", { description: "Write a file", prompt: "TASK-WRITE" })]));
    kit.server.script(conversationAbout("TASK-WRITE"),
      turn([{ type: "tool_use", id: "w", name: "Write", input: { file_path: join(kit.folder.path, "out.txt"), content: "x" } }]),
      textTurn("The write was refused."));
    kit.server.push(textTurn("ok"));
    const { events, result } = await kit.run("write");
    expect(asked.map((request) => request.tool.name)).toEqual(["Write"]);
    expect(existsSync(join(kit.folder.path, "out.txt"))).toBe(false);
    const subResult = ofType(events, "user").find((event) => event.parent_tool_use_id === "ask");
    expect(JSON.stringify(subResult?.message.content)).toContain("is_error");
    expect(result.subtype).toBe("success");
  });
});

describe("SubagentStop hooks", () => {
  test("run when a sub-agent finishes, with its id and type; a block sends the reason back to the sub-agent, not to the caller", async () => {
    const scratch = createTemporaryFolder("toolshed-hook-");
    try {
      const inputs = join(scratch.path, "hook-inputs.jsonl");
      const once = join(scratch.path, "blocked-once");
      const script = join(scratch.path, "subagent-stop.sh");
      writeFileSync(script, `#!/bin/sh\ncat >> ${inputs}\necho >> ${inputs}\nif [ ! -e ${once} ]; then touch ${once}; echo '{"decision":"block","reason":"Also say how many files there are."}'; fi\n`);
      kit = await createLoopKit({ hooks: [{ event: "SubagentStop", matcher: "Explore", command: `sh ${script}`, timeoutSeconds: 10, source: "userSettings", where: "test" }] });
      kit.server.push(turn([agentCall("look", { description: "Look", prompt: "TASK-HOOKED", subagent_type: "Explore" })]));
      kit.server.script(conversationAbout("TASK-HOOKED"), textTurn("Nothing much here."), textTurn("Nothing much here, and no files."));
      kit.server.push(textTurn("ok"));
      const { events } = await kit.run("look");
      const sub = requestsAbout("TASK-HOOKED");
      expect(sub).toHaveLength(2);
      expect(JSON.stringify(bodyOf(sub[1]).messages.at(-1))).toContain("Also say how many files there are.");
      expect(textOf(mainResults(events)[0])).toStartWith("Nothing much here, and no files.");
      const recorded = readFileSync(inputs, "utf8").trim().split("\n").filter((line) => line.trim() !== "").map((line) => JSON.parse(line));
      expect(recorded).toHaveLength(2);
      expect(recorded[0]).toMatchObject({ hook_event_name: "SubagentStop", agent_type: "Explore", stop_hook_active: false });
      expect(recorded[0].agent_id).toMatch(/^agent_[0-9a-f]{16}$/);
      expect(recorded[1]).toMatchObject({ stop_hook_active: true });
    } finally {
      scratch.remove();
    }
  });
});

describe("agent types", () => {
  test("agent files from .toolshed/agents, .claude/agents and the user's folders: their prompt, tools and model; bad files are skipped and named", async () => {
    kit = await createLoopKit();
    const user = join(kit.folder.path, "user-config");
    process.env.TOOLSHED_CONFIG_DIR = user;
    process.env.CLAUDE_CONFIG_DIR = join(kit.folder.path, "claude-home");
    mkdirSync(join(kit.folder.path, ".toolshed", "agents"), { recursive: true });
    mkdirSync(join(kit.folder.path, ".claude", "agents", "team"), { recursive: true });
    mkdirSync(join(user, "agents"), { recursive: true });
    writeFileSync(join(kit.folder.path, ".toolshed", "agents", "reviewer.md"),
      "---\nname: reviewer\ndescription: Reviews code for bugs\ntools: Read, Grep\nmodel: haiku\n---\nYou review code. REVIEWER-PROMPT\n");
    writeFileSync(join(kit.folder.path, ".claude", "agents", "team", "tester.md"),
      "---\nname: tester\ndescription: Runs the tests\ntools:\n  - Bash\n---\nYou run tests. TESTER-PROMPT\n");
    writeFileSync(join(user, "agents", "broken.md"), "---\nname: Not Valid\ndescription: x\n---\nbody\n");
    kit.server.push(turn([agentCall("r", { description: "Review", prompt: "TASK-REVIEW", subagent_type: "reviewer" })]));
    kit.server.script(conversationAbout("TASK-REVIEW"), textTurn("Looks fine."));
    kit.server.push(turn([agentCall("missing", { description: "Nothing", prompt: "TASK-NONE", subagent_type: "nobody" })]));
    kit.server.push(textTurn("done"));
    const { events } = await kit.run("review", { model: { resolveModel: (name) => resolveModel(name, {}) } });

    // The main request lists the types, with the files' descriptions.
    const agentTool = bodyOf(kit.server.requests[0]).tools.find((tool) => tool.name === "Agent") as { description: string } | undefined;
    expect(agentTool?.description).toContain("- reviewer: Reviews code for bugs (Tools: Read, Grep)");
    expect(agentTool?.description).toContain("- tester: Runs the tests (Tools: Bash)");
    expect(agentTool?.description).toContain("- Explore:");
    const sub = bodyOf(requestsAbout("TASK-REVIEW")[0]);
    expect(sub.model).toBe("claude-haiku-5-5");
    expect(sub.system[0]?.text).toBe("You review code. REVIEWER-PROMPT");
    expect(sub.tools.map((tool) => tool.name).sort()).toEqual(["Grep", "Read"]);
    const results = mainResults(events);
    expect(textOf(results[0])).toStartWith("Looks fine.");
    expect(results[1]?.is_error).toBe(true);
    expect(textOf(results[1])).toContain('There is no agent type "nobody". The types are: general-purpose, Explore, tester, reviewer.');
    expect(textOf(results[1])).toContain("broken.md: name: \"Not Valid\" may hold only lowercase letters");
  });

  test("a sub-agent that stops early (its turn limit) is an error result with its last words; the caller goes on", async () => {
    kit = await createLoopKit();
    mkdirSync(join(kit.folder.path, ".toolshed", "agents"), { recursive: true });
    writeFileSync(join(kit.folder.path, ".toolshed", "agents", "brief.md"), "---\nname: brief\ndescription: Short\nmaxTurns: 1\n---\nBe brief.\n");
    kit.server.push(turn([agentCall("b", { description: "Brief", prompt: "TASK-BRIEF", subagent_type: "brief" })]));
    kit.server.script(conversationAbout("TASK-BRIEF"),
      turn([{ type: "text", text: "Checking." }, { type: "tool_use", id: "g1", name: "Glob", input: { pattern: "*" } }]),
      turn([{ type: "text", text: "Still checking." }, { type: "tool_use", id: "g2", name: "Glob", input: { pattern: "*" } }]));
    kit.server.push(textTurn("it gave up"));
    const { events, result } = await kit.run("brief");
    const block = mainResults(events)[0];
    expect(block?.is_error).toBe(true);
    expect(textOf(block)).toContain("The brief agent stopped before it finished: the run reached its limit of 1 tool-use turn");
    expect(textOf(block)).toContain("Its last message:\nStill checking.");
    expect(result.result).toBe("it gave up");
  });
});

describe("in the background", () => {
  test("returns a task id at once; TaskOutput reads what the agent did and its answer; its usage counts in the run", async () => {
    kit = await createLoopKit();
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    kit.server.push(turn([agentCall("bg", { description: "Count files", prompt: "TASK-BG", run_in_background: true })]));
    kit.server.script(conversationAbout("TASK-BG"),
      turn([{ type: "tool_use", id: "bg_glob", name: "Glob", input: { pattern: "*" } }]),
      async () => {
        await held;
        return textTurn("There are no files.", { input_tokens: 500, output_tokens: 50 });
      });
    // The launch result names the task; the next answer reads it with TaskOutput.
    kit.server.push(async (request) => {
      const sent = JSON.stringify((request.body as Body).messages.at(-1));
      const id = /task (agent_[0-9a-f]{16})/.exec(sent)?.[1] ?? "missing";
      release();
      return turn([{ type: "tool_use", id: "read_bg", name: "TaskOutput", input: { task_id: id, timeout: 20_000 } }]);
    });
    kit.server.push(textTurn("The agent says there are no files."));
    const { events, result } = await kit.run("count in the background");
    const results = mainResults(events);
    expect(textOf(results[0])).toMatch(/^Started the general-purpose agent in the background as task agent_[0-9a-f]{16}\./);
    const output = textOf(results[1]);
    expect(output).toContain(": completed (exit code 0)");
    expect(output).toContain('[Glob] {"pattern":"*"}');
    expect(output).toContain("The agent's answer:\nThere are no files.");
    expect(result.usage.input_tokens).toBeGreaterThanOrEqual(500);
  });

  test("TaskStop stops a background agent; its request is cut off", async () => {
    kit = await createLoopKit();
    kit.server.push(turn([agentCall("bg", { description: "Wait", prompt: "TASK-HANG", run_in_background: true })]));
    kit.server.script(conversationAbout("TASK-HANG"), { kind: "hang" });
    kit.server.push(async (request) => {
      const id = /task (agent_[0-9a-f]{16})/.exec(JSON.stringify((request.body as Body).messages.at(-1)))?.[1] ?? "missing";
      // Wait until the sub-agent's request is open, then stop it.
      while (requestsAbout("TASK-HANG").length === 0) await Bun.sleep(5);
      return turn([{ type: "tool_use", id: "stop_bg", name: "TaskStop", input: { task_id: id } }]);
    });
    kit.server.push(textTurn("stopped"));
    const { events } = await kit.run("start and stop");
    expect(textOf(mainResults(events)[1])).toContain("Stopped task agent_");
    const task = kit.session.services.tasks.list()[0];
    expect(task?.status).toBe("killed");
  });
});

describe("limits", () => {
  test("at the depth limit a sub-agent is not given Agent; the session's own agent is", async () => {
    process.env.TOOLSHED_MAX_SUBAGENT_DEPTH = "1";
    kit = await createLoopKit();
    kit.server.push(turn([agentCall("d", { description: "Deep", prompt: "TASK-DEEP" })]));
    kit.server.script(conversationAbout("TASK-DEEP"), textTurn("no deeper"));
    kit.server.push(textTurn("ok"));
    await kit.run("go deep");
    expect(bodyOf(kit.server.requests[0]).tools.map((tool) => tool.name)).toContain("Agent");
    expect(bodyOf(requestsAbout("TASK-DEEP")[0]).tools.map((tool) => tool.name)).not.toContain("Agent");
  });

  test("an interrupt stops a running sub-agent and the caller's run", async () => {
    kit = await createLoopKit();
    const interrupt = new AbortController();
    kit.server.push(turn([agentCall("slow", { description: "Slow", prompt: "TASK-SLOW" })]));
    kit.server.script(conversationAbout("TASK-SLOW"), async () => {
      interrupt.abort();
      return { kind: "hang" };
    });
    const { result } = await kit.run("slow", { signal: interrupt.signal });
    expect(result).toMatchObject({ subtype: "error_during_execution", errors: ["interrupted"] });
  });
});
