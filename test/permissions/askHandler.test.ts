/**
 * The ask step: "always" saves one allow rule per part to the person's saved answers (in the user
 * config folder, never the project); no person means deny with the rule to add.
 */
import { afterEach, beforeEach, expect, test } from "bun:test";
import { existsSync, readFileSync, writeFileSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { PassThrough } from "node:stream";
import type { AskAnswer, AskHandler } from "../../src/permissions/askHandler.ts";
import { nonInteractiveAskHandler } from "../../src/permissions/askHandler.ts";
import { createCanUseTool } from "../../src/permissions/createCanUseTool.ts";
import { createTerminalAskHandler } from "../../src/permissions/terminalAskHandler.ts";
import { answersFilePath } from "../../src/settings/answersStore.ts";
import { loadSettings } from "../../src/settings/loadSettings.ts";
import { formatRule } from "../../src/permissions/types.ts";
import { createSettingsSandbox, type SettingsSandbox } from "../helpers/settingsSandbox.ts";
import { createTestContext } from "../helpers/testSession.ts";
import { Bash, createPlayground, type Playground } from "./harness.ts";

let playground: Playground;
let sandbox: SettingsSandbox;
beforeEach(() => {
  playground = createPlayground();
  sandbox = createSettingsSandbox("toolshed-answers-");
});
afterEach(() => {
  sandbox.restore();
  playground.remove();
});

function answering(answer: AskAnswer): AskHandler & { asked: number } {
  const handler = { interactive: true, asked: 0, ask: async () => { handler.asked++; return answer; } };
  return handler;
}

test("always saves one rule per part (and per written path) to the saved answers, which the next session applies untrusted", async () => {
  mkdirSync(join(playground.project, ".toolshed"), { recursive: true });
  const local = JSON.stringify({ model: "m", permissions: { allow: ["Read"] } });
  writeFileSync(join(playground.project, ".toolshed", "settings.local.json"), local);
  const context = await createTestContext({ tools: [Bash], cwd: playground.project, interactive: true });
  const handler = answering("always");
  const canUseTool = createCanUseTool(handler);
  const command = "npm install && npm run build > out.txt";
  expect((await canUseTool({ tool: Bash, input: { command }, context })).decision).toBe("allow");
  const saved = JSON.parse(readFileSync(answersFilePath(playground.project), "utf8"));
  expect(saved).toEqual({ folder: playground.project, permissions: { allow: ["Bash(npm install)", "Bash(npm run build)", "Edit(./out.txt)"] } });
  // The project's own file is left as it was.
  expect(readFileSync(join(playground.project, ".toolshed", "settings.local.json"), "utf8")).toBe(local);
  // The next identical call runs without asking.
  expect((await canUseTool({ tool: Bash, input: { command }, context })).decision).toBe("allow");
  expect(handler.asked).toBe(1);
  // A new session in the same (untrusted) folder has the answers; another folder does not.
  const next = loadSettings({ cwd: playground.project });
  expect(next.trusted).toBe(false);
  expect(next.permissionContext.rules.map((rule) => `${rule.source} ${formatRule(rule)}`)).toContain("savedAnswers Bash(npm install)");
  expect(loadSettings({ cwd: playground.outside }).permissionContext.rules).toEqual([]);
  expect(existsSync(answersFilePath(playground.outside))).toBe(false);
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
