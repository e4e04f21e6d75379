/** `toolshed -p` as a real process against the local Messages API: formats, exit codes, prompts, sessions, signals. */
import { afterEach, describe, expect, test } from "bun:test";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { MessageParam } from "@anthropic-ai/sdk/resources/messages";
import { conversationAbout, hang, httpError, textTurn, turn } from "../helpers/messagesApiServer.ts";
import { createPrintKit, type PrintKit } from "../helpers/printRun.ts";
import { eventually, isProcessAlive } from "../tasks/processAlive.ts";

let kit: PrintKit;
afterEach(async () => {
  await kit?.close();
});

type Body = { messages: MessageParam[]; system: { text: string }[]; model: string };
const body = (index: number) => kit.server.requests[index]?.body as Body;
const lines = (stdout: string) => stdout.trim().split("\n").map((line) => JSON.parse(line) as { type: string; subtype?: string; [key: string]: unknown });

describe("output formats", () => {
  test("text: the answer on standard output, exit 0", async () => {
    kit = await createPrintKit();
    kit.server.push(textTurn("Four."));
    const run = await kit.run(["-p", "what is 2 + 2?"]);
    expect(run).toMatchObject({ status: 0, stdout: "Four.\n" });
  });

  test("json: one result object with the leading agent's fields", async () => {
    kit = await createPrintKit();
    kit.server.push(textTurn("Four.", { input_tokens: 20, output_tokens: 3 }));
    const run = await kit.run(["-p", "what is 2 + 2?", "--output-format", "json"]);
    expect(run.status).toBe(0);
    const result = JSON.parse(run.stdout);
    expect(result).toMatchObject({ type: "result", subtype: "success", is_error: false, result: "Four.", num_turns: 1, stop_reason: "end_turn", permission_denials: [] });
    for (const field of ["session_id", "duration_ms", "duration_api_ms", "total_cost_usd", "usage", "modelUsage", "uuid"]) expect(result).toHaveProperty(field);
    expect(result.usage.input_tokens).toBe(20);
  });

  test("stream-json: one object per line, init first and the result last; partial messages only when asked", async () => {
    kit = await createPrintKit();
    kit.server.push(textTurn("Streamed."), textTurn("Again."));
    const plain = lines((await kit.run(["-p", "hi", "--output-format", "stream-json", "--verbose"])).stdout);
    expect(plain[0]).toMatchObject({ type: "system", subtype: "init" });
    expect(plain.map((event) => event.type)).toEqual(["system", "assistant", "result"]);
    const partial = lines((await kit.run(["-p", "hi", "--output-format", "stream-json", "--verbose", "--include-partial-messages"])).stdout);
    const deltas = partial.filter((event) => event.type === "stream_event" && (event.event as { delta?: { type: string } }).delta?.type === "text_delta");
    expect(deltas.length).toBeGreaterThan(0);
    expect(partial.at(-1)?.type).toBe("result");
  });

  test("stream-json: a sub-agent's messages appear as they happen, tagged with the Agent call's id; the result counts its usage", async () => {
    kit = await createPrintKit();
    kit.server.push(turn([{ type: "tool_use", id: "call_sub", name: "Agent", input: { description: "Look", prompt: "SUB-TASK: say hello", subagent_type: "Explore" } }]));
    kit.server.script(conversationAbout("SUB-TASK"), textTurn("hello from the explorer", { input_tokens: 40, output_tokens: 4 }));
    kit.server.push(textTurn("It said hello."));
    const run = await kit.run(["-p", "delegate", "--output-format", "stream-json", "--verbose"]);
    expect(run.status).toBe(0);
    const events = lines(run.stdout);
    const sub = events.filter((event) => event.parent_tool_use_id === "call_sub");
    expect(sub.map((event) => event.type)).toEqual(["assistant"]);
    expect(JSON.stringify(sub[0])).toContain("hello from the explorer");
    const result = events.at(-1) as unknown as { usage: { input_tokens: number }; result: string };
    expect(result.result).toBe("It said hello.");
    expect(result.usage.input_tokens).toBe(60);
  });

  test("stream-json input: each user line runs a turn and ends in a result", async () => {
    kit = await createPrintKit();
    kit.server.push(textTurn("one"), textTurn("two"));
    const input = [
      JSON.stringify({ type: "user", message: { role: "user", content: "first" }, parent_tool_use_id: null, session_id: "default" }),
      JSON.stringify({ type: "user", message: { role: "user", content: [{ type: "text", text: "second" }] } }),
    ].join("\n");
    const run = await kit.run(["-p", "--input-format", "stream-json", "--output-format", "stream-json", "--verbose"], { stdin: `${input}\n` });
    expect(run.status).toBe(0);
    expect(lines(run.stdout).filter((event) => event.type === "result").map((event) => event.result)).toEqual(["one", "two"]);
  });

  test("stream-json input: an interrupt request stops the running turn, is answered, and the next message still runs", async () => {
    kit = await createPrintKit();
    kit.server.push(hang(), textTurn("second answer"));
    const child = Bun.spawn([process.execPath, join(import.meta.dir, "..", "..", "src", "main.ts"), "-p", "--input-format", "stream-json", "--output-format", "stream-json", "--verbose"], {
      cwd: kit.project, env: kit.env, stdin: "pipe", stdout: "pipe", stderr: "pipe",
    });
    try {
      const send = (value: unknown) => {
        child.stdin.write(`${JSON.stringify(value)}\n`);
        child.stdin.flush();
      };
      send({ type: "user", message: { role: "user", content: "first" } });
      // The first request is hanging: the turn is running.
      expect(await eventually(() => kit.server.requestCount === 1, 15_000)).toBe(true);
      send({ type: "control_request", request_id: "req_1", request: { subtype: "interrupt" } });
      send({ type: "control_request", request_id: "req_2", request: { subtype: "set_model", model: "x" } });
      send({ type: "user", message: { role: "user", content: "second" } });
      child.stdin.end();
      const [stdout, status] = await Promise.all([new Response(child.stdout).text(), child.exited]);
      const events = lines(stdout);
      const results = events.filter((event) => event.type === "result");
      expect(results).toHaveLength(2);
      expect(results[0]).toMatchObject({ is_error: true });
      expect(results[1]).toMatchObject({ is_error: false, result: "second answer" });
      const responses = events.filter((event) => event.type === "control_response").map((event) => event.response);
      expect(responses).toEqual([
        { subtype: "success", request_id: "req_1", response: {} },
        { subtype: "error", request_id: "req_2", error: 'toolshed does not support the control request "set_model"' },
      ]);
      expect(status).toBe(0);
    } finally {
      child.kill();
    }
  });

  test("stream-json input that ends before any message ends in a result saying so, not in silence", async () => {
    kit = await createPrintKit();
    const run = await kit.run(["-p", "--input-format", "stream-json", "--output-format", "stream-json", "--verbose"], { stdin: "" });
    expect(run.status).toBe(1);
    const last = lines(run.stdout).at(-1);
    expect(last).toMatchObject({ type: "result", is_error: true });
    expect(String((last?.errors as string[])[0])).toContain("standard input ended before any user message");
    expect(kit.server.requestCount).toBe(0);
  });
});

