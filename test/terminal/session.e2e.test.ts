/**
 * The interactive session around the conversation (the compiled binary in tmux): slash commands,
 * the person's own commands, the status line and Shift+Tab, leaving (/exit, Ctrl-C twice) with the
 * transcript kept for --continue and /resume, a first prompt on the command line, resizing, and
 * NO_COLOR.
 */
import { afterEach, beforeAll, describe, expect, test } from "bun:test";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { MessageParam } from "@anthropic-ai/sdk/resources/messages";
import { textTurn } from "../helpers/messagesApiServer.ts";
import { BUILD_TIMEOUT_MS, terminalBinary } from "./helpers/terminalBinary.ts";
import { createTerminalKit, type TerminalKit } from "./helpers/terminalKit.ts";

beforeAll(() => terminalBinary(), { timeout: BUILD_TIMEOUT_MS });

let kit: TerminalKit;
afterEach(async () => {
  await kit?.close();
});

const READY = /╭─+╮\n│ > +│\n╰─+╯/;
type Body = { messages: MessageParam[]; model: string; tool_choice?: unknown };
const body = (index: number) => kit.server.requests[index]?.body as Body;
const texts = (message: MessageParam | undefined) =>
  message === undefined ? "" : typeof message.content === "string" ? message.content : message.content.map((block) => ("text" in block ? block.text : "")).join("\n");

async function send(text: string): Promise<void> {
  await kit.waitFor(READY);
  kit.type(text);
  kit.keys("Enter");
}

describe("slash commands", () => {
  test("/help, /tools, /mcp, /cost and /model", async () => {
    kit = await createTerminalKit();
    kit.server.push(textTurn("Cheap answer.", { input_tokens: 1000, output_tokens: 100 }), textTurn("From opus."));
    await kit.start(["--model", "sonnet"]);
    // Completion offers the commands as the name is typed.
    await kit.waitFor(READY);
    kit.type("/he");
    await kit.waitFor("/help  Show the commands and keys");
    kit.keys("Enter");
    const help = await kit.waitFor("Ctrl-C twice, Ctrl-D");
    for (const command of ["/clear", "/compact", "/model", "/permissions", "/tools", "/mcp", "/cost", "/resume", "/exit"]) expect(help).toContain(command);

    await send("/tools");
    await kit.waitFor(/Tools \(\d+\)/);
    expect(kit.screen()).toMatch(/Bash +\S/);
    await send("/mcp");
    await kit.waitFor("No MCP servers are configured");

    await send("hello");
    await kit.waitFor("Cheap answer.");
    await send("/cost");
    const cost = await kit.waitFor("API time:");
    expect(cost).toMatch(/Cost: \$0\.\d{4}/);
    expect(cost).toContain("1.0k in, 100 out");

    await send("/model opus");
    await kit.waitFor("The model is now claude-opus");
    expect(kit.screen()).toMatch(/claude-opus-\S+ · ask before changes/);
    await send("and now?");
    await kit.waitFor("From opus.");
    expect(body(1).model).toMatch(/^claude-opus/);
    expect(kit.server.requestCount).toBe(2);
  });

  test("/model without a name offers a list; /permissions shows, adds and removes rules", async () => {
    kit = await createTerminalKit();
    await kit.start(["--model", "sonnet"]);
    await send("/model");
    await kit.waitFor("Choose the model for the next messages");
    kit.keys("Down");
    kit.keys("Enter");
    await kit.waitFor(/The model is now claude-/);

    await send("/permissions allow Bash(npm test *)");
    await kit.waitFor("Added allow rule Bash(npm test *)");
    await send("/permissions deny Read(./secret.txt)");
    await kit.waitFor("Added deny rule Read(./secret.txt)");
    await send("/permissions");
    const listed = await kit.waitFor(/Allow:\n.*Bash\(npm test \*\)/);
    expect(listed).toMatch(/Deny:\n.*Read\(\.\/secret\.txt\)/);
    await send("/permissions remove Read(./secret.txt)");
    await kit.waitFor("Removed Read(./secret.txt)");
    await send("/nonsense");
    await kit.waitFor("There is no command /nonsense. /help lists the commands.");
  });

  test("the person's own commands from .toolshed/commands and .claude/commands", async () => {
    kit = await createTerminalKit();
    mkdirSync(join(kit.project, ".toolshed", "commands", "git"), { recursive: true });
    mkdirSync(join(kit.project, ".claude", "commands"), { recursive: true });
    writeFileSync(join(kit.project, ".toolshed", "commands", "review.md"), "---\ndescription: Review a file closely\n---\nReview $ARGUMENTS for bugs, and say which lines.\n");
    writeFileSync(join(kit.project, ".toolshed", "commands", "git", "summary.md"), "Summarize the last commit.\n");
    writeFileSync(join(kit.project, ".claude", "commands", "explain.md"), "Explain $1 to a newcomer.\n");
    kit.server.push(textTurn("Reviewed."), textTurn("Explained."), textTurn("Summarized."));
    await kit.start(["--model", "sonnet"]);
    await send("/help");
    const help = await kit.waitFor("Your commands");
    expect(help).toContain("/review");
    expect(help).toContain("Review a file closely (project)");
    expect(help).toContain("/git:summary");
    await send("/review src/main.ts");
    await kit.waitFor("Reviewed.");
    expect(texts(body(0).messages.at(-1))).toBe("Review src/main.ts for bugs, and say which lines.");
    await send("/explain parsers");
    await kit.waitFor("Explained.");
    expect(texts(body(1).messages.at(-1))).toBe("Explain parsers to a newcomer.");
    await send("/git:summary");
    await kit.waitFor("Summarized.");
    expect(texts(body(2).messages.at(-1))).toBe("Summarize the last commit.");
  });

  test("/compact replaces the conversation with the model's summary; /clear starts afresh", async () => {
    kit = await createTerminalKit();
    kit.server.push(textTurn("The answer is 42."), textTurn("Summary: the user asked a question; the answer was 42."), textTurn("Still 42."), textTurn("Fresh start."));
    await kit.start(["--model", "sonnet"]);
    await send("what is the answer?");
    await kit.waitFor("The answer is 42.");
    await send("/compact keep the number");
    await kit.waitFor("The conversation was summarized");
    // The summary request carries the conversation and the person's instructions.
    expect(JSON.stringify(body(1).messages)).toContain("The answer is 42.");
    expect(texts(body(1).messages.at(-1))).toContain("keep the number");
    await send("and again?");
    await kit.waitFor("Still 42.");
    expect(body(2).messages).toHaveLength(1);
    expect(texts(body(2).messages[0])).toContain("Summary: the user asked a question");
    expect(texts(body(2).messages[0])).toContain("and again?");
    await send("/clear");
    await kit.waitFor("Started a new conversation.");
    expect(kit.screen()).not.toContain("Still 42.");
    await send("hi");
    await kit.waitFor("Fresh start.");
    expect(body(3).messages).toHaveLength(1);
  });
});

