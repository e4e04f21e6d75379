/** Step 1 of the decision order: real hook processes deny, ask and allow, and never beat the rules after them. */
import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { Bash, McpQuery, Read, Write } from "../permissions/harness.ts";
import { createTemporaryFolder, type TemporaryFolder } from "../helpers/temporaryFolder.ts";
import { answerScript, decideWithHooks, hook, writeHookScript } from "./hookHelpers.ts";

let folder: TemporaryFolder;
let project: string;
let scripts: string;

beforeEach(() => {
  folder = createTemporaryFolder("toolshed-hooks-");
  project = join(folder.path, "project");
  scripts = join(folder.path, "scripts");
  mkdirSync(project);
  mkdirSync(scripts);
});
afterEach(() => folder.remove());

const touch = { command: "touch made.txt" };

describe("what a hook says", () => {
  test("exit 2 denies with its standard error as the reason, and names the hook and its source", async () => {
    const command = writeHookScript(scripts, "deny.sh", `cat > ${JSON.stringify(join(folder.path, "stdin.json"))}\npwd > ${JSON.stringify(join(folder.path, "pwd.txt"))}\necho "no ls today" >&2\nexit 2`);
    const { decision } = await decideWithHooks({ tool: Bash, input: { command: "ls" }, cwd: project, hooks: [hook(command, "Bash")] });
    expect(decision.decision).toBe("deny");
    expect(decision.reason).toContain("no ls today");
    expect(decision.reason).toContain(command);
    expect(decision.rule).toBe(`PreToolUse hook "${command}"`);
    expect(decision.source).toBe("userSettings");
    const given = JSON.parse(readFileSync(join(folder.path, "stdin.json"), "utf8"));
    expect(given).toMatchObject({ hook_event_name: "PreToolUse", tool_name: "Bash", tool_input: { command: "ls" }, cwd: project });
    expect(typeof given.session_id).toBe("string");
    expect(readFileSync(join(folder.path, "pwd.txt"), "utf8").trim()).toBe(project);
  });

  test("JSON deny denies with its reason", async () => {
    const command = writeHookScript(scripts, "deny.sh", answerScript("deny", "policy says no"));
    const { decision } = await decideWithHooks({ tool: Bash, input: { command: "ls" }, cwd: project, hooks: [hook(command)] });
    expect(decision).toMatchObject({ decision: "deny", source: "userSettings" });
    expect(decision.reason).toContain("policy says no");
  });

  test("JSON allow skips the default ask and names the hook", async () => {
    const command = writeHookScript(scripts, "allow.sh", answerScript("allow", "touch is fine"));
    const without = await decideWithHooks({ tool: Bash, input: touch, cwd: project, hooks: [] });
    expect(without.decision.decision).toBe("ask");
    const { decision } = await decideWithHooks({ tool: Bash, input: touch, cwd: project, hooks: [hook(command)] });
    expect(decision).toMatchObject({ decision: "allow", rule: `PreToolUse hook "${command}"`, source: "userSettings" });
    expect(decision.reason).toContain("touch is fine");
  });

  test("JSON allow also turns dontAsk's would-ask into an allow", async () => {
    const command = writeHookScript(scripts, "allow.sh", answerScript("allow", "fine"));
    const { decision } = await decideWithHooks({ tool: Bash, input: touch, cwd: project, hooks: [hook(command)], mode: "dontAsk" });
    expect(decision.decision).toBe("allow");
  });

  test("JSON allow does not lift plan mode's refusal of changes", async () => {
    const command = writeHookScript(scripts, "allow.sh", answerScript("allow", "fine"));
    const { decision } = await decideWithHooks({ tool: Bash, input: touch, cwd: project, hooks: [hook(command)], mode: "plan" });
    expect(decision.decision).toBe("deny");
    expect(decision.reason).toContain("plan mode");
    const read = await decideWithHooks({ tool: Bash, input: { command: "ls" }, cwd: project, hooks: [hook(command)], mode: "plan" });
    expect(read.decision.decision).toBe("allow");
  });

  test("JSON ask makes a read-only call ask, with no allow rule suggested", async () => {
    const command = writeHookScript(scripts, "ask.sh", answerScript("ask", "check with a person"));
    const { decision } = await decideWithHooks({ tool: Bash, input: { command: "ls" }, cwd: project, hooks: [hook(command)] });
    expect(decision).toMatchObject({ decision: "ask", suggestedRules: [] });
    expect(decision.reason).toContain("check with a person");
  });

  test("a hook's ask is a deny in dontAsk mode, and loses to a deny rule", async () => {
    const command = writeHookScript(scripts, "ask.sh", answerScript("ask", "ask"));
    const dontAsk = await decideWithHooks({ tool: Bash, input: { command: "ls" }, cwd: project, hooks: [hook(command)], mode: "dontAsk" });
    expect(dontAsk.decision.decision).toBe("deny");
    const denied = await decideWithHooks({ tool: Bash, input: touch, cwd: project, hooks: [hook(command)], rules: { deny: ["Bash(touch *)"] } });
    expect(denied.decision).toMatchObject({ decision: "deny", rule: "Bash(touch *)" });
  });

  test("the older top-level format: block denies, approve allows", async () => {
    const block = writeHookScript(scripts, "block.sh", `echo '{"decision": "block", "reason": "old style no"}'`);
    const blocked = await decideWithHooks({ tool: Bash, input: { command: "ls" }, cwd: project, hooks: [hook(block)] });
    expect(blocked.decision.decision).toBe("deny");
    expect(blocked.decision.reason).toContain("old style no");
    const approve = writeHookScript(scripts, "approve.sh", `echo '{"decision": "approve", "reason": "old style yes"}'`);
    const approved = await decideWithHooks({ tool: Bash, input: touch, cwd: project, hooks: [hook(approve)] });
    expect(approved.decision.decision).toBe("allow");
  });

  test("exit 0 with no JSON (plain text or nothing) has no opinion and no warning", async () => {
    const text = writeHookScript(scripts, "text.sh", "echo checked");
    const { decision, warnings } = await decideWithHooks({ tool: Bash, input: touch, cwd: project, hooks: [hook(text), hook(writeHookScript(scripts, "quiet.sh", "exit 0"))] });
    expect(decision.decision).toBe("ask");
    expect(decision.rule).toBeUndefined();
    expect(warnings).toEqual([]);
  });
});

