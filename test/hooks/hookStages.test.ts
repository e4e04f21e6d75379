/**
 * Hooks as pipeline stages, with real hook processes: PreToolUse runs before the rules and hands
 * its verdict to the engine; PostToolUse runs after a call that succeeded, sees the tool's
 * response, and its block or added context goes back to the model beside the result.
 */
import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { HookDefinition, HookEvent } from "../../src/hooks/types.ts";
import { ReadTool } from "../../src/tools/ReadTool/ReadTool.ts";
import { fakeTool } from "../helpers/fakeTool.ts";
import { createTemporaryFolder, type TemporaryFolder } from "../helpers/temporaryFolder.ts";
import { callTool, createTestContext } from "../helpers/testSession.ts";
import { writeHookScript } from "./hookHelpers.ts";

let folder: TemporaryFolder;
let project: string;
let scripts: string;
beforeEach(() => {
  folder = createTemporaryFolder("toolshed-stages-");
  project = join(folder.path, "project");
  scripts = join(folder.path, "scripts");
  mkdirSync(project);
  mkdirSync(scripts);
  writeFileSync(join(project, "notes.txt"), "alpha\n");
});
afterEach(() => folder.remove());

function hookOn(event: HookEvent, command: string, matcher = ""): HookDefinition {
  return { event, matcher, command, timeoutSeconds: 10, source: "userSettings", where: "test settings" };
}

const Failing = fakeTool({ name: "Failing", readOnly: true, call: async () => { throw new Error("it broke"); } });

describe("the PostToolUse stage", () => {
  test("gets the tool's input and response and the call's id; with nothing to say, the result is as it was", async () => {
    const seen = join(folder.path, "stdin.json");
    const command = writeHookScript(scripts, "post.sh", `cat > ${JSON.stringify(seen)}`);
    const context = await createTestContext({ tools: [ReadTool], cwd: project, hooks: [hookOn("PostToolUse", command, "Read")] });
    const outcome = await callTool(context, "Read", { file_path: join(project, "notes.txt") });
    expect(outcome.text).toBe("1\talpha");
    const given = JSON.parse(readFileSync(seen, "utf8"));
    expect(given).toMatchObject({
      hook_event_name: "PostToolUse",
      tool_name: "Read",
      tool_input: { file_path: join(project, "notes.txt") },
      tool_response: { filePath: join(project, "notes.txt"), numberedText: "1\talpha" },
      cwd: project,
      session_id: context.sessionId,
    });
    expect(given.tool_use_id).toStartWith("toolu_test_");
  });

  test("exit 2 and a JSON block send their reason back to the model after the result; the call is not undone", async () => {
    const exitTwo = writeHookScript(scripts, "two.sh", `cat > /dev/null\necho "run the formatter before reading again" >&2\nexit 2`);
    const blocked = writeHookScript(scripts, "block.sh", `cat > /dev/null\necho '{"decision": "block", "reason": "notes are private"}'`);
    const context = await createTestContext({ tools: [ReadTool], cwd: project, hooks: [hookOn("PostToolUse", exitTwo), hookOn("PostToolUse", blocked, "Read")] });
    const outcome = await callTool(context, "Read", { file_path: join(project, "notes.txt") });
    expect(outcome.stage).toBe("done");
    expect(outcome.result.is_error).toBeUndefined();
    expect(outcome.text).toStartWith("1\talpha\n\n");
    expect(outcome.text).toContain(`the PostToolUse hook "${exitTwo}" (test settings) says: run the formatter before reading again`);
    expect(outcome.text).toContain(`the PostToolUse hook "${blocked}" (test settings) says: notes are private`);
  });

  test("additionalContext is added for the model; a hook that fails only warns the person", async () => {
    const adds = writeHookScript(scripts, "adds.sh", `cat > /dev/null\necho '{"hookSpecificOutput": {"hookEventName": "PostToolUse", "additionalContext": "this file is generated"}}'`);
    const broken = writeHookScript(scripts, "broken.sh", "exit 5");
    const warnings: string[] = [];
    const context = await createTestContext({ tools: [ReadTool], cwd: project, hooks: [hookOn("PostToolUse", adds), hookOn("PostToolUse", broken)], onWarning: (text) => warnings.push(text) });
    const outcome = await callTool(context, "Read", { file_path: join(project, "notes.txt") });
    expect(outcome.text).toContain("adds: this file is generated");
    expect(outcome.text).not.toContain("exit code 5");
    expect(warnings.join("")).toContain(`the PostToolUse hook "${broken}" (test settings) failed with exit code 5`);
  });

  test("does not run for a call that failed, nor for a tool its matcher does not select", async () => {
    const marker = join(folder.path, "ran");
    const command = writeHookScript(scripts, "mark.sh", `cat > /dev/null\ntouch ${JSON.stringify(marker)}`);
    const context = await createTestContext({ tools: [ReadTool, Failing], cwd: project, hooks: [hookOn("PostToolUse", command, "Failing|Bash")] });
    expect((await callTool(context, "Failing", {})).stage).toBe("call");
    await callTool(context, "Read", { file_path: join(project, "notes.txt") });
    expect(existsSync(marker)).toBe(false);
  });
});

describe("the PreToolUse stage", () => {
  test("runs before the permission decision, which receives its verdict: a hook's deny stops the call before it runs", async () => {
    const ran = join(folder.path, "ran");
    const Marker = fakeTool({ name: "Marker", readOnly: true, call: async () => (writeFileSync(ran, "yes"), { data: "ran" }) });
    const command = writeHookScript(scripts, "deny.sh", `cat > /dev/null\necho "not today" >&2\nexit 2`);
    const context = await createTestContext({ tools: [Marker], cwd: project, hooks: [hookOn("PreToolUse", command, "Marker")] });
    const outcome = await callTool(context, "Marker", {});
    expect(outcome.stage).toBe("permission");
    expect(outcome.permission?.rule).toBe(`PreToolUse hook "${command}"`);
    expect(outcome.text).toContain("not today");
    expect(existsSync(ran)).toBe(false);
  });

  test("PostToolUse hooks never run before a call, nor PreToolUse hooks after it", async () => {
    const log = join(folder.path, "events.log");
    const record = writeHookScript(scripts, "record.sh", `{ sed -n 's/.*"hook_event_name":"\\([A-Za-z]*\\)".*/\\1/p'; echo; } >> ${JSON.stringify(log)}`);
    const context = await createTestContext({ tools: [ReadTool], cwd: project, hooks: [hookOn("PreToolUse", record), hookOn("PostToolUse", record)] });
    await callTool(context, "Read", { file_path: join(project, "notes.txt") });
    expect(readFileSync(log, "utf8").split("\n").filter((line) => line !== "")).toEqual(["PreToolUse", "PostToolUse"]);
  });
});