describe("exit status and errors", () => {
  test("a failed run exits 1 and the json result says why; bad usage exits 2", async () => {
    kit = await createPrintKit();
    kit.server.push(httpError(401, { message: "invalid x-api-key" }));
    const failed = await kit.run(["-p", "hi", "--output-format", "json"]);
    expect(failed.status).toBe(1);
    expect(JSON.parse(failed.stdout)).toMatchObject({ subtype: "error_during_execution", is_error: true });
    const usage = await kit.run(["-p", "hi", "--output-format", "yaml"]);
    expect(usage.status).toBe(2);
    expect(usage.stderr).toContain('--output-format "yaml" is not one of: text, json, stream-json');
  });

  test("a redirect from the API address is not followed: neither the key nor the conversation goes where it points, and it is not retried", async () => {
    kit = await createPrintKit();
    const elsewhere: { headers: Record<string, string>; body: string }[] = [];
    const other = Bun.serve({ port: 0, hostname: "127.0.0.1", async fetch(request) {
      elsewhere.push({ headers: Object.fromEntries(request.headers), body: await request.text() });
      return new Response("{}");
    } });
    let asked = 0;
    const gateway = Bun.serve({ port: 0, hostname: "127.0.0.1", fetch: () => (asked++, new Response(null, { status: 307, headers: { location: `http://127.0.0.1:${other.port}/v1/messages` } })) });
    try {
      const run = await kit.run(["-p", "the secret plan", "--output-format", "json"], { env: { ANTHROPIC_BASE_URL: `http://127.0.0.1:${gateway.port}`, ANTHROPIC_API_KEY: "sk-ant-secret" } });
      expect(run.status).toBe(1);
      const result = JSON.parse(run.stdout) as { is_error: boolean; errors: string[] };
      expect(result.is_error).toBe(true);
      expect(result.errors.join(" ")).toContain(`the API address answered 307 (a redirect to http://127.0.0.1:${other.port}/v1/messages); model requests do not follow redirects`);
      expect(elsewhere).toEqual([]);
      expect(asked).toBe(1);
    } finally {
      gateway.stop(true);
      other.stop(true);
    }
  });

  test("no credentials: a clear error naming the ways to give them", async () => {
    kit = await createPrintKit();
    const run = await kit.run(["-p", "hi", "--output-format", "json"], { env: { ANTHROPIC_API_KEY: "" } });
    expect(run.status).toBe(1);
    const result = JSON.parse(run.stdout);
    expect(result.errors.join(" ")).toContain("ANTHROPIC_API_KEY");
    expect(kit.server.requestCount).toBe(0);
  });
});

