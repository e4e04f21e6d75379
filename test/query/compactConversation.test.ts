/**
 * Compaction against the local Messages API, with real PreCompact hook processes: the summary
 * request (no tools, the instructions, the conversation as text), the conversation that replaces
 * it, the boundary event, the transcript read back; a PreCompact block; compaction on its own
 * when the window fills up (TOOLSHED_AUTOCOMPACT_PCT_OVERRIDE), and as the rescue of a request
 * that no longer fits.
 */
import { afterEach, describe, expect, test } from "bun:test";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { MessageParam } from "@anthropic-ai/sdk/resources/messages";
import { autoCompactThreshold } from "../../src/query/autoCompact.ts";
import { compactConversation } from "../../src/query/compactConversation.ts";
import { COMPACT_SYSTEM_PROMPT } from "../../src/query/compactPrompt.ts";
import type { ConversationMessage } from "../../src/query/conversation.ts";
import type { CompactBoundaryEvent, QueryEvent, ResultEvent } from "../../src/query/events.ts";
import { readTranscript } from "../../src/query/transcript/readTranscript.ts";
import { TranscriptWriter } from "../../src/query/transcript/TranscriptWriter.ts";
import { fakeTool } from "../helpers/fakeTool.ts";
import { httpError, textTurn, turn } from "../helpers/messagesApiServer.ts";
import { TEST_MODEL } from "../helpers/modelRequestKit.ts";
import { createHookLoopKit, hookOn, textIn, type HookLoopKit } from "../hooks/hookLoopKit.ts";

let kit: HookLoopKit;
afterEach(async () => {
  await kit?.close();
});

type Body = { messages: MessageParam[]; system?: { text: string }[]; tools?: unknown[] };
const bodyOf = (index: number) => kit.server.requests[index]?.body as Body;
const isSummaryRequest = (index: number) => bodyOf(index).system?.[0]?.text === COMPACT_SYSTEM_PROMPT;
const boundaries = (events: QueryEvent[]) => events.filter((event): event is CompactBoundaryEvent => event.type === "system" && event.subtype === "compact_boundary");
const json = (path: string) => JSON.parse(readFileSync(path, "utf8"));

const Echo = fakeTool({ name: "Echo", readOnly: true, call: async (input) => ({ data: `echo: ${input.text ?? ""}` }) });

/** A conversation with a tool call and its result. */
const CONVERSATION: ConversationMessage[] = [
  { role: "user", content: "rename the function in a.ts" },
  { role: "assistant", content: [{ type: "text", text: "Reading it." }, { type: "tool_use", id: "toolu_1", name: "Read", input: { file_path: "/p/a.ts" } }] },
  { role: "user", content: [{ type: "tool_result", tool_use_id: "toolu_1", content: "export function oldName() {}" }] },
  { role: "assistant", content: [{ type: "text", text: "Renamed oldName to newName." }] },
];

/** With the summary request's own override the threshold is about 1% of the test model's window. */
const AUTO_ENV = { TOOLSHED_AUTOCOMPACT_PCT_OVERRIDE: "1" };
const OVER = autoCompactThreshold(TEST_MODEL, 1024, AUTO_ENV) + 1;

