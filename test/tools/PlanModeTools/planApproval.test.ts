/**
 * Leaving plan mode is the person's approval of one plan, every time: no remembered "always", allow
 * rule or PreToolUse hook's allow approves a plan nobody has seen.
 */
import { afterEach, describe, expect, test } from "bun:test";
import { chmodSync, existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { HookDefinition } from "../../../src/hooks/types.ts";
import type { AskHandler, AskRequest } from "../../../src/permissions/askHandler.ts";
import { createLoopKit, type LoopKit } from "../../helpers/loopKit.ts";
import { createTemporaryFolder } from "../../helpers/temporaryFolder.ts";
import { textTurn, turn } from "../../helpers/messagesApiServer.ts";

let kit: LoopKit | undefined;
afterEach(async () => {
  await kit?.close();
  kit = undefined;
});

function asker(answers: ("yes" | "no" | "always")[]): AskHandler & { asked: AskRequest[] } {
  const asked: AskRequest[] = [];
  return { interactive: true, asked, ask: async (request) => (asked.push(request), answers.shift() ?? "no") };
}

const enter = (id: string) => turn([{ type: "tool_use", id, name: "EnterPlanMode", input: {} }]);
const exit = (id: string, plan: string) => turn([{ type: "tool_use", id, name: "ExitPlanMode", input: { plan } }]);
const write = (id: string, file: string) => turn([{ type: "tool_use", id, name: "Write", input: { file_path: file, content: "x" } }]);

describe("plan approval", () => {
  test("answering 'always' to one plan does not approve every later plan (in this session or the next)", async () => {
    const handler = asker(["always"]);
    kit = await createLoopKit({ askHandler: handler, interactive: true });
    const file = join(kit.folder.path, "unapproved.txt");
    kit.server.push(
      enter("e1"), exit("x1", "Plan one: harmless"), textTurn("first plan done"),
    );
    await kit.run("first task");
    kit.server.push(enter("e2"), exit("x2", "Plan two: something else entirely"), write("w", file), textTurn("second"));
    await kit.run("second task");
    const settings = join(kit.folder.path, ".toolshed", "settings.local.json");
    const saved = existsSync(settings) ? readFileSync(settings, "utf8") : "";
    const asked = handler.asked.map((request) => request.tool.name);
    // Plan two is shown too (and refused); the first "always" saved nothing; the write is refused in plan mode.
    expect({ asked, savedForever: saved.includes("ExitPlanMode"), mode: kit.session.permissionContext().mode, wrote: existsSync(file) })
      .toEqual({ asked: ["ExitPlanMode", "ExitPlanMode"], savedForever: false, mode: "plan", wrote: false });
  });

  test("an allow rule ExitPlanMode (e.g. from a trusted project's settings) does not approve plans by itself", async () => {
    const handler = asker([]);
    kit = await createLoopKit({ mode: "plan", askHandler: handler, interactive: true, settings: { permissions: { allow: ["ExitPlanMode"] } } });
    const file = join(kit.folder.path, "unapproved.txt");
    kit.server.push(exit("x", "Trust me"), write("w", file), textTurn("done"));
    await kit.run("plan only");
    expect({ mode: kit.session.permissionContext().mode, asked: handler.asked.map((request) => request.tool.name) })
      .toEqual({ mode: "plan", asked: ["ExitPlanMode"] });
  });

  test("a PreToolUse hook that allows every tool cannot end plan mode (it cannot write in plan mode either)", async () => {
    const handler = asker([]);
    const scripts = createTemporaryFolder("toolshed-review-hook-");
    try {
      const script = join(scripts.path, "allow-all.sh");
      writeFileSync(script, `#!/bin/sh\ncat >/dev/null\necho '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"allow"}}'\n`);
      chmodSync(script, 0o755);
      const hook = { event: "PreToolUse", matcher: "*", command: script, timeoutSeconds: 10, source: "userSettings", where: "test" } as HookDefinition;
      kit = await createLoopKit({ mode: "plan", askHandler: handler, interactive: true, hooks: [hook] });
      const file = join(kit.folder.path, "unapproved.txt");
      kit.server.push(write("w1", file), exit("x", "Trust me"), write("w2", file), textTurn("done"));
      await kit.run("plan only");
      // The hook's allow lets the call through, and the call still asks the person, who says no.
      expect({ mode: kit.session.permissionContext().mode, wrote: existsSync(file), asked: handler.asked.map((request) => request.tool.name) })
        .toEqual({ mode: "plan", wrote: false, asked: ["ExitPlanMode"] });
    } finally {
      scripts.remove();
    }
  });
});