describe("prompts", () => {
  test("the prompt comes from standard input when there is no argument; piped input goes before an argument", async () => {
    kit = await createPrintKit();
    kit.server.push(textTurn("a"), textTurn("b"));
    expect((await kit.run(["-p"], { stdin: "from stdin\n" })).status).toBe(0);
    expect(JSON.stringify(body(0).messages[0]?.content)).toContain("from stdin");
    await kit.run(["-p", "summarize this"], { stdin: "log line 1\nlog line 2\n" });
    expect(JSON.stringify(body(1).messages[0]?.content)).toContain("log line 1\\nlog line 2\\n\\nsummarize this");
  });

  test("the system prompt: ours with the environment and the project's instruction files, replaceable and appendable", async () => {
    kit = await createPrintKit();
    writeFileSync(join(kit.config, "TOOLSHED.md"), "Call me Sam.");
    writeFileSync(join(kit.project, "AGENTS.md"), "Run the tests with make check.");
    mkdirSync(join(kit.project, "sub"));
    writeFileSync(join(kit.project, "CLAUDE.md"), "Use tabs.");
    kit.server.push(textTurn("a"), textTurn("b"));
    await kit.run(["-p", "hi", "--append-system-prompt", "Answer in French."]);
    const system = body(0).system.map((block) => block.text).join("\n");
    expect(system).toContain("You are toolshed");
    expect(system).toContain(`Working folder: ${kit.project}`);
    expect(system).toContain("Call me Sam.");
    expect(system).toContain("Run the tests with make check.");
    expect(system).toContain("Use tabs.");
    expect(system.indexOf("Call me Sam.")).toBeLessThan(system.indexOf("Run the tests"));
    expect(system.trimEnd().endsWith("Answer in French.")).toBe(true);
    writeFileSync(join(kit.root.path, "prompt.txt"), "You are a pirate.");
    await kit.run(["-p", "hi", "--system-prompt-file", join(kit.root.path, "prompt.txt")]);
    const replaced = body(1).system.map((block) => block.text).join("\n");
    expect(replaced).toContain("You are a pirate.");
    expect(replaced).not.toContain("You are toolshed");
  });

  test("--model takes the aliases", async () => {
    kit = await createPrintKit();
    kit.server.push(textTurn("a"));
    await kit.run(["-p", "hi", "--model", "opus"]);
    expect(body(0).model).toBe("claude-opus-5-5");
  });
});

describe("sessions", () => {
  test("each run is a transcript; --resume and --continue carry on, --fork-session as a new session; sessions list shows them", async () => {
    kit = await createPrintKit();
    kit.server.push(textTurn("first"), textTurn("second"), textTurn("third"), textTurn("forked"));
    const first = JSON.parse((await kit.run(["-p", "remember 42", "--output-format", "json"])).stdout);
    const second = JSON.parse((await kit.run(["-p", "what number?", "--resume", first.session_id, "--output-format", "json"])).stdout);
    expect(second.session_id).toBe(first.session_id);
    expect(body(1).messages.map((message) => message.role)).toEqual(["user", "assistant", "user"]);
    const third = JSON.parse((await kit.run(["-p", "and now?", "--continue", "--output-format", "json"])).stdout);
    expect(third.session_id).toBe(first.session_id);
    expect(body(2).messages).toHaveLength(5);
    const forked = JSON.parse((await kit.run(["-p", "fork", "--continue", "--fork-session", "--output-format", "json"])).stdout);
    expect(forked.session_id).not.toBe(first.session_id);
    expect(body(3).messages).toHaveLength(7);
    const listed = (await kit.run(["sessions", "list"])).stdout;
    expect(listed).toContain(first.session_id);
    expect(listed).toContain(forked.session_id);
    const shown = (await kit.run(["sessions", "show", first.session_id])).stdout;
    expect(shown).toContain("remember 42");
    expect(shown).toContain("third");
    const none = await kit.run(["-p", "x", "--resume", crypto.randomUUID()]);
    expect(none.status).toBe(2);
    expect(none.stderr).toContain("there is no saved session");
  });

  test("--no-session-persistence keeps nothing", async () => {
    kit = await createPrintKit();
    kit.server.push(textTurn("a"));
    const result = JSON.parse((await kit.run(["-p", "hi", "--no-session-persistence", "--output-format", "json"])).stdout);
    expect((await kit.run(["sessions", "list", "--json"])).stdout).not.toContain(result.session_id);
  });
});