describe("the status line", () => {
  test("shows the model, the mode (Shift+Tab cycles it), the context used and the cost", async () => {
    kit = await createTerminalKit();
    kit.server.push(textTurn("Counted.", { input_tokens: 12_000, output_tokens: 500 }));
    await kit.start(["--model", "sonnet"]);
    await kit.waitFor("claude-sonnet-5-5 · ask before changes · context 0% (0/1.0M) · $0.0000 · shift+tab: mode");
    await send("count tokens");
    await kit.waitFor("Counted.");
    await kit.waitFor(/context 1% \(12\.5k\/1\.0M\) · \$0\.\d{4}/);
    kit.keys("BTab");
    await kit.waitFor("· accept edits ·");
    kit.keys("BTab");
    await kit.waitFor("· plan mode ·");
    kit.keys("BTab");
    await kit.waitFor("· ask before changes ·");
  });
});

describe("leaving and coming back", () => {
  test("/exit leaves with the transcript kept; --continue shows the conversation and goes on with it", async () => {
    kit = await createTerminalKit();
    kit.server.push(textTurn("Remember: the password is swordfish."), textTurn("It was swordfish."));
    await kit.start(["--model", "sonnet"]);
    await send("remember this");
    await kit.waitFor("the password is swordfish");
    await send("/exit");
    expect(await kit.waitForExit()).toBe(0);
    expect(kit.screen()).toMatch(/Resume this conversation with: toolshed --resume [0-9a-f-]{36}/);

    await kit.restart(["--model", "sonnet", "--continue"]);
    const resumed = await kit.waitFor("Resumed session");
    expect(resumed).toContain("> remember this");
    expect(resumed).toContain("the password is swordfish");
    await send("what was it?");
    await kit.waitFor("It was swordfish.");
    expect(body(1).messages.map((message) => message.role)).toEqual(["user", "assistant", "user"]);
  });

  test("Ctrl-C twice leaves; /resume picks an earlier conversation; a first prompt can be given on the command line", async () => {
    kit = await createTerminalKit();
    kit.server.push(textTurn("First conversation."), textTurn("Second conversation."), textTurn("Back in the first."));
    await kit.start(["--model", "sonnet", "start with this"]);
    await kit.waitFor("First conversation.");
    expect(kit.screen()).toContain("> start with this");
    kit.keys("C-c");
    await kit.waitFor("Press Ctrl-C again to exit");
    kit.keys("C-c");
    expect(await kit.waitForExit()).toBe(0);

    await kit.restart(["--model", "sonnet"]);
    await send("another topic");
    await kit.waitFor("Second conversation.");
    await send("/resume");
    await kit.waitFor("Resume which conversation?");
    expect(kit.screen()).toContain("1. start with this");
    kit.keys("Enter");
    await kit.waitFor("Resumed session");
    expect(kit.screen()).not.toContain("Second conversation.");
    await send("continue");
    await kit.waitFor("Back in the first.");
    expect(texts(body(2).messages[0])).toBe("start with this");
  });
});

