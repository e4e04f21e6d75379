/**
 * What the screen draws, rendered to text without a terminal (Ink's renderToString): Markdown
 * answers, tool call lines, the permission question, the input box, the status line and a list
 * to choose from, at 80 columns and wider, with and without colour.
 */
import { describe, expect, test } from "bun:test";
import { renderToString } from "ink";
import { renderMarkdown } from "../../../src/terminal/markdown/renderMarkdown.ts";
import { renderItemLines } from "../../../src/terminal/renderItemLines.ts";
import { renderStatusLine } from "../../../src/terminal/renderStatusLine.ts";
import { createStyle, stripAnsi } from "../../../src/terminal/style.ts";
import type { QuestionView as Question, ToolCallView } from "../../../src/terminal/terminalState.ts";
import { InputBox } from "../../../src/terminal/ui/InputBox.tsx";
import { ItemView } from "../../../src/terminal/ui/ItemView.tsx";
import { LiveArea } from "../../../src/terminal/ui/LiveArea.tsx";
import { PickerView } from "../../../src/terminal/ui/PickerView.tsx";
import { QuestionView } from "../../../src/terminal/ui/QuestionView.tsx";
import { StatusLineView } from "../../../src/terminal/ui/StatusLineView.tsx";
import { questionOptions } from "../../../src/terminal/buildQuestionView.ts";
import { firstFrameLines } from "../../../src/terminal/firstFrame.ts";

