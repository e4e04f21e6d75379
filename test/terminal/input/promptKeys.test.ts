/** Keys at the input: editing, moving, new lines, history, completions, and what reaches the session. */
import { describe, expect, test } from "bun:test";
import { editorWith } from "../../../src/terminal/input/EditorState.ts";
import { applyKey, EMPTY_PROMPT, type CompletionChoice, type KeyPress, type PromptAction, type PromptState } from "../../../src/terminal/input/promptKeys.ts";

/** Presses keys in order: a string is typed text, an object a key. */
function press(keys: (string | [string, KeyPress] | KeyPress)[], options: { history?: string[]; completions?: (state: PromptState) => CompletionChoice[]; start?: PromptState } = {}) {
  let state = options.start ?? EMPTY_PROMPT;
  const actions: PromptAction[] = [];
  for (const key of keys) {
    const [input, pressed] = typeof key === "string" ? [key, {}] : Array.isArray(key) ? key : ["", key];
    const result = applyKey(state, input, pressed, { history: options.history ?? [], completions: options.completions?.(state) ?? [] });
    state = result.state;
    if (result.action.type !== "none") actions.push(result.action);
  }
  return { state, actions, text: state.editor.text, cursor: state.editor.cursor };
}

describe("editing", () => {
  test("typing, moving and deleting by character, word and line", () => {
    expect(press(["hello world", { leftArrow: true }, { leftArrow: true }, "X"]).text).toBe("hello worXld");
    expect(press(["hello world", { backspace: true }]).text).toBe("hello worl");
    expect(press(["hello world", ["w", { ctrl: true }]]).text).toBe("hello ");
    expect(press(["hello world", { leftArrow: true, ctrl: true }, "big "]).text).toBe("hello big world");
    expect(press(["hello world", ["a", { ctrl: true }], ["k", { ctrl: true }]]).text).toBe("");
    expect(press(["hello world", { home: true }, { delete: true }]).text).toBe("ello world");
    expect(press(["hello world", ["u", { ctrl: true }]]).text).toBe("");
    expect(press(["héllo 😀", { backspace: true }]).text).toBe("héllo ");
  });

  test("new lines: a backslash before Enter, Alt+Enter, Shift+Enter and Ctrl-J; Up and Down move between lines", () => {
    expect(press(["one\\", { return: true }, "two"]).text).toBe("one\ntwo");
    expect(press(["one", { return: true, meta: true }, "two"]).text).toBe("one\ntwo");
    expect(press(["one", { return: true, shift: true }, "two"]).text).toBe("one\ntwo");
    expect(press(["one", ["j", { ctrl: true }], "two"]).text).toBe("one\ntwo");
    const moved = press(["first line", { return: true, meta: true }, "second", { upArrow: true }, "!"]);
    expect(moved.text).toBe("first !line\nsecond");
  });
});

describe("keys that reach the session", () => {
  test("Enter sends (not a blank message); Escape interrupts; Shift+Tab changes the mode", () => {
    expect(press(["hello", { return: true }])).toMatchObject({ actions: [{ type: "submit", text: "hello" }], text: "" });
    expect(press(["   ", { return: true }]).actions).toEqual([]);
    expect(press([{ escape: true }]).actions).toEqual([{ type: "interrupt" }]);
    expect(press([{ tab: true, shift: true }]).actions).toEqual([{ type: "cycleMode" }]);
  });

  test("Ctrl-C clears what is typed, then counts toward leaving; Ctrl-D leaves on an empty input", () => {
    expect(press(["draft", ["c", { ctrl: true }]])).toMatchObject({ text: "", actions: [] });
    expect(press([["c", { ctrl: true }]]).actions).toEqual([{ type: "ctrlC" }]);
    expect(press([["d", { ctrl: true }]]).actions).toEqual([{ type: "exit" }]);
    expect(press(["ab", { leftArrow: true }, ["d", { ctrl: true }]])).toMatchObject({ text: "a", actions: [] });
  });
});

describe("history", () => {
  test("Up at the first line brings back earlier messages, Down goes forward to what was being typed", () => {
    const history = ["oldest", "newer"];
    expect(press(["draft", { upArrow: true }], { history }).text).toBe("newer");
    expect(press(["draft", { upArrow: true }, { upArrow: true }], { history }).text).toBe("oldest");
    expect(press(["draft", { upArrow: true }, { upArrow: true }, { upArrow: true }], { history }).text).toBe("oldest");
    expect(press(["draft", { upArrow: true }, { upArrow: true }, { downArrow: true }], { history }).text).toBe("newer");
    expect(press(["draft", { upArrow: true }, { downArrow: true }], { history }).text).toBe("draft");
  });
});

describe("completions", () => {
  const files = (state: PromptState): CompletionChoice[] => (state.editor.text.endsWith("@sr") ? [{ value: "@src/a.ts ", replace: 3 }, { value: "@src/b.ts ", replace: 3 }] : []);
  const commands = (state: PromptState): CompletionChoice[] => (state.editor.text.startsWith("/he") ? [{ value: "/help ", replace: state.editor.cursor }] : []);

  test("Tab and Enter take the selected file; arrows choose; Escape closes the list", () => {
    expect(press(["read @sr", { tab: true }], { completions: files }).text).toBe("read @src/a.ts ");
    expect(press(["read @sr", { downArrow: true }, { return: true }], { completions: files })).toMatchObject({ text: "read @src/b.ts ", actions: [] });
    expect(press(["read @sr", { escape: true }, { return: true }], { completions: files }).actions).toEqual([{ type: "submit", text: "read @sr" }]);
  });

  test("Enter on a slash command completes and runs it", () => {
    expect(press(["/he", { return: true }], { completions: commands }).actions).toEqual([{ type: "submit", text: "/help" }]);
    expect(press(["/he", { tab: true }], { completions: commands }).text).toBe("/help ");
  });
});

test("an editor made from text has its cursor at the end", () => {
  expect(editorWith("abc")).toEqual({ text: "abc", cursor: 3 });
});