describe("compactConversation", () => {
  test("summarizes through the model with no tools and the person's instructions; returns the summary as the conversation", async () => {
    kit = await createHookLoopKit({ hooks: ({ script, file }) => [hookOn("PreCompact", script("pre.sh", `cat > ${JSON.stringify(file("pre.json"))}`), "manual")] });
    kit.server.push(textTurn("The user wants oldName renamed; it is now newName in /p/a.ts.", { input_tokens: 300, output_tokens: 40 }));
    const transcript = new TranscriptWriter(join(kit.folder.path, "t.jsonl"), kit.session.id, kit.project);
    for (const message of CONVERSATION) transcript.append(message.role, message);
    const model = kit.model();
    const outcome = await compactConversation({ messages: CONVERSATION, model, context: kit.session.context, trigger: "manual", customInstructions: "keep the function names", preTokens: 1234, transcript });

    expect(json(kit.file("pre.json"))).toEqual({
      hook_event_name: "PreCompact",
      session_id: kit.session.id,
      transcript_path: transcript.path,
      cwd: kit.project,
      permission_mode: "default",
      trigger: "manual",
      custom_instructions: "keep the function names",
    });
    const body = bodyOf(0);
    expect(body.tools).toBeUndefined();
    expect(body.system?.[0]?.text).toBe(COMPACT_SYSTEM_PROMPT);
    expect(body.messages.map((message) => message.role)).toEqual(["user", "assistant", "user", "assistant", "user"]);
    const sent = JSON.stringify(body.messages);
    expect(sent).not.toContain('"tool_use"');
    expect(sent).not.toContain('"tool_result"');
    expect(textIn(body.messages[1])).toContain("[called the tool Read with {\"file_path\":\"/p/a.ts\"}]");
    expect(textIn(body.messages[2])).toContain("[the tool returned: Read: export function oldName() {}]");
    expect(textIn(body.messages[4])).toContain("Do not call any tools.");
    expect(textIn(body.messages[4])).toContain("Further instructions for this summary, from the user:\nkeep the function names");

    if (outcome.kind !== "compacted") throw new Error(`not compacted: ${JSON.stringify(outcome)}`);
    expect(outcome.summary).toBe("The user wants oldName renamed; it is now newName in /p/a.ts.");
    expect(outcome.messages).toHaveLength(1);
    expect(outcome.messages[0]?.role).toBe("user");
    expect(textIn(outcome.messages[0])).toContain("<summary>\nThe user wants oldName renamed; it is now newName in /p/a.ts.\n</summary>");
    expect(outcome.boundary).toMatchObject({ type: "system", subtype: "compact_boundary", compact_metadata: { trigger: "manual", pre_tokens: 1234 }, session_id: kit.session.id });
    expect(model.accounting.usage.summary().usage).toMatchObject({ input_tokens: 300, output_tokens: 40 });
    // Read back, the transcript is the compacted conversation.
    const entries = readTranscript(transcript.path).entries;
    expect(entries.map((entry) => entry.message)).toEqual(outcome.messages as never);
    expect(entries[0]?.compactBoundary).toMatchObject({ trigger: "manual", preTokens: 1234 });
  });

  test("a PreCompact block stops it: the error names the hook and its reason, and nothing is sent", async () => {
    let command = "";
    kit = await createHookLoopKit({ hooks: ({ script }) => [hookOn("PreCompact", (command = script("no.sh", "cat > /dev/null\necho 'not during a release' >&2\nexit 2")))] });
    const outcome = await compactConversation({ messages: CONVERSATION, model: kit.model(), context: kit.session.context, trigger: "manual" });
    expect(outcome).toEqual({ kind: "blocked", error: `the PreCompact hook "${command}" (test settings) blocked the compaction: not during a release` });
    expect(kit.server.requestCount).toBe(0);
  });

  test("a JSON block stops it too; a hook with bad output or for the other trigger does not", async () => {
    kit = await createHookLoopKit({
      hooks: ({ script, file }) => [
        hookOn("PreCompact", script("bad.sh", "cat > /dev/null\necho '{ not json'"), "manual"),
        hookOn("PreCompact", script("auto.sh", `cat > ${JSON.stringify(file("auto.json"))}\necho '{"decision": "block", "reason": "no"}'`), "auto"),
      ],
    });
    kit.server.push(textTurn("A summary."));
    const outcome = await compactConversation({ messages: CONVERSATION, model: kit.model(), context: kit.session.context, trigger: "manual" });
    expect(outcome.kind).toBe("compacted");
    expect(kit.warnings).toEqual([expect.stringContaining("printed JSON that does not parse")]);
    expect(existsSync(kit.file("auto.json"))).toBe(false);
    const blocked = await compactConversation({ messages: CONVERSATION, model: kit.model(), context: kit.session.context, trigger: "auto" });
    expect(blocked).toMatchObject({ kind: "blocked", error: expect.stringContaining("blocked the compaction: no") });
  });

  test("a summary request that fails, or an empty summary, leaves the conversation as it was", async () => {
    kit = await createHookLoopKit({ hooks: () => [] });
    kit.server.push(httpError(400, { message: "bad request" }), textTurn("  "));
    const failed = await compactConversation({ messages: CONVERSATION, model: kit.model(), context: kit.session.context, trigger: "manual" });
    expect(failed).toMatchObject({ kind: "failed", error: expect.stringContaining("the summary could not be written") });
    const empty = await compactConversation({ messages: CONVERSATION, model: kit.model(), context: kit.session.context, trigger: "manual" });
    expect(empty).toMatchObject({ kind: "failed", error: expect.stringContaining("empty") });
    expect(await compactConversation({ messages: [], model: kit.model(), context: kit.session.context, trigger: "manual" })).toMatchObject({ kind: "failed" });
  });
});