const plain = createStyle(false);
const colour = createStyle(true);
const COLOUR_CODE = /\u001B\[(?:3[0-7]|9[0-7])m/;

function lines(text: string): string[] {
  return stripAnsi(text).split("\n").map((line) => line.trimEnd());
}

describe("Markdown", () => {
  const answer = [
    "# Title",
    "",
    "Some *emphasis*, **strength**, `code` and a [link](https://example.com).",
    "",
    "## Steps",
    "",
    "1. First step",
    "2. Second step, long enough to wrap onto another line when the screen is narrow",
    "   - nested",
    "   - [x] done",
    "",
    "> quoted",
    "",
    "```python",
    "def answer():",
    "    return 42  # the answer",
    "```",
    "",
    "| Name | Count |",
    "|------|------:|",
    "| alpha | 1 |",
    "| beta | 22 |",
    "",
    "---",
  ].join("\n");

  test("headings, emphasis, lists with hanging indents, quotes, code without fences, tables and rules", () => {
    const shown = renderMarkdown(answer, 60, plain).map((line) => stripAnsi(line).trimEnd());
    expect(shown).toContain("Title");
    expect(shown).not.toContain("# Title");
    expect(shown).toContain("Some emphasis, strength, `code` and a link");
    expect(shown).toContain("(https://example.com).");
    expect(shown).toContain("1. First step");
    expect(shown).toContain("2. Second step, long enough to wrap onto another line when");
    expect(shown).toContain("   the screen is narrow");
    expect(shown).toContain("   ◦ nested");
    expect(shown).toContain("   ◦ [x] done");
    expect(shown).toContain("│ quoted");
    expect(shown).toContain("  def answer():");
    expect(shown).toContain("      return 42  # the answer");
    expect(shown.join("\n")).not.toContain("```");
    expect(shown).toContain("Name  │ Count");
    expect(shown).toContain("alpha │     1");
    expect(shown.some((line) => /^─{40,}$/.test(line))).toBe(true);
    for (const line of shown) expect(line.length).toBeLessThanOrEqual(60);
  });

  test("code is highlighted when colours are on, and inline code is coloured instead of quoted", () => {
    const shown = renderMarkdown("Call `run()`:\n\n```ts\nconst value: number = 1; // one\n```", 80, colour);
    expect(shown[0]).toMatch(COLOUR_CODE);
    expect(stripAnsi(shown[0] as string)).toBe("Call run():");
    const code = shown.find((line) => stripAnsi(line).includes("const value")) as string;
    expect(code).toMatch(/\u001B\[35mconst\u001B\[39m/);
    expect(code).toMatch(/\u001B\[90m\/\/ one\u001B\[39m/);
    // An unknown language is shown plain.
    expect(renderMarkdown("```nolang\nplain text\n```", 80, colour)).toEqual(["  plain text"]);
  });

  test("a table wider than the screen narrows its columns, or becomes one block per row", () => {
    const table = "| Column one | Column two |\n|---|---|\n| a fairly long first cell | and an equally long second cell |";
    const narrow = renderMarkdown(table, 40, plain).map((line) => stripAnsi(line));
    for (const line of narrow) expect(line.length).toBeLessThanOrEqual(40);
    expect(narrow.join("\n")).toContain("│");
    const many = `| ${Array.from({ length: 12 }, (_, index) => `h${index}`).join(" | ")} |\n|${"---|".repeat(12)}\n| ${Array.from({ length: 12 }, (_, index) => `v${index}`).join(" | ")} |`;
    expect(renderMarkdown(many, 40, plain).map((line) => stripAnsi(line))).toContain("h3: v3");
  });

  test("an answer item starts with a bullet; its continued parts do not; it renders through Ink at the width given", () => {
    const item = renderToString(<ItemView item={{ kind: "assistant", id: "a", text: "Hello **there**.", continued: false }} width={80} style={plain} />, { columns: 80 });
    expect(lines(item)).toContain("● Hello there.");
    expect(renderItemLines({ kind: "assistant", id: "b", text: "More.", continued: true }, 80, plain)).toEqual(["  More."]);
  });
});

describe("tool calls", () => {
  const call = (overrides: Partial<ToolCallView>): ToolCallView => ({ id: "t", title: "Bash", summary: "npm test", status: "running", progress: [], result: [], ...overrides });

  test("one line with the summary; the latest output while it runs; a short result when done", () => {
    expect(renderItemLines({ kind: "tool", id: "1", call: call({ status: "done", result: ["12 passed", "… +3 lines"] }) }, 80, plain).map(stripAnsi)).toEqual(["● Bash(npm test)", "  └ 12 passed", "    … +3 lines"]);
    const live = renderToString(<LiveArea state={{ streaming: "", streamingContinues: false, tools: [call({ progress: ["line 1", "line 2"], elapsedSeconds: 3.4 })], queued: [] }} width={80} style={plain} spinner="⠋" />, { columns: 80 });
    expect(lines(live)).toEqual(["", "⠋ Bash(npm test) (3 s)", "  └ line 1", "    line 2"]);
  });

  test("an error is shown in red, plainly", () => {
    const shown = renderItemLines({ kind: "tool", id: "1", call: call({ status: "error", result: ["File does not exist: /x"] }) }, 80, colour);
    expect(shown[1]).toContain("\u001B[31m");
    expect(stripAnsi(shown[1] as string)).toBe("  └ File does not exist: /x");
  });

  test("a long summary wraps under the name instead of running off the screen", () => {
    const shown = renderItemLines({ kind: "tool", id: "1", call: call({ status: "done", summary: "x".repeat(150), result: ["ok"] }) }, 80, plain);
    for (const line of shown) expect(stripAnsi(line).length).toBeLessThanOrEqual(80);
    expect(shown.length).toBe(3);
    expect(stripAnsi(shown[1] as string)).toMatch(/^  x+\)$/);
  });
});

describe("control characters in what others wrote", () => {
  // Sets the window title, writes the clipboard (OSC 52), hides text, moves the cursor.
  const hostile = "a\u001b]0;owned\u0007b\u001b]52;c;ZWNobyBoaQ==\u0007c\u001b[8mhidden\u001b[2Ad\r";

  test("an answer, a notice, a tool's result and its summary show them instead of obeying them", () => {
    const everything = [
      ...renderItemLines({ kind: "assistant", id: "a", text: hostile, continued: false }, 200, plain),
      ...renderItemLines({ kind: "notice", id: "n", level: "warning", text: hostile }, 200, plain),
      ...renderItemLines({ kind: "tool", id: "t", call: { id: "t", title: "Bash", summary: hostile, status: "done", progress: [], result: [hostile] } }, 200, plain),
      ...renderItemLines({ kind: "output", id: "o", lines: [hostile] }, 200, plain),
    ].join("\n");
    // Only toolshed's own styling is left: no title, clipboard, concealing or cursor sequence.
    for (const sequence of ["\u001b]", "\u001b[8m", "\u001b[2A", "\u0007"]) expect(everything).not.toContain(sequence);
    expect(everything).not.toContain("\r");
    expect(everything).toContain("a^[]0;owned^Gb");
    const live = renderToString(<LiveArea state={{ streaming: hostile, streamingContinues: false, tools: [], queued: [hostile], busy: hostile }} width={200} style={plain} spinner="⠋" />, { columns: 200 });
    expect(live).not.toContain("\u001b]");
    expect(live).toContain("^[[8mhidden");
  });

  test("toolshed's own colours in a command's output still apply", () => {
    const [line] = renderItemLines({ kind: "output", id: "o", lines: [`${colour.bold("Commands")} \u001b]0;x\u0007`] }, 80, colour);
    expect(line).toContain("\u001b[1mCommands");
    expect(line).toContain("^[]0;x^G");
  });

  test("the rule a question would save, completions, the status line's model and the first frame show them too", () => {
    const options = questionOptions({ decision: "ask", reason: "r", suggestedRule: "Edit(./o\u009b8mx/a.txt)" });
    expect(options[1]?.label).toBe("Yes, and don't ask again for Edit(./o\\u{9b}8mx/a.txt)");
    const box = renderToString(<InputBox editor={{ text: "/dep", cursor: 4 }} width={80} style={plain} completions={[{ value: "/deploy ", label: "/deploy\u001b[8m", detail: "Deploy \u001b[8mand push" }]} selected={0} />, { columns: 80 });
    expect(box).not.toContain("\u001b[8m");
    expect(box).toContain("Deploy ^[[8mand push");
    const line = renderStatusLine({ model: "claude-x\u009b8m-hidden", mode: "default", contextTokens: 0, contextWindow: 1000, costUsd: 0 }, 200, plain);
    expect(line).toContain("claude-x\\u{9b}8m-hidden");
    const frame = firstFrameLines({ width: 80, style: plain, welcome: "Welcome to /tmp/evil\u001b]0;x\u0007", status: { model: "m", mode: "default", contextTokens: 0, contextWindow: 1000, costUsd: 0 } }).join("\n");
    expect(frame).not.toContain("\u001b]");
    expect(frame).toContain("evil^[]0;x^G");
  });

  test("concealed text and bidirectional overrides are marked even in toolshed's own styled output", () => {
    const [line] = renderItemLines({ kind: "output", id: "o", lines: [`${colour.bold("ok")} \u001b[08mhidden \u202eevil`] }, 80, colour);
    expect(line).toContain("\u001b[1mok");
    expect(line).toContain("^[[08mhidden");
    expect(line).toContain("\\u{202e}evil");
  });

  test("a picker's title and options show them too", () => {
    const shown = renderToString(<PickerView picker={{ id: "p", title: `Start ${hostile}?`, options: [{ label: hostile, detail: hostile }], selected: 0 }} width={200} style={plain} />, { columns: 200 });
    expect(shown).not.toContain("\u001b]");
    expect(shown).toContain("^[]0;owned^G");
  });
});

describe("the permission question", () => {
  const question: Question = {
    id: "q",
    heading: "Edit: change a file",
    subject: ["/project/greeting.txt"],
    diff: ["1   hello", "2 - world", "2 + there"],
    reason: "Edit /project/greeting.txt writes /project/greeting.txt",
    options: [
      { label: "Yes", answer: "yes" },
      { label: "Yes, and don't ask again for Edit(./greeting.txt)", answer: "always" },
      { label: "No, and tell the model what to do instead", answer: "instead" },
    ],
  };

  test("what will change, why, and the three answers with the chosen one marked", () => {
    const shown = lines(renderToString(<QuestionView question={question} selected={1} width={80} style={plain} />, { columns: 80 }));
    expect(shown.filter((line) => line !== "")[0]).toBe(`╭${"─".repeat(78)}╮`);
    const inner = shown.map((line) => line.replace(/^│ ?/, "").replace(/ *│$/, ""));
    expect(inner).toContain("Edit: change a file");
    expect(inner).toContain("  /project/greeting.txt");
    expect(inner).toContain("2 - world");
    expect(inner).toContain("2 + there");
    expect(inner).toContain("Do you want to go ahead?");
    expect(inner).toContain("  1. Yes");
    expect(inner).toContain("❯ 2. Yes, and don't ask again for Edit(./greeting.txt)");
    expect(inner).toContain("  3. No, and tell the model what to do instead");
    for (const line of shown) expect(line.length).toBeLessThanOrEqual(80);
  });
});

describe("the input and the status line", () => {
  test("the input draws its text with the cursor, a second line under the first, and completions", () => {
    const shown = lines(renderToString(<InputBox editor={{ text: "first\nsecond", cursor: 3 }} width={60} style={plain} completions={[{ value: "@a.ts ", label: "@a.ts" }]} selected={0} />, { columns: 60 }));
    expect(shown[1]).toBe(`│ > first${" ".repeat(50)}│`);
    expect(shown[2]).toBe(`│   second${" ".repeat(49)}│`);
    expect(shown).toContain("  @a.ts");
    const shell = lines(renderToString(<InputBox editor={{ text: "!ls", cursor: 3 }} width={60} style={plain} completions={[]} selected={0} />, { columns: 60 }));
    expect(shell[1]).toMatch(/^│ ! ls /);
    const empty = lines(renderToString(<InputBox editor={{ text: "", cursor: 0 }} placeholder="Tell the model what to do instead" width={60} style={plain} completions={[]} selected={0} />, { columns: 60 }));
    expect(empty[1]).toMatch(/^│ >  Tell the model what to do instead/);
  });

  test("the status line: model, mode, context and cost, fitting 80 columns and narrower", () => {
    const status = { model: "claude-sonnet-5-5", mode: "acceptEdits" as const, contextTokens: 12_500, contextWindow: 1_000_000, costUsd: 0.0123 };
    expect(stripAnsi(renderStatusLine(status, 76, plain))).toBe("claude-sonnet-5-5 · accept edits · context 1% (12.5k/1.0M) · $0.0123");
    expect(stripAnsi(renderStatusLine(status, 96, plain))).toBe("claude-sonnet-5-5 · accept edits · context 1% (12.5k/1.0M) · $0.0123 · shift+tab: mode");
    const narrow = stripAnsi(renderStatusLine(status, 50, plain));
    expect(narrow.length).toBeLessThanOrEqual(50);
    expect(narrow).toContain("claude-sonnet-5-5");
    expect(narrow).toContain("$0.0123");
    const hint = lines(renderToString(<StatusLineView status={status} hint="Press Ctrl-C again to exit" width={76} style={plain} />, { columns: 80 }));
    expect(hint).toEqual(["Press Ctrl-C again to exit"]);
  });

  test("a list to choose from marks the selected entry", () => {
    const shown = lines(renderToString(<PickerView picker={{ id: "p", title: "Choose", options: [{ label: "sonnet", detail: "claude-sonnet-5-5" }, { label: "opus", detail: "claude-opus-5-5" }], selected: 1 }} width={80} style={plain} />, { columns: 80 }));
    expect(shown.some((line) => line.includes("  1. sonnet  claude-sonnet-5-5"))).toBe(true);
    expect(shown.some((line) => line.includes("❯ 2. opus  claude-opus-5-5"))).toBe(true);
  });

  test("without colours nothing is coloured; emphasis stays", () => {
    const item = renderItemLines({ kind: "notice", id: "n", level: "error", text: "It failed." }, 80, plain).join("\n");
    expect(item).not.toMatch(COLOUR_CODE);
    expect(renderItemLines({ kind: "user", id: "u", text: "hi" }, 80, plain)[0]).toContain("\u001B[1m");
  });
});

describe("the first frame", () => {
  test("drawn before the screen's library loads, it matches what the screen then draws in its place", async () => {
    const { firstFrameLines, emptyInputBoxLines, eraseFrame } = await import("../../../src/terminal/firstFrame.ts");
    const status = { model: "claude-sonnet-5-5", mode: "default" as const, contextTokens: 0, contextWindow: 1_000_000, costUsd: 0 };
    for (const style of [plain, colour]) {
      const drawnByInk = lines(renderToString(<InputBox editor={{ text: "", cursor: 0 }} width={80} style={style} completions={[]} selected={0} />, { columns: 80 }));
      expect(emptyInputBoxLines(80, style).map((line) => stripAnsi(line))).toEqual(drawnByInk);
    }
    const frame = firstFrameLines({ width: 80, style: plain, welcome: "toolshed 0.1.0 in /project.", status }).map((line) => stripAnsi(line));
    expect(frame).toEqual([
      "",
      "  toolshed 0.1.0 in /project.",
      "",
      `╭${"─".repeat(78)}╮`,
      `│ > ${" ".repeat(75)}│`,
      `╰${"─".repeat(78)}╯`,
      "  claude-sonnet-5-5 · ask before changes · context 0% (0/1.0M) · $0.0000",
    ]);
    expect(eraseFrame(7)).toBe("\r\u001B[6A\u001B[J");
  });
});
