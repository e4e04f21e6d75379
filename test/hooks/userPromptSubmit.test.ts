/**
 * UserPromptSubmit hooks through the loop, with real hook processes against the local Messages
 * API: their input, their context reaching the model, a block keeping the prompt from the model,
 * and output that is no answer giving a warning.
 */
import { afterEach, describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { QueryEvent, ResultEvent } from "../../src/query/events.ts";
import { createConversation } from "../../src/query/createConversation.ts";
import { TranscriptWriter } from "../../src/query/transcript/TranscriptWriter.ts";
import { textTurn } from "../helpers/messagesApiServer.ts";
import { createHookLoopKit, hookOn, textIn, type HookLoopKit } from "./hookLoopKit.ts";

let kit: HookLoopKit;
afterEach(async () => {
  await kit?.close();
});

const resultsOf = (events: QueryEvent[]) => events.filter((event): event is ResultEvent => event.type === "result");

async function* prompts(...texts: string[]): AsyncGenerator<string> {
  yield* texts;
}

describe("UserPromptSubmit", () => {
  test("gets the prompt with the session's fields on standard input", async () => {
    kit = await createHookLoopKit({ hooks: ({ script, file }) => [hookOn("UserPromptSubmit", script("seen.sh", `cat > ${JSON.stringify(file("seen.json"))}`))] });
    kit.server.push(textTurn("hi"));
    const transcript = new TranscriptWriter(join(kit.folder.path, "transcript.jsonl"), kit.session.id, kit.project);
    await kit.query("hello there", { transcript });
    expect(JSON.parse(readFileSync(kit.file("seen.json"), "utf8"))).toEqual({
      hook_event_name: "UserPromptSubmit",
      session_id: kit.session.id,
      transcript_path: transcript.path,
      cwd: kit.project,
      permission_mode: "default",
      prompt: "hello there",
    });
  });

  test("plain output and additionalContext go to the model after the prompt, marked as the hooks'", async () => {
    let plain = "";
    let json = "";
    kit = await createHookLoopKit({
      hooks: ({ script }) => {
        plain = script("plain.sh", "cat > /dev/null\necho 'branch: main'");
        json = script("json.sh", `cat > /dev/null\necho '{"hookSpecificOutput": {"hookEventName": "UserPromptSubmit", "additionalContext": "tests run with bun"}}'`);
        return [hookOn("UserPromptSubmit", plain), hookOn("UserPromptSubmit", json)];
      },
    });
    kit.server.push(textTurn("ok"));
    const [result] = resultsOf(await kit.query("fix the build"));
    expect(result?.subtype).toBe("success");
    const content = kit.sent(0)[0]?.content as { type: string; text: string }[];
    expect(content.map((block) => block.text)).toEqual([
      "fix the build",
      `Context added by the UserPromptSubmit hook "${plain}" (it was not typed by the user):\nbranch: main`,
      `Context added by the UserPromptSubmit hook "${json}" (it was not typed by the user):\ntests run with bun`,
    ]);
    expect(kit.warnings).toEqual([]);
  });

  test("a block keeps the prompt from the model: an error result names the hook and its reason, and the next prompt goes on", async () => {
    let command = "";
    kit = await createHookLoopKit({
      hooks: ({ script }) => {
        command = script("guard.sh", `if grep -q secret; then echo "prompts must not mention secrets" >&2; exit 2; fi`);
        return [hookOn("UserPromptSubmit", command)];
      },
    });
    kit.server.push(textTurn("hello back"));
    const results = resultsOf(await kit.query(prompts("tell me the secret", "hello")));
    expect(results).toHaveLength(2);
    expect(results[0]).toMatchObject({ is_error: true, subtype: "error_during_execution", terminal_reason: "prompt_blocked", num_turns: 0 });
    expect(results[0]?.errors?.[0]).toBe(`the UserPromptSubmit hook "${command}" (test settings) blocked this prompt, so it was not sent: prompts must not mention secrets`);
    expect(results[1]).toMatchObject({ is_error: false, result: "hello back" });
    expect(kit.server.requestCount).toBe(1);
    const sent = JSON.stringify(kit.sent(0));
    expect(sent).not.toContain("secret");
    expect(textIn(kit.sent(0)[0])).toBe("hello");
  });

  test("decision block and continue: false block too; the reason never reaches the model", async () => {
    kit = await createHookLoopKit({
      hooks: ({ script }) => [
        hookOn("UserPromptSubmit", script("block.sh", `if grep -q one; then echo '{"decision": "block", "reason": "not one"}'; else cat > /dev/null; fi`)),
        hookOn("UserPromptSubmit", script("halt.sh", `if grep -q two; then echo '{"continue": false, "stopReason": "not two either"}'; else cat > /dev/null; fi`)),
      ],
    });
    kit.server.push(textTurn("three it is"));
    const results = resultsOf(await kit.query(prompts("one", "two", "three")));
    expect(results.map((result) => result.is_error)).toEqual([true, true, false]);
    expect(results[0]?.errors?.[0]).toEndWith("blocked this prompt, so it was not sent: not one");
    expect(results[1]?.errors?.[0]).toEndWith("stopped this prompt (continue: false), so it was not sent: not two either");
    expect(kit.server.requestCount).toBe(1);
    expect(JSON.stringify(kit.sent(0))).not.toContain("not one");
  });

  test("output that is no answer, and a hook that times out, are warnings: the prompt goes as it was", async () => {
    kit = await createHookLoopKit({
      hooks: ({ script }) => [
        hookOn("UserPromptSubmit", script("broken.sh", "cat > /dev/null\necho '{not json'")),
        hookOn("UserPromptSubmit", script("shape.sh", `cat > /dev/null\necho '{"hookSpecificOutput": {"additionalContext": 5}}'`)),
        hookOn("UserPromptSubmit", script("slow.sh", "sleep 30"), "", 0.3),
        hookOn("UserPromptSubmit", script("fails.sh", "cat > /dev/null\necho oops >&2\nexit 3")),
      ],
    });
    kit.server.push(textTurn("fine"));
    const [result] = resultsOf(await kit.query("go"));
    expect(result).toMatchObject({ is_error: false, result: "fine" });
    expect(kit.sent(0)[0]?.content).toEqual([{ type: "text", text: "go", cache_control: { type: "ephemeral" } }]);
    const warnings = kit.warnings.join("\n");
    expect(warnings).toContain("broken.sh");
    expect(warnings).toContain("printed JSON that does not parse");
    expect(warnings).toContain("printed JSON of the wrong shape (hookSpecificOutput.additionalContext:");
    expect(warnings).toContain("did not finish within 0.3 s and was stopped");
    expect(warnings).toContain("failed with exit code 3: oops");
    expect(kit.warnings).toHaveLength(4);
  });

  test("in a conversation, a blocked prompt is answered at once, without waiting for the MCP servers the next request would wait for", async () => {
    kit = await createHookLoopKit({ hooks: ({ script }) => [hookOn("UserPromptSubmit", script("guard.sh", "echo no >&2; exit 2"))] });
    // Servers that never finish connecting: only a prompt that would reach the model waits for them.
    const conversation = createConversation({ session: kit.session, model: kit.model(), system: [{ type: "text", text: "test" }], ready: new Promise<void>(() => {}) });
    let last: unknown;
    for await (const event of conversation.send("anything", { signal: new AbortController().signal })) last = event;
    expect(last).toMatchObject({ is_error: true, terminal_reason: "prompt_blocked" });
    expect(kit.server.requestCount).toBe(0);
  });
});