describe("a hook's allow still faces the rules after it", () => {
  const allowHook = () => hook(writeHookScript(scripts, "allow.sh", answerScript("allow", "yes")));

  test("a deny rule", async () => {
    const { decision } = await decideWithHooks({ tool: Bash, input: touch, cwd: project, hooks: [allowHook()], rules: { deny: ["Bash(touch *)"] } });
    expect(decision).toMatchObject({ decision: "deny", rule: "Bash(touch *)" });
  });

  test("an ask rule", async () => {
    const { decision } = await decideWithHooks({ tool: Bash, input: touch, cwd: project, hooks: [allowHook()], rules: { ask: ["Bash(touch *)"] } });
    expect(decision).toMatchObject({ decision: "ask", rule: "Bash(touch *)" });
  });

  test("a protected path", async () => {
    const { decision } = await decideWithHooks({ tool: Write, input: { file_path: join(project, ".git", "config"), content: "x" }, cwd: project, hooks: [allowHook()] });
    expect(decision.decision).toBe("ask");
    expect(decision.reason).toContain(".git");
  });

  test("a critical removal", async () => {
    const { decision } = await decideWithHooks({ tool: Bash, input: { command: `rm -rf ${project}` }, cwd: project, hooks: [allowHook()] });
    expect(decision.decision).toBe("deny");
  });

  test("a part of a compound command the deny rule names", async () => {
    const { decision } = await decideWithHooks({ tool: Bash, input: { command: "ls && curl https://example.com" }, cwd: project, hooks: [allowHook()], rules: { deny: ["Bash(curl *)"] } });
    expect(decision).toMatchObject({ decision: "deny", rule: "Bash(curl *)" });
  });
});

describe("several hooks", () => {
  test("any deny wins over ask and allow; ask wins over allow", async () => {
    const allow = hook(writeHookScript(scripts, "allow.sh", answerScript("allow", "yes")));
    const ask = hook(writeHookScript(scripts, "ask.sh", answerScript("ask", "maybe")));
    const deny = hook(writeHookScript(scripts, "deny.sh", "echo no >&2; exit 2"));
    expect((await decideWithHooks({ tool: Bash, input: touch, cwd: project, hooks: [allow, ask, deny] })).decision.decision).toBe("deny");
    const asked = await decideWithHooks({ tool: Bash, input: touch, cwd: project, hooks: [allow, ask] });
    expect(asked.decision.decision).toBe("ask");
    expect(asked.decision.rule).toBe(`PreToolUse hook "${ask.command}"`);
  });

  test("only hooks whose matcher selects the tool run", async () => {
    const marker = join(folder.path, "ran.txt");
    const writeOnly = hook(writeHookScript(scripts, "mark.sh", `echo ran > ${JSON.stringify(marker)}\nexit 2`), "Write|Edit");
    const forBash = await decideWithHooks({ tool: Bash, input: { command: "ls" }, cwd: project, hooks: [writeOnly] });
    expect(forBash.decision.decision).toBe("allow");
    const forWrite = await decideWithHooks({ tool: Write, input: { file_path: join(project, "a.txt"), content: "" }, cwd: project, hooks: [writeOnly] });
    expect(forWrite.decision.decision).toBe("deny");
    const mcp = hook(writeHookScript(scripts, "mcp.sh", "exit 2"), "mcp__db__.*");
    expect((await decideWithHooks({ tool: McpQuery, input: { sql: "select 1" }, cwd: project, hooks: [mcp] })).decision.decision).toBe("deny");
    expect((await decideWithHooks({ tool: Read, input: { file_path: join(project, "a") }, cwd: project, hooks: [mcp] })).decision.decision).toBe("allow");
  });
});