describe("compaction in the loop", () => {
  test("past the threshold the conversation is compacted before the next request, with a compact_boundary event", async () => {
    kit = await createHookLoopKit({ tools: [Echo], allow: ["Echo"], hooks: ({ script, file }) => [hookOn("PreCompact", script("pre.sh", `cat > ${JSON.stringify(file("pre.json"))}`))] });
    kit.server.push(
      turn({ content: [{ type: "tool_use", id: "t1", name: "Echo", input: { text: "big" } }], usage: { input_tokens: 100, cache_read_input_tokens: OVER } }),
      textTurn("Summary: echoing big."),
      textTurn("Done after compaction."),
    );
    const events = await kit.query("echo big", { env: AUTO_ENV });
    const result = events.at(-1) as ResultEvent;
    expect(result).toMatchObject({ subtype: "success", result: "Done after compaction." });
    expect(isSummaryRequest(1)).toBe(true);
    expect(textIn(bodyOf(1).messages.at(-1))).toContain("[the tool returned: Echo: echo: big]");
    // The next request carries only the summary, which tells the model to go on.
    const next = bodyOf(2).messages;
    expect(next).toHaveLength(1);
    expect(textIn(next[0])).toContain("Summary: echoing big.");
    expect(textIn(next[0])).toContain("Continue the work from where it stopped");
    expect(boundaries(events).map((event) => event.compact_metadata)).toEqual([{ trigger: "auto", pre_tokens: OVER + 100 }]);
    const order = events.map((event) => (event.type === "system" ? event.subtype : event.type));
    expect(order.indexOf("compact_boundary")).toBeGreaterThan(order.indexOf("user"));
    expect(json(kit.file("pre.json"))).toMatchObject({ trigger: "auto", custom_instructions: null });
  });

  test("below the threshold, or with autoCompact off, nothing is compacted", async () => {
    kit = await createHookLoopKit({ tools: [Echo], allow: ["Echo"], hooks: () => [] });
    const script = (tokens: number) => [
      turn({ content: [{ type: "tool_use", id: "t1", name: "Echo", input: { text: "a" } }], usage: { input_tokens: tokens } }),
      textTurn("done"),
    ];
    kit.server.push(...script(OVER - 2), ...script(OVER));
    const below = await kit.query("go", { env: AUTO_ENV });
    const off = await kit.query("go", { env: AUTO_ENV, autoCompact: false });
    for (const events of [below, off]) {
      expect((events.at(-1) as ResultEvent).result).toBe("done");
      expect(boundaries(events)).toEqual([]);
    }
    expect(kit.server.requestCount).toBe(4);
    expect([0, 1, 2, 3].some(isSummaryRequest)).toBe(false);
  });

  test("the threshold: 90% of the window less the output asked for, or the percentage of the override", () => {
    expect(autoCompactThreshold("claude-sonnet-4-5", 32_000, {})).toBe(151_200);
    expect(autoCompactThreshold("claude-sonnet-4-5", 32_000, { TOOLSHED_AUTOCOMPACT_PCT_OVERRIDE: "50" })).toBe(84_000);
    for (const bad of ["0", "150", "half", ""]) expect(autoCompactThreshold("claude-sonnet-4-5", 32_000, { TOOLSHED_AUTOCOMPACT_PCT_OVERRIDE: bad })).toBe(151_200);
  });

  test("a new prompt after a large run is kept as it is, after the summary of what came before", async () => {
    kit = await createHookLoopKit({ hooks: () => [] });
    kit.server.push(textTurn("first answer", { input_tokens: OVER }), textTurn("Summary of the first exchange."), textTurn("second answer"));
    async function* two(): AsyncGenerator<string> {
      yield "first question";
      yield "second question";
    }
    const events = await kit.query(two(), { env: AUTO_ENV });
    expect(events.filter((event) => event.type === "result").map((event) => (event as ResultEvent).result)).toEqual(["first answer", "second answer"]);
    expect(isSummaryRequest(1)).toBe(true);
    expect(JSON.stringify(bodyOf(1).messages)).not.toContain("second question");
    const sent = bodyOf(2).messages;
    expect(sent).toHaveLength(1);
    const blocks = sent[0]?.content as { text: string }[];
    expect(blocks[0]?.text).toContain("Summary of the first exchange.");
    expect(blocks[0]?.text).toContain("The user's next message follows.");
    expect(blocks[1]?.text).toBe("second question");
  });

  test("a PreCompact block: the run goes on uncompacted, with a warning, and is not compacted again", async () => {
    kit = await createHookLoopKit({ tools: [Echo], allow: ["Echo"], hooks: ({ script }) => [hookOn("PreCompact", script("no.sh", "cat > /dev/null\necho 'keep it all' >&2\nexit 2"), "auto")] });
    kit.server.push(
      turn({ content: [{ type: "tool_use", id: "t1", name: "Echo", input: { text: "a" } }], usage: { input_tokens: OVER } }),
      turn({ content: [{ type: "tool_use", id: "t2", name: "Echo", input: { text: "b" } }], usage: { input_tokens: OVER } }),
      textTurn("done"),
    );
    const events = await kit.query("go", { env: AUTO_ENV });
    expect((events.at(-1) as ResultEvent).result).toBe("done");
    expect(kit.server.requestCount).toBe(3);
    expect([0, 1, 2].some(isSummaryRequest)).toBe(false);
    expect(bodyOf(2).messages).toHaveLength(5);
    expect(boundaries(events)).toEqual([]);
    expect(kit.warnings).toHaveLength(1);
    expect(kit.warnings[0]).toContain("but it was not compacted: the PreCompact hook");
    expect(kit.warnings[0]).toContain("blocked the compaction: keep it all");
  });

  test("a request that no longer fits is compacted and sent again", async () => {
    kit = await createHookLoopKit({ hooks: () => [] });
    kit.server.push(httpError(400, { message: "prompt is too long: 1200000 tokens > 1000000 maximum" }), textTurn("Summary."), textTurn("answered"));
    const events = await kit.query("hello", { history: [{ role: "user", content: "long ago" }, { role: "assistant", content: "yes" }] });
    expect((events.at(-1) as ResultEvent)).toMatchObject({ subtype: "success", result: "answered" });
    expect(isSummaryRequest(1)).toBe(true);
    expect(boundaries(events)).toHaveLength(1);
    expect(textIn(bodyOf(2).messages[0])).toContain("hello");
  });

  test("an answer stopped by the end of the context window is compacted and the work goes on", async () => {
    kit = await createHookLoopKit({ hooks: () => [] });
    kit.server.push(turn({ content: [{ type: "text", text: "Half an ans" }], stopReason: "model_context_window_exceeded" }), textTurn("Summary."), textTurn("The whole answer."));
    const events = await kit.query("explain");
    expect((events.at(-1) as ResultEvent)).toMatchObject({ subtype: "success", result: "The whole answer." });
    expect(isSummaryRequest(1)).toBe(true);
    expect(textIn(bodyOf(1).messages.at(-2))).toContain("Half an ans");
    expect(bodyOf(2).messages).toHaveLength(1);
  });

  test("when a PreCompact hook blocks that rescue, the request's own error surfaces", async () => {
    kit = await createHookLoopKit({ hooks: ({ script }) => [hookOn("PreCompact", script("no.sh", "cat > /dev/null\nexit 2"))] });
    kit.server.push(httpError(400, { message: "prompt is too long: 1200000 tokens > 1000000 maximum" }));
    const events = await kit.query("hello", { history: [{ role: "user", content: "long ago" }, { role: "assistant", content: "yes" }] });
    const result = events.at(-1) as ResultEvent;
    expect(result).toMatchObject({ subtype: "error_during_execution", terminal_reason: "api_error" });
    expect(result.errors?.join(" ")).toContain("prompt is too long");
    expect(kit.server.requestCount).toBe(1);
    expect(kit.warnings[0]).toContain("no longer fits the context window, but it was not compacted");
  });
});
