/** What a turn's events do to the screen's state: streaming text, finished blocks, tool lines, retries and failures. */
import { describe, expect, test } from "bun:test";
import type { Message, RawMessageStreamEvent } from "@anthropic-ai/sdk/resources/messages";
import type { QueryEvent } from "../../src/query/events.ts";
import { createStore } from "../../src/terminal/Store.ts";
import { initialTerminalState, type TerminalState } from "../../src/terminal/terminalState.ts";
import { progressLine, toolCallView, TurnDisplay } from "../../src/terminal/TurnDisplay.ts";
import { getAllBaseTools } from "../../src/tools.ts";

const base = { uuid: "u", session_id: "s" };
const stream = (event: RawMessageStreamEvent): QueryEvent => ({ type: "stream_event", event, parent_tool_use_id: null, ...base });
const delta = (text: string) => stream({ type: "content_block_delta", index: 0, delta: { type: "text_delta", text } });
const message = (content: unknown[]): QueryEvent => ({
  type: "assistant",
  parent_tool_use_id: null,
  ...base,
  message: { id: "m", type: "message", role: "assistant", model: "claude-test", content, stop_reason: "end_turn", stop_sequence: null, usage: { input_tokens: 1, output_tokens: 1 } } as unknown as Message,
});

function display() {
  const store = createStore<TerminalState>(initialTerminalState({ model: "m", mode: "default", contextTokens: 0, contextWindow: 1, costUsd: 0 }));
  const answers: number[] = [];
  return { store, turn: new TurnDisplay(store, () => getAllBaseTools(), () => answers.push(1)), answers };
}

describe("a streamed answer", () => {
  test("grows in the live part; finished blocks move above as the next begins; the rest when the block ends", () => {
    const { store, turn } = display();
    turn.handle(stream({ type: "message_start", message: {} as Message }));
    turn.handle(stream({ type: "content_block_start", index: 0, content_block: { type: "text", text: "", citations: null } }));
    turn.handle(delta("First para"));
    expect(store.get().streaming).toBe("First para");
    expect(store.get().items).toEqual([]);
    turn.handle(delta("graph.\n\nSecond"));
    expect(store.get().items.map((item) => (item.kind === "assistant" ? [item.text, item.continued] : item.kind))).toEqual([["First paragraph.", false]]);
    expect(store.get().streaming).toBe("Second");
    turn.handle(delta(" one."));
    turn.handle(stream({ type: "content_block_stop", index: 0 }));
    expect(store.get().items.map((item) => (item.kind === "assistant" ? [item.text, item.continued] : item.kind))).toEqual([["First paragraph.", false], ["Second one.", true]]);
    expect(store.get().streaming).toBe("");
    // The whole message adds nothing already shown.
    turn.handle(message([{ type: "text", text: "First paragraph.\n\nSecond one.", citations: null }]));
    expect(store.get().items).toHaveLength(2);
  });

  test("an answer that was not streamed is printed whole; a retry clears what streamed and says so", () => {
    const { store, turn } = display();
    turn.handle(message([{ type: "text", text: "Whole answer.", citations: null }]));
    expect(store.get().items.map((item) => item.kind)).toEqual(["assistant"]);
    turn.handle(stream({ type: "message_start", message: {} as Message }));
    turn.handle(stream({ type: "content_block_start", index: 0, content_block: { type: "text", text: "", citations: null } }));
    turn.handle(delta("Done block.\n\nhalf"));
    turn.handle({ type: "system", subtype: "api_retry", attempt: 1, max_retries: 3, retry_delay_ms: 1500, error_status: 529, error: "overloaded", message: "Overloaded", ...base });
    expect(store.get().streaming).toBe("");
    expect(store.get().busy).toBe("The API answered 529 (Overloaded); trying again in 1.5 s (1 of 3)");
    expect(store.get().items.at(-1)).toMatchObject({ kind: "notice", text: "The answer was cut off and starts again below." });
  });
});

