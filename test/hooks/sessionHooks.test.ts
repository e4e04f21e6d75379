/**
 * SessionStart, SessionEnd and Notification hooks, with real hook processes: SessionStart's
 * context reaching the first message sent, SessionEnd within its budget, and Notification beside
 * every permission question (not holding it up) and from notifyPerson.
 */
import { afterEach, describe, expect, test } from "bun:test";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { notifyPerson } from "../../src/hooks/notifyPerson.ts";
import { readHookSettings } from "../../src/hooks/readHookSettings.ts";
import { hookScopeOf } from "../../src/hooks/runHooks.ts";
import { runSessionEndHooks, sessionEndBudgetMs } from "../../src/hooks/runSessionEndHooks.ts";
import { askHandlerService, type AskHandler } from "../../src/permissions/askHandler.ts";
import type { ResultEvent } from "../../src/query/events.ts";
import { fakeTool } from "../helpers/fakeTool.ts";
import { textTurn, turn } from "../helpers/messagesApiServer.ts";
import { TEST_MODEL } from "../helpers/modelRequestKit.ts";
import { eventually } from "../tasks/processAlive.ts";
import { createHookLoopKit, hookOn, textIn, type HookLoopKit } from "./hookLoopKit.ts";

let kit: HookLoopKit;
afterEach(async () => {
  await kit?.close();
});

const json = (path: string) => JSON.parse(readFileSync(path, "utf8"));

async function* prompts(...texts: string[]): AsyncGenerator<string> {
  yield* texts;
}

describe("SessionStart", () => {
  test("runs at the start with source startup; its context goes before the first prompt sent, and only the first", async () => {
    let plain = "";
    kit = await createHookLoopKit({
      hooks: ({ script, file }) => {
        plain = script("start.sh", `cat > ${JSON.stringify(file("start.json"))}\necho 'on branch main'`);
        return [
          hookOn("SessionStart", plain, "startup"),
          hookOn("SessionStart", script("json.sh", `cat > /dev/null\necho '{"hookSpecificOutput": {"hookEventName": "SessionStart", "additionalContext": "3 open issues"}}'`)),
          hookOn("SessionStart", script("resume.sh", `cat > ${JSON.stringify(file("resume.json"))}`), "resume"),
        ];
      },
    });
    kit.server.push(textTurn("one"), textTurn("two"));
    await kit.query(prompts("first", "second"));
    expect(json(kit.file("start.json"))).toEqual({
      hook_event_name: "SessionStart",
      session_id: kit.session.id,
      cwd: kit.project,
      permission_mode: "default",
      source: "startup",
      model: TEST_MODEL,
    });
    expect(existsSync(kit.file("resume.json"))).toBe(false);
    const first = kit.sent(0)[0]?.content as { text: string }[];
    expect(first.map((block) => block.text)).toEqual([
      `Context added by the SessionStart hook "${plain}" (it was not typed by the user):\non branch main`,
      expect.stringContaining("3 open issues"),
      "first",
    ]);
    expect(textIn(kit.sent(1).at(-1))).toBe("second");
  });

  test("with history it runs with source resume, matched by that source", async () => {
    kit = await createHookLoopKit({
      hooks: ({ script, file }) => [
        hookOn("SessionStart", script("resume.sh", `cat > ${JSON.stringify(file("resume.json"))}\necho resumed`), "resume"),
        hookOn("SessionStart", script("start.sh", `cat > ${JSON.stringify(file("start.json"))}`), "startup"),
      ],
    });
    kit.server.push(textTurn("back"));
    await kit.query("go on", { history: [{ role: "user", content: "earlier" }, { role: "assistant", content: "noted" }] });
    expect(json(kit.file("resume.json")).source).toBe("resume");
    expect(existsSync(kit.file("start.json"))).toBe(false);
    expect(textIn(kit.sent(0)[2])).toContain("resumed");
  });

  test("it cannot block: exit 2 and bad output are warnings, and the prompt is sent", async () => {
    kit = await createHookLoopKit({
      hooks: ({ script }) => [
        hookOn("SessionStart", script("two.sh", "cat > /dev/null\necho 'not allowed' >&2\nexit 2")),
        hookOn("SessionStart", script("bad.sh", "cat > /dev/null\necho '{\"hookSpecificOutput\": []}'")),
      ],
    });
    kit.server.push(textTurn("fine"));
    const events = await kit.query("hi");
    expect((events.at(-1) as ResultEvent).result).toBe("fine");
    expect(textIn(kit.sent(0)[0])).toBe("hi");
    const warnings = kit.warnings.join("\n");
    expect(warnings).toContain("exited with 2, but SessionStart hooks cannot block anything: not allowed");
    expect(warnings).toContain("printed JSON of the wrong shape (hookSpecificOutput:");
  });
});

