/**
 * Permission questions in the interactive terminal (the compiled binary in tmux): what will run
 * or change (a diff for edits), the three answers by number, arrows and Enter, and a "don't ask
 * again" that saves its rule so the same call runs unasked, in this session and the next.
 */
import { afterEach, beforeAll, describe, expect, test } from "bun:test";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { MessageParam, ToolResultBlockParam } from "@anthropic-ai/sdk/resources/messages";
import { textTurn, turn } from "../helpers/messagesApiServer.ts";
import { BUILD_TIMEOUT_MS, terminalBinary } from "./helpers/terminalBinary.ts";
import { createTerminalKit, type TerminalKit } from "./helpers/terminalKit.ts";

// A stale or missing binary is built once, before the first test (CI has built it already).
beforeAll(() => terminalBinary(), { timeout: BUILD_TIMEOUT_MS });

let kit: TerminalKit;
afterEach(async () => {
  await kit?.close();
});

const READY = /╭─+╮\n│ > +│\n╰─+╯/;
const QUESTION = "Do you want to go ahead?";

function toolResult(index: number): ToolResultBlockParam | undefined {
  const messages = (kit.server.requests[index]?.body as { messages: MessageParam[] }).messages;
  for (const message of messages.toReversed()) {
    if (typeof message.content === "string") continue;
    const result = message.content.filter((block) => block.type === "tool_result")[0] as ToolResultBlockParam | undefined;
    if (result !== undefined) return result;
  }
  return undefined;
}

function bash(command: string, id = `toolu_${Math.random().toString(36).slice(2, 10)}`) {
  return turn([{ type: "tool_use", id, name: "Bash", input: { command } }]);
}

/** Trusts the project folder, so its own settings (where answers may be saved) apply on the next start. */
function trustProject(): void {
  const run = Bun.spawnSync([process.execPath === "" ? "bun" : process.execPath, join(import.meta.dir, "..", "..", "src", "main.ts"), "trust"], { cwd: kit.project, env: kit.env, stdout: "pipe", stderr: "pipe" });
  expect(run.exitCode).toBe(0);
}

