/**
 * Stop and SubagentStop hooks through the loop, with real hook processes against the local
 * Messages API: their input, a block sending the model back to work with the reason, the cap of
 * eight continuations in a row, continue: false, and the sub-agent's event matched by its type.
 */
import { afterEach, describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import type { UserEvent } from "../../src/query/events.ts";
import { MAX_STOP_HOOK_CONTINUATIONS } from "../../src/query/stopHookFeedback.ts";
import { fakeTool } from "../helpers/fakeTool.ts";
import { textTurn, turn } from "../helpers/messagesApiServer.ts";
import { createHookLoopKit, hookOn, textIn, type HookLoopKit } from "./hookLoopKit.ts";

let kit: HookLoopKit;
afterEach(async () => {
  await kit?.close();
});

const Echo = fakeTool({ name: "Echo", readOnly: true, call: async (input) => ({ data: input.text ?? "" }) });

/** Lines of JSON a logging hook appended. */
function logged(path: string): Record<string, unknown>[] {
  return readFileSync(path, "utf8").trim().split("\n").map((line) => JSON.parse(line));
}

/** A hook body that appends its input to `log` as one line, then runs `then`. */
function logThen(log: string, then = ""): string {
  return `{ cat; echo; } >> ${JSON.stringify(log)}\n${then}`;
}

describe("Stop", () => {
  test("runs once, when the model ends its turn without a tool call, with the last answer and stop_hook_active false", async () => {
    let log = "";
    kit = await createHookLoopKit({
      tools: [Echo],
      allow: ["Echo"],
      hooks: ({ script, file }) => [hookOn("Stop", script("log.sh", logThen((log = file("stop.log")))))],
    });
    kit.server.push(turn([{ type: "tool_use", name: "Echo", input: { text: "x" } }]), textTurn("All done."));
    const { result } = await kit.turns([{ role: "user", content: "go" }]);
    expect(result).toMatchObject({ subtype: "success", result: "All done." });
    expect(logged(log)).toEqual([{
      hook_event_name: "Stop",
      session_id: kit.session.id,
      cwd: kit.project,
      permission_mode: "default",
      stop_hook_active: false,
      last_assistant_message: "All done.",
    }]);
  });

  test("exit 2 sends the reason back to the model as a user message; the loop goes on until the hook lets it end", async () => {
    let command = "";
    let log = "";
    kit = await createHookLoopKit({
      hooks: ({ script, file }) => {
        const count = file("count");
        log = file("stop.log");
        command = script("once.sh", logThen(log, `if [ ! -e ${JSON.stringify(count)} ]; then touch ${JSON.stringify(count)}; echo "run the tests first" >&2; exit 2; fi`));
        return [hookOn("Stop", command)];
      },
    });
    kit.server.push(textTurn("Done."), textTurn("Tests pass."));
    const { events, result } = await kit.turns([{ role: "user", content: "fix it" }]);
    expect(result).toMatchObject({ subtype: "success", result: "Tests pass.", num_turns: 2 });
    const sent = kit.sent(1);
    expect(sent.map((message) => message.role)).toEqual(["user", "assistant", "user"]);
    expect(textIn(sent[2])).toContain(`The Stop hook "${command}" did not let the turn end: run the tests first`);
    const fed = events.filter((event): event is UserEvent => event.type === "user");
    expect(fed).toHaveLength(1);
    expect(textIn(fed[0]?.message)).toContain("run the tests first");
    expect(logged(log).map((input) => [input.stop_hook_active, input.last_assistant_message])).toEqual([[false, "Done."], [true, "Tests pass."]]);
  });

  test("decision block with a reason and additionalContext continue the turn; a block without a reason only warns", async () => {
    kit = await createHookLoopKit({
      hooks: ({ script, file }) => {
        const flag = (name: string) => JSON.stringify(file(name));
        return [
          hookOn("Stop", script("block.sh", `cat > /dev/null\nif [ ! -e ${flag("b")} ]; then touch ${flag("b")}; echo '{"decision": "block", "reason": "update the changelog"}'; fi`)),
          hookOn("Stop", script("context.sh", `cat > /dev/null\nif [ ! -e ${flag("c")} ]; then touch ${flag("c")}; echo '{"hookSpecificOutput": {"hookEventName": "Stop", "additionalContext": "CI is red"}}'; fi`)),
          hookOn("Stop", script("bare.sh", `cat > /dev/null\necho '{"decision": "block"}'`)),
        ];
      },
    });
    kit.server.push(textTurn("Done."), textTurn("Changelog updated."));
    const { result } = await kit.turns([{ role: "user", content: "ship it" }]);
    expect(result.result).toBe("Changelog updated.");
    const feedback = textIn(kit.sent(1)[2]);
    expect(feedback).toContain("did not let the turn end: update the changelog");
    expect(feedback).toContain("adds: CI is red");
    expect(kit.server.requestCount).toBe(2);
    expect(kit.warnings.join("\n")).toContain('answered "block" without a reason, and a Stop block needs one');
  });

  test(`at most ${MAX_STOP_HOOK_CONTINUATIONS} continuations in a row: then the run ends as it would have, with a warning`, async () => {
    kit = await createHookLoopKit({ hooks: ({ script }) => [hookOn("Stop", script("never.sh", `cat > /dev/null\necho "keep going" >&2\nexit 2`))] });
    for (let index = 0; index <= MAX_STOP_HOOK_CONTINUATIONS; index++) kit.server.push(textTurn(`answer ${index}`));
    const { result } = await kit.turns([{ role: "user", content: "go" }]);
    expect(result).toMatchObject({ subtype: "success", is_error: false, result: `answer ${MAX_STOP_HOOK_CONTINUATIONS}`, num_turns: MAX_STOP_HOOK_CONTINUATIONS + 1 });
    expect(kit.server.requestCount).toBe(MAX_STOP_HOOK_CONTINUATIONS + 1);
    expect(kit.warnings).toEqual([`Stop hooks kept the run going ${MAX_STOP_HOOK_CONTINUATIONS} times in a row; this time the run ends anyway`]);
  });

  test("continue: false ends the run even while another hook blocks, and the person is told why", async () => {
    let halt = "";
    kit = await createHookLoopKit({
      hooks: ({ script }) => {
        halt = script("halt.sh", `cat > /dev/null\necho '{"continue": false, "stopReason": "out of budget"}'`);
        return [hookOn("Stop", halt), hookOn("Stop", script("block.sh", `cat > /dev/null\necho more >&2\nexit 2`))];
      },
    });
    kit.server.push(textTurn("Done."));
    const { result } = await kit.turns([{ role: "user", content: "go" }]);
    expect(result).toMatchObject({ subtype: "success", result: "Done." });
    expect(kit.server.requestCount).toBe(1);
    expect(kit.warnings).toEqual([`the Stop hook "${halt}" (test settings) ended the run (continue: false): out of budget`]);
  });

  test("a hook that fails or prints what is no answer only warns; the run ends normally", async () => {
    kit = await createHookLoopKit({
      hooks: ({ script }) => [
        hookOn("Stop", script("garbled.sh", "cat > /dev/null\necho '{\"decision\": \"stop\"}'")),
        hookOn("Stop", script("slow.sh", "sleep 30"), "", 0.3),
      ],
    });
    kit.server.push(textTurn("Done."));
    const { result } = await kit.turns([{ role: "user", content: "go" }]);
    expect(result).toMatchObject({ subtype: "success", result: "Done." });
    const warnings = kit.warnings.join("\n");
    expect(warnings).toContain("printed JSON of the wrong shape (decision:");
    expect(warnings).toContain("did not finish within 0.3 s");
  });

  test("does not run when the run fails", async () => {
    let log = "";
    kit = await createHookLoopKit({ tools: [Echo], allow: ["Echo"], hooks: ({ script, file }) => [hookOn("Stop", script("log.sh", logThen((log = file("stop.log")))))] });
    kit.server.push(turn([{ type: "tool_use", name: "Echo", input: { text: "x" } }]));
    const { result } = await kit.turns([{ role: "user", content: "go" }], { maxTurns: 0 });
    expect(result.subtype).toBe("error_max_turns");
    expect(() => readFileSync(log)).toThrow();
  });
});

describe("SubagentStop", () => {
  test("a sub-agent's run (parentToolUseId) without the option runs neither Stop nor SubagentStop hooks", async () => {
    let log = "";
    kit = await createHookLoopKit({
      hooks: ({ script, file }) => [hookOn("Stop", script("stop.sh", logThen((log = file("stop.log"))))), hookOn("SubagentStop", script("sub.sh", logThen(log)))],
    });
    kit.server.push(textTurn("Sub-agent done."));
    const { result } = await kit.turns([{ role: "user", content: "look" }], { parentToolUseId: "toolu_agent" });
    expect(result.result).toBe("Sub-agent done.");
    expect(() => readFileSync(log)).toThrow();
  });


  test("runs instead of Stop for a sub-agent's run, matched by the agent type, with its id and type", async () => {
    let log = "";
    let never = "";
    kit = await createHookLoopKit({
      hooks: ({ script, file }) => {
        log = file("sub.log");
        never = file("never.log");
        const count = JSON.stringify(file("count"));
        return [
          hookOn("SubagentStop", script("sub.sh", logThen(log, `if [ ! -e ${count} ]; then touch ${count}; echo '{"decision": "block", "reason": "cite the files you read"}'; fi`)), "Explore"),
          hookOn("SubagentStop", script("other.sh", logThen(never)), "Plan"),
          hookOn("Stop", script("stop.sh", logThen(never))),
        ];
      },
    });
    kit.server.push(textTurn("Found it."), textTurn("Found it in a.ts."));
    const { result } = await kit.turns([{ role: "user", content: "look" }], { stopHook: { event: "SubagentStop", agentId: "agent-7", agentType: "Explore" } });
    expect(result.result).toBe("Found it in a.ts.");
    expect(textIn(kit.sent(1)[2])).toContain("The SubagentStop hook");
    expect(textIn(kit.sent(1)[2])).toContain("cite the files you read");
    const inputs = logged(log);
    expect(inputs[0]).toEqual({
      hook_event_name: "SubagentStop",
      session_id: kit.session.id,
      cwd: kit.project,
      permission_mode: "default",
      stop_hook_active: false,
      last_assistant_message: "Found it.",
      agent_id: "agent-7",
      agent_type: "Explore",
    });
    expect(inputs[1]?.stop_hook_active).toBe(true);
    expect(() => readFileSync(never)).toThrow();
  });
});
