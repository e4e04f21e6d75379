/** EnterPlanMode and ExitPlanMode through the loop: the mode switched by the context modifier, the plan approved by the person. */
import { afterEach, describe, expect, test } from "bun:test";
import { existsSync } from "node:fs";
import { join } from "node:path";
import type { AskHandler, AskRequest } from "../../../src/permissions/askHandler.ts";
import { createLoopKit, type LoopKit } from "../../helpers/loopKit.ts";
import { textTurn, turn } from "../../helpers/messagesApiServer.ts";

let kit: LoopKit | undefined;
afterEach(async () => {
  await kit?.close();
  kit = undefined;
});

const lastResultOf = (index: number) => JSON.stringify((kit?.server.requests[index]?.body as { messages: unknown[] }).messages.at(-1));

function asker(answer: "yes" | "no"): AskHandler & { asked: AskRequest[] } {
  const asked: AskRequest[] = [];
  return { interactive: true, asked, ask: async (request) => (asked.push(request), answer) };
}

describe("plan mode", () => {
  test("EnterPlanMode switches the mode; writes are refused; ExitPlanMode shows the plan, and the person's yes restores the mode", async () => {
    const handler = asker("yes");
    kit = await createLoopKit({ mode: "acceptEdits", askHandler: handler, interactive: true });
    const file = join(kit.folder.path, "made.txt");
    kit.server.push(
      turn([{ type: "tool_use", id: "enter", name: "EnterPlanMode", input: {} }]),
      turn([{ type: "tool_use", id: "write1", name: "Write", input: { file_path: file, content: "too early" } }]),
      turn([{ type: "tool_use", id: "exit", name: "ExitPlanMode", input: { plan: "1. Write made.txt\n2. Check it" } }]),
      turn([{ type: "tool_use", id: "write2", name: "Write", input: { file_path: file, content: "now" } }]),
      textTurn("done"),
    );
    const { result } = await kit.run("make a file, carefully");
    expect(result.subtype).toBe("success");
    expect(lastResultOf(1)).toContain("in plan mode now");
    expect(lastResultOf(2)).toContain("plan mode allows no changes");
    expect(handler.asked.map((request) => request.tool.name)).toEqual(["ExitPlanMode"]);
    expect(handler.asked[0]?.input).toEqual({ plan: "1. Write made.txt\n2. Check it" });
    expect(lastResultOf(3)).toContain("The person approved the plan");
    expect(lastResultOf(3)).toContain("acceptEdits");
    // Back in acceptEdits, the write inside the folder runs without a question.
    expect(existsSync(file)).toBe(true);
    expect(kit.session.permissionContext().mode).toBe("acceptEdits");
  });

  test("a no (or nobody to ask) keeps the session in plan mode; ExitPlanMode outside plan mode is refused", async () => {
    kit = await createLoopKit({ mode: "plan" });
    kit.server.push(
      turn([{ type: "tool_use", id: "exit", name: "ExitPlanMode", input: { plan: "Do it" } }]),
      textTurn("waiting"),
    );
    await kit.run("plan");
    expect(lastResultOf(1)).toContain("is_error");
    expect(kit.session.permissionContext().mode).toBe("plan");
    await kit.close();

    const handler = asker("no");
    kit = await createLoopKit({ mode: "plan", askHandler: handler, interactive: true });
    kit.server.push(turn([{ type: "tool_use", id: "exit", name: "ExitPlanMode", input: { plan: "Do it" } }]), textTurn("revising"));
    await kit.run("plan");
    expect(handler.asked).toHaveLength(1);
    expect(kit.session.permissionContext().mode).toBe("plan");
    await kit.close();

    kit = await createLoopKit();
    kit.server.push(turn([{ type: "tool_use", id: "exit", name: "ExitPlanMode", input: { plan: "Do it" } }]), textTurn("ok"));
    await kit.run("plan");
    expect(lastResultOf(1)).toContain("The session is not in plan mode");
  });
});
