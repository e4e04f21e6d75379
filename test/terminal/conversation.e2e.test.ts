/**
 * The interactive terminal as a person meets it: the compiled binary in tmux against the local
 * Messages API. A prompt and its answer streaming in as Markdown, tool calls on their own lines
 * with their progress and results, Escape during an answer and during a long command, and the
 * input's editing, history, paste, `!` and `@`.
 */
import { afterEach, beforeAll, describe, expect, test } from "bun:test";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { MessageParam } from "@anthropic-ai/sdk/resources/messages";
import { cutTurn, textTurn, turn } from "../helpers/messagesApiServer.ts";
import { eventually } from "../tasks/processAlive.ts";
import { BUILD_TIMEOUT_MS, terminalBinary } from "./helpers/terminalBinary.ts";
import { createTerminalKit, type TerminalKit } from "./helpers/terminalKit.ts";

// A stale or missing binary is built once, before the first test (CI has built it already).
beforeAll(() => terminalBinary(), { timeout: BUILD_TIMEOUT_MS });

let kit: TerminalKit;
afterEach(async () => {
  await kit?.close();
});

/** The input box is drawn and empty: the session is ready for a message. */
const READY = /╭─+╮\n│ > +│\n╰─+╯/;

type Body = { messages: MessageParam[] };
const lastUserText = (index: number) => {
  const body = kit.server.requests[index]?.body as Body;
  const last = body.messages.at(-1);
  if (last === undefined) return "";
  return typeof last.content === "string" ? last.content : last.content.map((block) => ("text" in block ? block.text : "content" in block ? JSON.stringify(block.content) : "")).join("\n");
};

async function startReady(args: string[] = ["--model", "sonnet"]): Promise<void> {
  await kit.start(args);
  await kit.waitFor(READY);
}

describe("a conversation", () => {
  test("the answer streams in as it arrives and is shown as Markdown", async () => {
    kit = await createTerminalKit();
    const answer = "# Findings\n\nThe first paragraph arrives early.\n\n- a **bold** point\n- a `code` point\n\n```ts\nconst answer = 42;\n```\n\nThe last line arrives late.";
    kit.server.push(turn([{ type: "text", text: answer }], { delayMs: 120 }));
    await startReady();
    kit.type("what did you find?");
    kit.keys("Enter");
    // Part of the answer is on the screen while the rest is still on its way.
    const partial = await kit.waitFor((screen) => screen.includes("Findings") && !screen.includes("arrives late"));
    expect(partial).toContain("> what did you find?");
    const done = await kit.waitFor("The last line arrives late.");
    expect(done).toContain("● Findings");
    expect(done).not.toContain("# Findings");
    expect(done).toContain("• a bold point");
    expect(done).toContain("const answer = 42;");
    expect(done).not.toContain("```");
    await kit.waitFor(READY);
  });

  test("each tool call is one line with its summary, its output as it comes, and a short result; errors are shown plainly", async () => {
    kit = await createTerminalKit();
    writeFileSync(join(kit.project, "notes.txt"), "one\ntwo\n");
    kit.server.push(
      turn([{ type: "tool_use", id: "toolu_1", name: "Bash", input: { command: "for i in 1 2 3; do echo tick-$i; sleep 0.3; done", description: "Count slowly" } }]),
      turn([{ type: "tool_use", id: "toolu_2", name: "Read", input: { file_path: join(kit.project, "missing.txt") } }]),
      textTurn("Counted."),
    );
    await startReady(["--model", "sonnet", "--allowedTools", "Bash", "Read"]);
    kit.type("count");
    kit.keys("Enter");
    // While it runs, the call shows the lines it has printed so far.
    const running = await kit.waitFor((screen) => screen.includes("tick-1") && !screen.includes("tick-3"));
    expect(running).toContain("Bash(Count slowly)");
    const done = await kit.waitFor("Counted.");
    expect(done).toMatch(/● Bash\(Count slowly\)\n  └ tick-1\n    tick-2\n    tick-3/);
    expect(done).toContain(`Read(${join(kit.project, "missing.txt")})`);
    expect(done).toMatch(/└ .*does not exist/);
  });

  test("the model's todo list is shown under its TodoWrite call, item by item", async () => {
    kit = await createTerminalKit();
    const todos = [
      { content: "Read the failing test", status: "completed", activeForm: "Reading the failing test" },
      { content: "Fix the parser", status: "in_progress", activeForm: "Fixing the parser" },
      { content: "Run the whole suite", status: "pending", activeForm: "Running the whole suite" },
      { content: "Write the changelog entry", status: "pending", activeForm: "Writing the changelog entry" },
    ];
    kit.server.push(turn([{ type: "tool_use", id: "toolu_1", name: "TodoWrite", input: { todos } }]), textTurn("Planned."));
    await startReady();
    kit.type("plan the fix");
    kit.keys("Enter");
    const done = await kit.waitFor("Planned.");
    expect(done).toMatch(/● TodoWrite.*\n  └ \[x\] Read the failing test\n    \[~\] Fixing the parser\n    \[ \] Run the whole suite\n    \[ \] Write the changelog entry/);
    // The model was told the list is updated; the person saw the list.
    expect(lastUserText(1)).toContain("The todo list is updated");
    expect(done).not.toContain("The todo list is updated");
  });

  test("Escape during the answer stops the request; the session goes on", async () => {
    kit = await createTerminalKit();
    kit.server.push(cutTurn([{ type: "text", text: "Starting a long answer that never ends" }], 5, "stall"), textTurn("Still here."));
    await startReady();
    kit.type("tell me a long story");
    kit.keys("Enter");
    await kit.waitFor("Starting");
    kit.keys("Escape");
    await kit.waitFor("Interrupted.");
    await kit.waitFor(READY);
    kit.type("are you there?");
    kit.keys("Enter");
    await kit.waitFor("Still here.");
    expect(kit.server.requestCount).toBe(2);
  });

  test("Escape during a long command stops it and every process it started", async () => {
    kit = await createTerminalKit();
    const marker = `sleep ${30_000 + Math.floor(Math.random() * 9000)}`;
    kit.server.push(turn([{ type: "tool_use", name: "Bash", input: { command: `(${marker} &) ; ${marker}` } }]), textTurn("After the interrupt."));
    await startReady(["--model", "sonnet", "--allowedTools", "Bash"]);
    kit.type("wait a long time");
    kit.keys("Enter");
    await kit.waitFor("Running");
    const running = () => Bun.spawnSync(["pgrep", "-f", marker]).stdout.toString().trim() !== "";
    expect(await eventually(running, 5000)).toBe(true);
    kit.keys("Escape");
    await kit.waitFor("Interrupted.");
    expect(await eventually(() => !running(), 5000)).toBe(true);
    await kit.waitFor(READY);
    kit.type("go on");
    kit.keys("Enter");
    await kit.waitFor("After the interrupt.");
  });
});