describe("a session that cannot start", () => {
  test("without credentials it says how to give them, with no stack, and exits 2", async () => {
    kit = await createTerminalKit();
    await kit.start(["--model", "sonnet"], { env: { ANTHROPIC_API_KEY: "" } });
    expect(await kit.waitForExit()).toBe(2);
    const screen = kit.screen();
    expect(screen).toContain("toolshed: No credentials for the Anthropic API");
    expect(screen).toContain("ANTHROPIC_AUTH_TOKEN");
    expect(screen).not.toMatch(/^\s+at /m);
  });
});

describe("a terminal that goes away", () => {
  test("a hang-up (a closed window, a dropped ssh connection) ends the session with its transcript kept", async () => {
    kit = await createTerminalKit();
    kit.server.push(textTurn("Noted: the colour is teal."), textTurn("It was teal."));
    await kit.start(["--model", "sonnet"]);
    await send("remember teal");
    await kit.waitFor("the colour is teal");
    kit.hangUp();
    expect(await kit.waitForExit()).toBe(129);
    await kit.restart(["--model", "sonnet", "--continue"]);
    await kit.waitFor("Resumed session");
    await send("what was it?");
    await kit.waitFor("It was teal.");
    expect(texts(body(1).messages[0])).toBe("remember teal");
  });
});

describe("fitting the terminal", () => {
  test("follows a resize down to 80 columns, and up again", async () => {
    kit = await createTerminalKit();
    kit.server.push(textTurn("A line of text long enough to wrap differently at eighty columns than it does at a hundred columns, which is the point."));
    await kit.start(["--model", "sonnet"], { width: 100 });
    await send("wrap");
    await kit.waitFor("which is the point.");
    kit.resize(80, 24);
    const narrow = await kit.waitFor((screen) => /^╭─{78}╮$/m.test(screen));
    for (const line of narrow.split("\n")) expect(line.length).toBeLessThanOrEqual(80);
    // Printed anew at the new width: nothing of the wider frames is left, and the answer is there, rewrapped.
    expect(narrow.match(/╭/g)).toHaveLength(1);
    expect(narrow).toContain("● A line of text long enough to wrap differently at eighty columns than it does");
    expect(narrow).toMatch(/claude-sonnet-5-5 · ask before changes/);
    kit.resize(120, 30);
    await kit.waitFor((screen) => /^╭─{118}╮$/m.test(screen));
  });

  test("NO_COLOR leaves colours out; without it the screen has colour", async () => {
    kit = await createTerminalKit();
    kit.server.push(textTurn("Plain `code` here."), textTurn("Coloured `code` here."));
    await kit.start(["--model", "sonnet"], { env: { NO_COLOR: "1" } });
    await send("plain");
    await kit.waitFor("Plain `code` here.");
    const plain = kit.screenWithEscapes();
    // Foreground colours are SGR 30-37, 90-97 and 38;5;n; emphasis (bold, reverse) is allowed.
    expect(plain).not.toMatch(/\u001B\[(?:[0-9;]*;)?(?:3[0-7]|9[0-7]|38;5;\d+)m/);
    kit.keys("C-d");
    expect(await kit.waitForExit()).toBe(0);
    await kit.restart(["--model", "sonnet"]);
    await send("colour");
    await kit.waitFor("Coloured code here.");
    expect(kit.screenWithEscapes()).toMatch(/\u001B\[(?:[0-9;]*;)?(?:3[0-7]|9[0-7]|38;5;\d+)m/);
  });
});
