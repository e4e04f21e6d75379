/** The ask step: "always" saves one allow rule per part to settings.local.json; no person means deny with the rule to add. */
import { afterEach, beforeEach, expect, test } from "bun:test";
import { readFileSync, writeFileSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { PassThrough } from "node:stream";
import type { AskAnswer, AskHandler } from "../../src/permissions/askHandler.ts";
import { nonInteractiveAskHandler } from "../../src/permissions/askHandler.ts";
import { createCanUseTool } from "../../src/permissions/createCanUseTool.ts";
import { createTerminalAskHandler } from "../../src/permissions/terminalAskHandler.ts";
import { createTestContext } from "../helpers/testSession.ts";
import { Bash, createPlayground, type Playground } from "./harness.ts";

let playground: Playground;
beforeEach(() => {
  playground = createPlayground();
});
afterEach(() => playground.remove());

function answering(answer: AskAnswer): AskHandler & { asked: number } {
  const handler = { interactive: true, asked: 0, ask: async () => { handler.asked++; return answer; } };
  return handler;
}

test("always saves one rule per part (and per written path) atomically, keeping other keys", async () => {
  mkdirSync(join(playground.project, ".toolshed"), { recursive: true });
  writeFileSync(join(playground.project, ".toolshed", "settings.local.json"), JSON.stringify({ model: "m", permissions: { allow: ["Read"] } }));
  const context = await createTestContext({ tools: [Bash], cwd: playground.project, interactive: true });
  const handler = answering("always");
  const canUseTool = createCanUseTool(handler);
  const command = "npm install && npm run build > out.txt";
  expect((await canUseTool({ tool: Bash, input: { command }, context })).decision).toBe("allow");
  const saved = JSON.parse(readFileSync(join(playground.project, ".toolshed", "settings.local.json"), "utf8"));
  expect(saved).toEqual({ model: "m", permissions: { allow: ["Read", "Bash(npm install)", "Bash(npm run build)", "Edit(./out.txt)"] } });
  // The next identical call runs without asking.
  expect((await canUseTool({ tool: Bash, input: { command }, context })).decision).toBe("allow");
  expect(handler.asked).toBe(1);
});

test("no means deny; a non-interactive run denies with the rules to add", async () => {
  const context = await createTestContext({ tools: [Bash], cwd: playground.project, interactive: true });
  expect((await createCanUseTool(answering("no"))({ tool: Bash, input: { command: "npm install" }, context })).reason).toContain("the user said no");
  const quiet = await createTestContext({ tools: [Bash], cwd: playground.project });
  const denied = await createCanUseTool(nonInteractiveAskHandler)({ tool: Bash, input: { command: "npm install" }, context: quiet });
  expect(denied.decision).toBe("deny");
  expect(denied.reason).toContain('add "Bash(npm install)" to permissions.allow');
});

test("the terminal handler shows tool, input and reason, and reads y / n / a", async () => {
  for (const [reply, expected] of [["y", "yes"], ["n", "no"], ["a", "always"], ["maybe\nyes", "yes"]] as const) {
    const input = new PassThrough();
    const output = new PassThrough();
    let shown = "";
    output.on("data", (chunk) => (shown += String(chunk)));
    const handler = createTerminalAskHandler(input, output);
    input.end(`${reply}\n`);
    const answer = await handler.ask({ tool: Bash, input: { command: "npm install" }, decision: { decision: "ask", reason: "npm install is not a read-only command" } });
    expect(answer).toBe(expected);
    expect(shown).toContain("Bash wants to run");
    expect(shown).toContain("npm install");
    expect(shown).toContain("Reason: npm install is not a read-only command");
  }
});