describe("SessionEnd", () => {
  test("runs with the reason, matched by it; what it prints is ignored", async () => {
    kit = await createHookLoopKit({
      hooks: ({ script, file }) => [
        hookOn("SessionEnd", script("end.sh", `cat > ${JSON.stringify(file("end.json"))}\necho '{"decision": "block"}'`), "other"),
        hookOn("SessionEnd", script("logout.sh", `cat > ${JSON.stringify(file("logout.json"))}`), "logout"),
      ],
    });
    await runSessionEndHooks(hookScopeOf(kit.session.context, { transcriptPath: "/t/session.jsonl" }), "other");
    expect(json(kit.file("end.json"))).toEqual({
      hook_event_name: "SessionEnd",
      session_id: kit.session.id,
      transcript_path: "/t/session.jsonl",
      cwd: kit.project,
      permission_mode: "default",
      reason: "other",
    });
    expect(existsSync(kit.file("logout.json"))).toBe(false);
    expect(kit.warnings).toEqual([]);
  });

  test("the budget: 1.5 s, raised by the hooks' own timeouts up to 60 s, or set by TOOLSHED_SESSIONEND_HOOKS_TIMEOUT_MS", () => {
    const read = (timeout?: number) => readHookSettings({ SessionEnd: [{ hooks: [{ type: "command", command: "./end.sh", ...(timeout === undefined ? {} : { timeout }) }] }] }, "userSettings", "u.json").hooks;
    expect(read()[0]?.timeoutSeconds).toBe(1.5);
    expect(sessionEndBudgetMs({ hooks: read() }, "other", {})).toBe(1500);
    expect(sessionEndBudgetMs({ hooks: read(5) }, "other", {})).toBe(5000);
    expect(sessionEndBudgetMs({ hooks: read(600) }, "other", {})).toBe(60_000);
    expect(sessionEndBudgetMs({ hooks: read(5) }, "other", { TOOLSHED_SESSIONEND_HOOKS_TIMEOUT_MS: "250" })).toBe(250);
    expect(sessionEndBudgetMs({ hooks: read(5) }, "other", { TOOLSHED_SESSIONEND_HOOKS_TIMEOUT_MS: "soon" })).toBe(5000);
  });

  test("a hook that outlives the budget is stopped with a warning", async () => {
    kit = await createHookLoopKit({ hooks: ({ script }) => [hookOn("SessionEnd", script("slow.sh", "sleep 30"), "", 30)] });
    await runSessionEndHooks(hookScopeOf(kit.session.context), "other", { TOOLSHED_SESSIONEND_HOOKS_TIMEOUT_MS: "200" });
    expect(kit.warnings.join("\n")).toContain("did not finish within 0.2 s and was stopped");
  });
});