describe("signals", () => {
  test("Ctrl-C during a tool stops the request and every running tool, keeps the transcript, exits 130; --continue picks it up", async () => {
    kit = await createPrintKit();
    const pidFile = join(kit.project, "sleep.pid");
    kit.server.push(turn([{ type: "tool_use", id: "t1", name: "Bash", input: { command: `sleep 60 & echo $! > ${pidFile}; wait` } }]));
    const child = kit.spawn(["-p", "wait a minute", "--allowedTools", "Bash", "--output-format", "json"]);
    expect(await eventually(() => existsSync(pidFile) && readFileSync(pidFile, "utf8").trim() !== "", 15_000)).toBe(true);
    const sleeper = Number(readFileSync(pidFile, "utf8").trim());
    child.kill("SIGINT");
    expect(await child.exited).toBe(130);
    expect(await eventually(() => !isProcessAlive(sleeper), 5_000)).toBe(true);
    const result = JSON.parse(await new Response(child.stdout).text());
    kit.server.push(textTurn("picked up"));
    const resumed = await kit.run(["-p", "go on", "--resume", result.session_id, "--output-format", "json"]);
    expect(resumed.status).toBe(0);
    const sent = body(1).messages;
    expect(sent.map((message) => message.role)).toEqual(["user", "assistant", "user"]);
    expect(JSON.stringify(sent[2]?.content)).toContain("t1");
  });

  test("a prompt argument does not wait forever on a standard input left open and silent: it warns and goes on", async () => {
    kit = await createPrintKit();
    kit.server.push(textTurn("answered"));
    const child = Bun.spawn([process.execPath, join(import.meta.dir, "..", "..", "src", "main.ts"), "-p", "hi", "--output-format", "json"], {
      cwd: kit.project, env: kit.env, stdin: "pipe", stdout: "pipe", stderr: "pipe",
    });
    try {
      const [stdout, stderr, status] = await Promise.all([new Response(child.stdout).text(), new Response(child.stderr).text(), child.exited]);
      expect(status).toBe(0);
      expect(JSON.parse(stdout).result).toBe("answered");
      expect(stderr).toContain("nothing arrived on standard input within 3 s");
      expect(JSON.stringify(body(0).messages)).not.toContain("\\n\\nhi");
    } finally {
      child.kill();
    }
  });

  test("SIGTERM during a tool kills its process tree, ends the output with a result and exits 143", async () => {
    kit = await createPrintKit();
    const pidFile = join(kit.project, "sleep.pid");
    kit.server.push(turn([{ type: "tool_use", id: "t1", name: "Bash", input: { command: `sleep 60 & echo $! > ${pidFile}; wait` } }]));
    const child = kit.spawn(["-p", "wait", "--allowedTools", "Bash", "--output-format", "stream-json", "--verbose"]);
    expect(await eventually(() => existsSync(pidFile) && readFileSync(pidFile, "utf8").trim() !== "", 15_000)).toBe(true);
    const sleeper = Number(readFileSync(pidFile, "utf8").trim());
    child.kill("SIGTERM");
    expect(await child.exited).toBe(143);
    expect(await eventually(() => !isProcessAlive(sleeper), 5_000)).toBe(true);
    const last = lines(await new Response(child.stdout).text()).at(-1);
    expect(last).toMatchObject({ type: "result", is_error: true });
  });

  test("a run killed mid-turn can be continued: the call that never finished gets an error result", async () => {
    kit = await createPrintKit();
    const started = join(kit.project, "started");
    kit.server.push(turn([{ type: "tool_use", id: "t9", name: "Bash", input: { command: `touch ${started}; sleep 60` } }]));
    const child = kit.spawn(["-p", "long job", "--allowedTools", "Bash"]);
    expect(await eventually(() => existsSync(started), 15_000)).toBe(true);
    child.kill("SIGKILL");
    await child.exited;
    kit.server.push(textTurn("recovered"));
    const resumed = await kit.run(["-p", "what happened?", "--continue", "--output-format", "json"]);
    expect(JSON.parse(resumed.stdout).result).toBe("recovered");
    const sent = body(1).messages;
    expect(JSON.stringify(sent[2]?.content)).toContain("did not finish");
  });
});
