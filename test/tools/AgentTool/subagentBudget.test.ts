/**
 * The run's budget (--max-budget-usd) holds for what its sub-agents spend: they count into the
 * same accounting and stop at the same limit. (--max-turns is the main loop's; an agent type has
 * its own maxTurns.)
 */
import { afterEach, describe, expect, test } from "bun:test";
import { createLoopKit, type LoopKit } from "../../helpers/loopKit.ts";
import { conversationAbout, textTurn, turn, type Reply } from "../../helpers/messagesApiServer.ts";

let kit: LoopKit | undefined;
afterEach(async () => {
  await kit?.close();
  kit = undefined;
});

/** A sub-agent turn that costs $2 (a million input tokens at $2 per million) and calls Glob again. */
const expensiveTurn = (index: number): Reply =>
  turn({ content: [{ type: "tool_use", id: `glob_${index}`, name: "Glob", input: { pattern: "*" } }], usage: { input_tokens: 1_000_000, output_tokens: 10 } });

describe("a sub-agent under the run's budget", () => {
  test("with maxBudgetUsd 0.5, a sub-agent does not go on spending $2 a turn for 8 turns", async () => {
    kit = await createLoopKit();
    kit.server.push(turn([{ type: "tool_use", id: "spend", name: "Agent", input: { description: "Spend", prompt: "TASK-SPEND" } }]));
    kit.server.script(conversationAbout("TASK-SPEND"), ...Array.from({ length: 8 }, (_, index) => expensiveTurn(index)), textTurn("spent it all"));
    kit.server.push(textTurn("done"));
    const { result } = await kit.run("spend", { maxBudgetUsd: 0.5 });
    const subRequests = kit.server.requests.filter(conversationAbout("TASK-SPEND")).length;
    // One request may overshoot the budget; the next must not be sent.
    expect({ subRequests, spentAtMost: result.total_cost_usd <= 2.5 }).toEqual({ subRequests: 1, spentAtMost: true });
  });
});