describe("Notification", () => {
  const Change = fakeTool({ name: "Change", readOnly: false, call: async () => ({ data: "changed" }) });

  test("every permission question fires permission_prompt beside it: the question does not wait for the hook", async () => {
    let asked = "";
    let notified = "";
    const questions: string[] = [];
    const askHandler: AskHandler = {
      interactive: true,
      async ask(request) {
        questions.push(request.tool.name);
        // The hook waits for this file, so a question that waited for the hook would never get here.
        writeFileSync(asked, "");
        await eventually(() => existsSync(notified));
        return "yes";
      },
    };
    kit = await createHookLoopKit({
      tools: [Change],
      interactive: true,
      askHandler,
      hooks: ({ script, file }) => {
        asked = file("asked");
        notified = file("notified.json");
        const body = `while [ ! -e ${JSON.stringify(asked)} ]; do sleep 0.01; done\ncat > ${JSON.stringify(`${notified}.tmp`)}\nmv ${JSON.stringify(`${notified}.tmp`)} ${JSON.stringify(notified)}`;
        return [hookOn("Notification", script("notify.sh", body), "permission_prompt"), hookOn("Notification", script("other.sh", "exit 1"), "idle_prompt")];
      },
    });
    kit.server.push(turn([{ type: "tool_use", name: "Change", input: { text: "x" } }]), textTurn("Changed."));
    const { result } = await kit.turns([{ role: "user", content: "change it" }]);
    expect(result).toMatchObject({ subtype: "success", permission_denials: [] });
    expect(questions).toEqual(["Change"]);
    expect(json(notified)).toEqual({
      hook_event_name: "Notification",
      session_id: kit.session.id,
      cwd: kit.project,
      permission_mode: "default",
      message: "toolshed needs your permission to use Change",
      title: "Permission needed",
      notification_type: "permission_prompt",
    });
    expect(kit.warnings).toEqual([]);
  });

  test("the model's questions fire agent_needs_input, also through the session's ask handler service", async () => {
    const asked: string[] = [];
    const askHandler: AskHandler = {
      interactive: true,
      ask: async () => "no",
      async answerQuestions(request) {
        asked.push(request.questions[0]?.question ?? "");
        return { [request.questions[0]?.question ?? ""]: "Tabs" };
      },
    };
    kit = await createHookLoopKit({
      askHandler,
      interactive: true,
      hooks: ({ script, file }) => [hookOn("Notification", script("needs.sh", `cat > ${JSON.stringify(`${file("needs.json")}.tmp`)}
mv ${JSON.stringify(`${file("needs.json")}.tmp`)} ${JSON.stringify(file("needs.json"))}`), "agent_needs_input")],
    });
    const handler = kit.session.context.services.use(askHandlerService);
    expect(handler).toBe(kit.session.askHandler);
    const question = { question: "Tabs or spaces?", header: "Indent", options: [{ label: "Tabs", description: "" }, { label: "Spaces", description: "" }], multiSelect: false };
    expect(await handler.answerQuestions?.({ questions: [question] })).toEqual({ "Tabs or spaces?": "Tabs" });
    expect(asked).toEqual(["Tabs or spaces?"]);
    expect(await eventually(() => existsSync(kit.file("needs.json")))).toBe(true);
    expect(json(kit.file("needs.json"))).toMatchObject({ notification_type: "agent_needs_input", title: "Question", message: "toolshed has a question for you: Tabs or spaces?" });
  });

  test("notifyPerson runs the hooks matching its type; a failure is a warning, never an exception", async () => {
    kit = await createHookLoopKit({
      hooks: ({ script, file }) => [
        hookOn("Notification", script("needs.sh", `cat > ${JSON.stringify(file("needs.json"))}`), "agent_needs_input"),
        hookOn("Notification", script("broken.sh", "cat > /dev/null\nexit 7"), "agent_needs_input|permission_prompt"),
        hookOn("Notification", script("prompt.sh", `cat > ${JSON.stringify(file("prompt.json"))}`), "permission_prompt"),
      ],
    });
    await notifyPerson(kit.session.context, { type: "agent_needs_input", message: "The agent has a question for you" });
    expect(json(kit.file("needs.json"))).toMatchObject({ hook_event_name: "Notification", notification_type: "agent_needs_input", message: "The agent has a question for you" });
    expect(json(kit.file("needs.json")).title).toBeUndefined();
    expect(existsSync(kit.file("prompt.json"))).toBe(false);
    expect(kit.warnings).toEqual([expect.stringContaining("failed with exit code 7")]);
  });

  test("without Notification hooks the session keeps the ask handler it was given", async () => {
    const askHandler: AskHandler = { interactive: true, ask: async () => "no" };
    kit = await createHookLoopKit({ askHandler, interactive: true, hooks: () => [] });
    expect(kit.session.askHandler).toBe(askHandler);
  });
});