describe("tool calls", () => {
  test("a line per call with its summary, progress while it runs, then a short result", () => {
    const { store, turn } = display();
    turn.handle(message([{ type: "tool_use", id: "t1", name: "Bash", input: { command: "npm test" } }]));
    expect(store.get().tools).toMatchObject([{ id: "t1", title: "Bash", summary: "npm test", status: "running" }]);
    for (let line = 1; line <= 7; line++) turn.handle({ type: "tool_progress", tool_use_id: "t1", tool_name: "Bash", parent_tool_use_id: null, elapsed_time_seconds: line, data: { type: "line", line: `line ${line}` }, ...base });
    expect(store.get().tools[0]?.progress).toEqual(["line 3", "line 4", "line 5", "line 6", "line 7"]);
    turn.handle({ type: "user", parent_tool_use_id: null, ...base, message: { role: "user", content: [{ type: "tool_result", tool_use_id: "t1", content: "12 passed\n0 failed\n\nDone in 3 s\nbye" }] } });
    expect(store.get().tools).toEqual([]);
    expect(store.get().items.at(-1)).toMatchObject({ kind: "tool", call: { status: "done", result: ["12 passed", "0 failed", "Done in 3 s", "… +1 lines"], progress: [] } });
  });

  test("a tool that shows its result itself (TodoWrite's list) gets its own lines, not the model's note; others keep the note", () => {
    const { store, turn } = display();
    turn.handle(message([
      { type: "tool_use", id: "todo", name: "TodoWrite", input: { todos: [] } },
      { type: "tool_use", id: "read", name: "Read", input: { file_path: "/x" } },
    ]));
    const todos = [
      { content: "Write the test", status: "completed", activeForm: "Writing the test" },
      { content: "Fix the bug", status: "in_progress", activeForm: "Fixing the bug" },
      { content: "Run the suite", status: "pending", activeForm: "Running the suite" },
      { content: "Update the docs", status: "pending", activeForm: "Updating the docs" },
    ];
    turn.handle({
      type: "user", parent_tool_use_id: null, ...base,
      message: { role: "user", content: [
        { type: "tool_result", tool_use_id: "todo", content: "The todo list is updated. Go on with the item in progress." },
        { type: "tool_result", tool_use_id: "read", content: "1\tone\n2\ttwo" },
      ] },
      tool_use_result: { todo: { oldTodos: [], newTodos: todos }, read: { type: "text", file: { filePath: "/x", content: "one\ntwo" } } },
    });
    const calls = store.get().items.flatMap((item) => (item.kind === "tool" ? [item.call] : []));
    expect(calls.find((call) => call.id === "todo")?.result).toEqual(["[x] Write the test", "[~] Fixing the bug", "[ ] Run the suite", "[ ] Update the docs"]);
    expect(calls.find((call) => call.id === "read")?.result).toEqual(["1\tone", "2\ttwo"]);
  });

  test("a failed TodoWrite shows its error, not a list", () => {
    const { store, turn } = display();
    turn.handle(message([{ type: "tool_use", id: "todo", name: "TodoWrite", input: { todos: [] } }]));
    turn.handle({
      type: "user", parent_tool_use_id: null, ...base,
      message: { role: "user", content: [{ type: "tool_result", tool_use_id: "todo", content: "InputValidationError: todos is missing", is_error: true }] },
      tool_use_result: {},
    });
    expect(store.get().items.at(-1)).toMatchObject({ kind: "tool", call: { status: "error", result: ["InputValidationError: todos is missing"] } });
  });

  test("an error result is an error line; calls cut off by an interrupt are shown as interrupted", () => {
    const { store, turn } = display();
    turn.handle(message([{ type: "tool_use", id: "a", name: "Read", input: { file_path: "/x" } }, { type: "tool_use", id: "b", name: "NoSuchTool", input: { any: 1 } }]));
    expect(store.get().tools.map((view) => [view.title, view.summary])).toEqual([["Read", "/x"], ["NoSuchTool", '{"any":1}']]);
    turn.handle({ type: "user", parent_tool_use_id: null, ...base, message: { role: "user", content: [{ type: "tool_result", tool_use_id: "a", content: "File does not exist.", is_error: true }] } });
    expect(store.get().items.at(-1)).toMatchObject({ kind: "tool", call: { status: "error", result: ["File does not exist."] } });
    turn.finish();
    expect(store.get().items.at(-1)).toMatchObject({ kind: "tool", call: { title: "NoSuchTool", status: "error", result: ["Interrupted"] } });
  });

  test("a failed run is an error notice; an interrupted one says what to do next", () => {
    const { store, turn } = display();
    const result = { type: "result" as const, subtype: "error_during_execution" as const, is_error: true, result: "", num_turns: 0, duration_ms: 0, duration_api_ms: 0, total_cost_usd: 0, usage: {} as never, modelUsage: {}, permission_denials: [], stop_reason: null, ...base };
    turn.handle({ ...result, errors: ["The API key is not valid."], terminal_reason: "api_error" });
    expect(store.get().items.at(-1)).toMatchObject({ kind: "notice", level: "error", text: "The API key is not valid." });
    turn.handle({ ...result, errors: ["interrupted"], terminal_reason: "aborted_streaming" });
    expect(store.get().items.at(-1)).toMatchObject({ kind: "notice", level: "warning", text: "Interrupted. Tell the model what to do instead, or send a new message." });
  });
});

test("a call of an MCP tool not in the pool yet (its server still connecting) is shown by server and tool, as the tool would show itself", () => {
  expect(toolCallView({ id: "t1", name: "mcp__fx__tool_000", input: { text: "hi" } }, []).title).toBe("fx - tool_000 (MCP)");
  expect(toolCallView({ id: "t2", name: "NoSuchTool", input: {} }, []).title).toBe("NoSuchTool");
});

test("progress data: strings, lines, messages and text", () => {
  expect([progressLine("a"), progressLine({ line: "b" }), progressLine({ message: "c" }), progressLine({ text: "d" }), progressLine({ count: 1 }), progressLine(3)]).toEqual(["a", "b", "c", "d", undefined, undefined]);
});