describe("the input", () => {
  test("several lines, history per project, and a long paste kept as a placeholder until sent", async () => {
    kit = await createTerminalKit();
    kit.server.push(textTurn("One."), textTurn("Two."), textTurn("Three."));
    await startReady();
    kit.type("first line\\");
    kit.keys("Enter");
    kit.type("second line");
    await kit.waitFor("│   second line");
    kit.keys("Enter");
    await kit.waitFor("One.");
    expect(lastUserText(0)).toBe("first line\nsecond line");

    // Up brings the last message back.
    await kit.waitFor(READY);
    kit.keys("Up");
    await kit.waitFor("│   second line");
    kit.keys("C-c");
    await kit.waitFor(READY);

    const pasted = Array.from({ length: 20 }, (_, index) => `pasted line ${index + 1}`).join("\n");
    const bufferFile = join(kit.root.path, "paste.txt");
    writeFileSync(bufferFile, pasted);
    kit.pasteFile(bufferFile);
    await kit.waitFor("[Pasted text #1 +20 lines]");
    kit.keys("Enter");
    await kit.waitFor("Two.");
    expect(lastUserText(1)).toBe(pasted);

    // The history is kept for the project: a new session recalls it.
    kit.keys("C-c");
    kit.keys("C-c");
    expect(await kit.waitForExit()).toBe(0);
    await kit.restart(["--model", "sonnet"]);
    await kit.waitFor(READY);
    kit.keys("Up");
    await kit.waitFor("[Pasted text #1 +20 lines]");
  });

  test("!command runs in the shell and the model sees its output with the next message", async () => {
    kit = await createTerminalKit();
    kit.server.push(textTurn("I saw it."));
    await startReady();
    kit.type("!echo shell-said-$((6 * 7))");
    kit.keys("Enter");
    const screen = await kit.waitFor("Exit status 0");
    expect(screen).toContain("! echo shell-said-$((6 * 7))");
    expect(screen).toContain("shell-said-42");
    expect(kit.server.requestCount).toBe(0);
    kit.type("what did it print?");
    kit.keys("Enter");
    await kit.waitFor("I saw it.");
    expect(lastUserText(0)).toContain("shell-said-42");
  });

  test("@ completes a project file and attaches it to the message", async () => {
    kit = await createTerminalKit();
    mkdirSync(join(kit.project, "src"));
    writeFileSync(join(kit.project, "src", "greeting.ts"), "export const greeting = 'hello from the file';\n");
    kit.server.push(textTurn("Read it."));
    await startReady();
    kit.type("explain @greet");
    await kit.waitFor("@src/greeting.ts");
    kit.keys("Tab");
    await kit.waitFor("│ > explain @src/greeting.ts");
    kit.keys("Enter");
    await kit.waitFor("Read it.");
    expect(lastUserText(0)).toContain("explain @src/greeting.ts");
    expect(lastUserText(0)).toContain("hello from the file");
  });
});
