/**
 * The session's hook events in `toolshed -p`, as a real process against the local Messages API,
 * with hooks from the user's settings file: SessionStart, UserPromptSubmit and Stop through the
 * run, compaction in stream-json, SessionEnd after the last result (also after Ctrl-C), and
 * project hooks skipped in a folder that is not trusted.
 */
import { afterEach, describe, expect, test } from "bun:test";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { MessageParam } from "@anthropic-ai/sdk/resources/messages";
import { hang, textTurn, turn } from "../helpers/messagesApiServer.ts";
import { createPrintKit, type PrintKit } from "../helpers/printRun.ts";
import { writeHookScript } from "../hooks/hookHelpers.ts";
import { eventually, isProcessAlive } from "../tasks/processAlive.ts";

let kit: PrintKit;
afterEach(async () => {
  await kit?.close();
});

type Hooks = Record<string, { matcher?: string; hooks: { type: "command"; command: string; timeout?: number }[] }[]>;
const writeUserHooks = (hooks: Hooks) => writeFileSync(join(kit.config, "settings.json"), JSON.stringify({ hooks }));
const script = (name: string, body: string) => writeHookScript(kit.root.path, name, body);
const file = (name: string) => join(kit.root.path, name);
const sent = (index: number) => JSON.stringify((kit.server.requests[index]?.body as { messages: MessageParam[] }).messages);
const lines = (stdout: string) => stdout.trim().split("\n").map((line) => JSON.parse(line) as { type: string; subtype?: string; [key: string]: unknown });

describe("hooks in toolshed -p", () => {
  test("SessionEnd runs after the last result, with the session's id and transcript", async () => {
    kit = await createPrintKit();
    writeUserHooks({ SessionEnd: [{ hooks: [{ type: "command", command: script("end.sh", `cat > ${JSON.stringify(file("end.json"))}`) }] }] });
    kit.server.push(textTurn("bye"));
    const run = await kit.run(["-p", "hi", "--output-format", "json"]);
    expect(run.status).toBe(0);
    const result = JSON.parse(run.stdout);
    const input = JSON.parse(readFileSync(file("end.json"), "utf8"));
    expect(input).toMatchObject({ hook_event_name: "SessionEnd", session_id: result.session_id, cwd: kit.project, reason: "other" });
    expect(existsSync(input.transcript_path)).toBe(true);
  });

  test("a process a hook detaches with setsid is stopped when toolshed exits", async () => {
    kit = await createPrintKit();
    const pidFile = file("detached.pid");
    writeUserHooks({ SessionStart: [{ hooks: [{ type: "command", command: script("detach.sh", `setsid sleep 60 >/dev/null 2>&1 < /dev/null & echo $! > ${JSON.stringify(pidFile)}`) }] }] });
    kit.server.push(textTurn("done"));
    const run = await kit.run(["-p", "hi"]);
    expect(run.status).toBe(0);
    const pid = Number(readFileSync(pidFile, "utf8").trim());
    expect(pid).toBeGreaterThan(0);
    expect(await eventually(() => !isProcessAlive(pid), 5_000)).toBe(true);
  });

  test("SessionEnd runs after Ctrl-C too", async () => {
    kit = await createPrintKit();
    writeUserHooks({ SessionEnd: [{ hooks: [{ type: "command", command: script("end.sh", `cat > ${JSON.stringify(file("end.json"))}`) }] }] });
    kit.server.push(hang());
    const child = kit.spawn(["-p", "wait for it"]);
    expect(await eventually(() => kit.server.requestCount === 1, 15_000)).toBe(true);
    child.kill("SIGINT");
    expect(await child.exited).toBe(130);
    expect(JSON.parse(readFileSync(file("end.json"), "utf8"))).toMatchObject({ hook_event_name: "SessionEnd", reason: "other" });
  });

  test("SessionStart and UserPromptSubmit add context, a Stop hook sends the model back once, and compaction shows in stream-json", async () => {
    kit = await createPrintKit();
    const flag = JSON.stringify(file("stopped-once"));
    writeUserHooks({
      SessionStart: [{ matcher: "startup", hooks: [{ type: "command", command: script("start.sh", "cat > /dev/null\necho 'the team uses tabs'") }] }],
      UserPromptSubmit: [{ hooks: [{ type: "command", command: script("prompt.sh", "cat > /dev/null\necho 'ticket ABC-1'") }] }],
      Stop: [{ hooks: [{ type: "command", command: script("stop.sh", `cat > /dev/null\nif [ ! -e ${flag} ]; then touch ${flag}; echo 'say goodbye' >&2; exit 2; fi`) }] }],
    });
    kit.server.push(
      textTurn("hello", { input_tokens: 20_000 }),
      textTurn("Summary: greeted."),
      textTurn("goodbye"),
    );
    const run = await kit.run(["-p", "greet me", "--output-format", "stream-json", "--verbose"], { env: { TOOLSHED_AUTOCOMPACT_PCT_OVERRIDE: "1" } });
    expect(run.status).toBe(0);
    expect(sent(0)).toContain("the team uses tabs");
    expect(sent(0)).toContain("ticket ABC-1");
    expect(sent(0)).toContain("greet me");
    // Past 1% of the window: compacted before the request that carries the stop hook's feedback,
    // which the model has not seen yet, so it follows the summary as it was.
    expect(sent(1)).toContain("Stop here and write a summary");
    expect(sent(1)).not.toContain("say goodbye");
    expect(sent(2)).toContain("Summary: greeted.");
    expect(sent(2)).toContain("say goodbye");
    const events = lines(run.stdout);
    expect(events.find((event) => event.subtype === "compact_boundary")).toMatchObject({ compact_metadata: { trigger: "auto", pre_tokens: 20_000 } });
    expect(events.at(-1)).toMatchObject({ type: "result", subtype: "success", result: "goodbye" });
  });

  test("a project's hooks are skipped in a folder that is not trusted, and stderr says so", async () => {
    kit = await createPrintKit();
    mkdirSync(join(kit.project, ".toolshed"));
    const command = script("end.sh", `cat > ${JSON.stringify(file("end.json"))}`);
    writeFileSync(join(kit.project, ".toolshed", "settings.json"), JSON.stringify({ hooks: { SessionEnd: [{ hooks: [{ type: "command", command }] }] } }));
    kit.server.push(textTurn("ok"));
    const run = await kit.run(["-p", "hi"]);
    expect(run.status).toBe(0);
    expect(run.stderr).toContain(`SessionEnd hook "${command}"`);
    expect(existsSync(file("end.json"))).toBe(false);
  });
});

describe("a prompt a hook blocks", () => {
  test("is not sent; the run fails with the hook's reason on stderr", async () => {
    kit = await createPrintKit();
    writeUserHooks({ UserPromptSubmit: [{ hooks: [{ type: "command", command: script("no.sh", "cat > /dev/null\necho 'no prompts on Fridays' >&2\nexit 2") }] }] });
    kit.server.push(turn([{ type: "text", text: "never" }]));
    const run = await kit.run(["-p", "hi"]);
    expect(run.status).toBe(1);
    expect(run.stderr).toContain("blocked this prompt, so it was not sent: no prompts on Fridays");
    expect(kit.server.requestCount).toBe(0);
  });
});
