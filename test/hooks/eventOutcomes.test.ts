/**
 * What a finished hook's exit code and output come to for each event (the table in
 * hookEventRules.ts), from run results as runHookCommand gives them; and matchers tested
 * against an occasion's value instead of a tool.
 */
import { describe, expect, test } from "bun:test";
import { interpretHookResult } from "../../src/hooks/interpretHookResult.ts";
import { matchHookValue } from "../../src/hooks/matchHookMatcher.ts";
import { selectHooks } from "../../src/hooks/runHooks.ts";
import type { HookRunResult } from "../../src/hooks/runHookCommand.ts";
import { HOOK_EVENTS, type HookEvent } from "../../src/hooks/types.ts";
import { hookOn } from "./hookHelpers.ts";

const exited = (exitCode: number, stdout = "", stderr = ""): HookRunResult => ({ exitCode, signalCode: null, stdout, stderr, timedOut: false, aborted: false });
const outcome = (event: HookEvent, result: HookRunResult) => interpretHookResult(result, 10, event);

describe("plain output", () => {
  test("is context for UserPromptSubmit and SessionStart, even when it starts with a bracket; nothing elsewhere", () => {
    expect(outcome("UserPromptSubmit", exited(0, "[main] 3 files changed\n"))).toEqual({ kind: "none", context: "[main] 3 files changed" });
    expect(outcome("SessionStart", exited(0, "hello"))).toEqual({ kind: "none", context: "hello" });
    for (const event of ["Stop", "SubagentStop", "PreCompact", "Notification", "SessionEnd", "PostToolUse"] as const) {
      expect(outcome(event, exited(0, "hello"))).toEqual({ kind: "none" });
    }
    expect(outcome("Stop", exited(0, "[1, 2]"))).toMatchObject({ kind: "failed", problem: expect.stringContaining("wrong shape") });
  });
});

describe("blocks", () => {
  test("exit 2 blocks the events that can be blocked, with standard error as the reason; elsewhere it is a failure", () => {
    for (const event of ["UserPromptSubmit", "Stop", "SubagentStop", "PreCompact", "PostToolUse"] as const) {
      expect(outcome(event, exited(2, "", "because\n"))).toEqual({ kind: "block", reason: "because" });
    }
    for (const event of ["SessionStart", "SessionEnd", "Notification"] as const) {
      expect(outcome(event, exited(2, "", "because"))).toEqual({ kind: "failed", problem: `exited with 2, but ${event} hooks cannot block anything: because` });
    }
  });

  test("Stop and SubagentStop blocks need a reason; the others may go without", () => {
    expect(outcome("Stop", exited(2))).toMatchObject({ kind: "failed", problem: expect.stringContaining("without a reason") });
    expect(outcome("SubagentStop", exited(0, '{"decision": "block", "reason": "  "}'))).toMatchObject({ kind: "failed" });
    expect(outcome("PreCompact", exited(0, '{"decision": "block"}'))).toEqual({ kind: "block", reason: undefined });
    expect(outcome("Notification", exited(0, '{"decision": "block", "reason": "x"}'))).toEqual({ kind: "none", context: undefined });
  });

  test("continue: false halts UserPromptSubmit, Stop and SubagentStop, before any decision; other events ignore it", () => {
    const halt = '{"continue": false, "stopReason": "enough", "decision": "block", "reason": "more"}';
    for (const event of ["UserPromptSubmit", "Stop", "SubagentStop"] as const) expect(outcome(event, exited(0, halt))).toEqual({ kind: "halt", reason: "enough" });
    expect(outcome("PreCompact", exited(0, halt))).toEqual({ kind: "block", reason: "more" });
    expect(outcome("SessionStart", exited(0, '{"continue": false}'))).toEqual({ kind: "none", context: undefined });
  });

  test("an answer for another event is a failure", () => {
    expect(outcome("Stop", exited(0, '{"hookSpecificOutput": {"hookEventName": "SessionStart", "additionalContext": "x"}}'))).toMatchObject({
      kind: "failed",
      problem: 'answered for the event "SessionStart" instead of Stop',
    });
  });
});

describe("matchers of the session's events", () => {
  test("match the occasion's value; events without a matcher run every hook", () => {
    expect(matchHookValue("startup", ["startup"])).toBe(true);
    expect(matchHookValue("startup|resume", ["resume"])).toBe(true);
    expect(matchHookValue("auto", ["manual"])).toBe(false);
    expect(matchHookValue("permission_.*", ["permission_prompt"])).toBe(true);
    expect(matchHookValue("", ["anything"])).toBe(true);
    const hooks = [hookOn("Stop", "./a.sh", "Bash"), hookOn("SessionStart", "./b.sh", "resume"), hookOn("SessionStart", "./c.sh", "startup")];
    expect(selectHooks(hooks, "Stop").map((hook) => hook.command)).toEqual(["./a.sh"]);
    expect(selectHooks(hooks, "SessionStart", ["startup"]).map((hook) => hook.command)).toEqual(["./c.sh"]);
  });

  test("toolshed runs these nine events", () => {
    expect(HOOK_EVENTS).toEqual(["PreToolUse", "PostToolUse", "UserPromptSubmit", "Stop", "SubagentStop", "SessionStart", "SessionEnd", "PreCompact", "Notification"]);
  });
});