describe("the permission question", () => {
  test("shows the command and the three answers; 1 runs it once", async () => {
    kit = await createTerminalKit();
    kit.server.push(bash("touch yes.txt"), textTurn("Made it."));
    await kit.start(["--model", "sonnet"]);
    await kit.waitFor(READY);
    kit.type("make a file");
    kit.keys("Enter");
    const question = await kit.waitFor(QUESTION);
    expect(question).toContain("Bash: run a command");
    expect(question).toContain("touch yes.txt");
    expect(question).toContain("❯ 1. Yes");
    expect(question).toContain("2. Yes, and don't ask again for Bash(touch yes.txt), Edit(./yes.txt)");
    expect(question).toContain("3. No, and tell the model what to do instead");
    kit.keys("1");
    await kit.waitFor("Made it.");
    expect(existsSync(join(kit.project, "yes.txt"))).toBe(true);
    expect(toolResult(1)?.is_error).toBeUndefined();
  });

  test("3 refuses, stops the model and lets the person say what to do instead", async () => {
    kit = await createTerminalKit();
    kit.server.push(bash("touch no.txt"), textTurn("Understood, I will not."));
    await kit.start(["--model", "sonnet"]);
    await kit.waitFor(READY);
    kit.type("make a file");
    kit.keys("Enter");
    await kit.waitFor(QUESTION);
    kit.keys("3");
    await kit.waitFor((screen) => screen.includes("Interrupted") && screen.includes("│ >  Tell the model what to do instead"));
    expect(existsSync(join(kit.project, "no.txt"))).toBe(false);
    kit.type("do not create files");
    kit.keys("Enter");
    await kit.waitFor("Understood, I will not.");
    expect(kit.server.requestCount).toBe(2);
    // The model learns the call was refused, then reads the instruction.
    expect(toolResult(1)).toMatchObject({ is_error: true });
    expect(JSON.stringify(toolResult(1)?.content)).toContain("the user said no");
  });

  test("arrows and Enter choose; 2 saves the rule, which then applies in this session and the next", async () => {
    kit = await createTerminalKit();
    trustProject();
    kit.server.push(bash("touch again.txt"), bash("touch again.txt"), textTurn("Made it twice."));
    await kit.start(["--model", "sonnet"]);
    await kit.waitFor(READY);
    kit.type("make it twice");
    kit.keys("Enter");
    await kit.waitFor(QUESTION);
    kit.keys("Down");
    await kit.waitFor("❯ 2. Yes, and don't ask again");
    kit.keys("Enter");
    // The second, identical call runs without a question.
    await kit.waitFor("Made it twice.");
    expect(kit.server.requestCount).toBe(3);
    expect(toolResult(2)?.is_error).toBeUndefined();
    const saved = JSON.stringify(readSavedRules());
    expect(saved).toContain("Bash(touch again.txt)");

    kit.keys("C-d");
    expect(await kit.waitForExit()).toBe(0);
    kit.server.push(bash("touch again.txt"), textTurn("Made it unasked."));
    await kit.restart(["--model", "sonnet"]);
    await kit.waitFor(READY);
    kit.type("once more");
    kit.keys("Enter");
    const screen = await kit.waitFor("Made it unasked.");
    expect(screen).not.toContain(QUESTION);
  });

  test("an untrusted folder's own settings are offered at the start; trusting them applies their rules", async () => {
    kit = await createTerminalKit();
    mkdirSync(join(kit.project, ".toolshed"), { recursive: true });
    writeFileSync(join(kit.project, ".toolshed", "settings.json"), JSON.stringify({ permissions: { allow: ["Bash(touch trusted.txt)", "Edit(./trusted.txt)"] } }));
    kit.server.push(bash("touch trusted.txt"), textTurn("Made it unasked."));
    await kit.start(["--model", "sonnet"]);
    const offer = await kit.waitFor("Trust this folder?");
    expect(offer).toContain("1. Yes, trust it and apply them");
    kit.keys("1");
    await kit.waitFor(READY);
    kit.type("make it");
    kit.keys("Enter");
    const screen = await kit.waitFor("Made it unasked.");
    expect(screen).not.toContain(QUESTION);
    expect(existsSync(join(kit.project, "trusted.txt"))).toBe(true);
  });

  test("the model's own question (AskUserQuestion) is a list to choose from; the choice goes back to the model", async () => {
    kit = await createTerminalKit();
    const questions = [{ question: "Which database?", header: "Database", options: [{ label: "SQLite", description: "a file" }, { label: "Postgres", description: "a server" }], multiSelect: false }];
    kit.server.push(turn([{ type: "tool_use", id: "toolu_ask", name: "AskUserQuestion", input: { questions } }]), textTurn("Postgres it is."));
    await kit.start(["--model", "sonnet"]);
    await kit.waitFor(READY);
    kit.type("set up storage");
    kit.keys("Enter");
    const asked = await kit.waitFor("Database: Which database?");
    expect(asked).toContain("1. SQLite");
    expect(asked).toContain("2. Postgres");
    expect(asked).toContain("3. Something else (type it)");
    kit.keys("2");
    await kit.waitFor("Postgres it is.");
    expect(JSON.stringify(toolResult(1)?.content)).toContain('\\"Which database?\\" = \\"Postgres\\"');
  });

  test("an edit shows the file and a diff of the change", async () => {
    kit = await createTerminalKit();
    const file = join(kit.project, "greeting.txt");
    writeFileSync(file, "hello\nworld\n");
    kit.server.push(
      turn([{ type: "tool_use", id: "toolu_read", name: "Read", input: { file_path: file } }]),
      turn([{ type: "tool_use", id: "toolu_edit", name: "Edit", input: { file_path: file, old_string: "world", new_string: "there" } }]),
      textTurn("Edited."),
    );
    await kit.start(["--model", "sonnet"]);
    await kit.waitFor(READY);
    kit.type("change it");
    kit.keys("Enter");
    const question = await kit.waitFor(QUESTION);
    expect(question).toContain("Edit: change a file");
    expect(question).toContain(file);
    expect(question).toMatch(/2 - world/);
    expect(question).toMatch(/2 \+ there/);
    kit.keys("Enter");
    await kit.waitFor("Edited.");
    expect(readFileSync(file, "utf8")).toBe("hello\nthere\n");
  });
});

/** Wherever "always" answers are kept for this project: its local settings, or the person's saved answers under the config folder. */
function readSavedRules(): string[] {
  const files = [join(kit.project, ".toolshed", "settings.local.json"), ...[...new Bun.Glob("**/*.json").scanSync({ cwd: kit.config })].map((name) => join(kit.config, name))];
  return files.filter((path) => existsSync(path)).map((path) => readFileSync(path, "utf8"));
}
