/** TOOLSHED_MAX_CONCURRENT_SUBAGENTS bounds the sub-agents running at once, also within one message. */
import { afterEach, describe, expect, test } from "bun:test";
import type { ToolResultBlockParam } from "@anthropic-ai/sdk/resources/messages";
import type { QueryEvent } from "../../../src/query/events.ts";
import { createLoopKit, type LoopKit } from "../../helpers/loopKit.ts";
import { conversationAbout, textTurn, turn, type Reply } from "../../helpers/messagesApiServer.ts";

let kit: LoopKit | undefined;
const savedEnv = { ...process.env };
afterEach(async () => {
  await kit?.close();
  kit = undefined;
  process.env = { ...savedEnv };
});

function mainResults(events: QueryEvent[]): ToolResultBlockParam[] {
  return events
    .filter((event) => event.type === "user" && event.parent_tool_use_id === null)
    .flatMap((event) => (event.type === "user" && typeof event.message.content !== "string" ? event.message.content : []))
    .filter((block): block is ToolResultBlockParam => block.type === "tool_result");
}

const TASKS = ["TASK-C1", "TASK-C2", "TASK-C3", "TASK-C4", "TASK-C5", "TASK-C6"];

/** Each sub-agent's answer waits until every sub-agent that will start has started (or the others are refused). */
function heldAnswers(started: Set<string>, release: Promise<void>): (task: string) => Reply {
  return (task) => async () => {
    started.add(task);
    await release;
    return textTurn(`${task} done`);
  };
}

describe("the concurrent sub-agent limit", () => {
  test("with a limit of 2, a message with 6 Agent calls starts at most 2 sub-agents; the others are refused", async () => {
    process.env.TOOLSHED_MAX_CONCURRENT_SUBAGENTS = "2";
    kit = await createLoopKit();
    const started = new Set<string>();
    let release: () => void = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    const answer = heldAnswers(started, released);
    kit.server.push(turn(TASKS.map((task, index) => ({ type: "tool_use" as const, id: `c${index}`, name: "Agent", input: { description: "Parallel", prompt: task } }))));
    for (const task of TASKS) kit.server.script(conversationAbout(task), answer(task));
    kit.server.push(textTurn("done"));
    const running = kit.run("fan out");
    // Let every sub-agent that is going to start reach the server, then let them all finish.
    for (let spins = 0; spins < 200 && started.size < TASKS.length; spins++) await Bun.sleep(5);
    const startedAtOnce = started.size;
    release();
    const { events } = await running;
    const refused = mainResults(events).filter((block) => JSON.stringify(block.content).includes("Concurrent subagent limit reached"));
    expect({ startedAtOnce, refused: refused.length }).toEqual({ startedAtOnce: 2, refused: 4 });
  });

  test("with a limit of 2, six background launches in one message are not all accepted", async () => {
    process.env.TOOLSHED_MAX_CONCURRENT_SUBAGENTS = "2";
    kit = await createLoopKit();
    const started = new Set<string>();
    let release: () => void = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    const answer = heldAnswers(started, released);
    kit.server.push(turn(TASKS.map((task, index) => ({ type: "tool_use" as const, id: `b${index}`, name: "Agent", input: { description: "Background", prompt: task, run_in_background: true } }))));
    for (const task of TASKS) kit.server.script(conversationAbout(task), answer(task));
    kit.server.push(textTurn("launched"));
    const { events } = await kit.run("fan out in the background");
    for (let spins = 0; spins < 200 && started.size < TASKS.length; spins++) await Bun.sleep(5);
    const launched = mainResults(events).filter((block) => JSON.stringify(block.content).includes("Started the general-purpose agent in the background"));
    const runningTasks = kit.session.services.tasks.list().filter((task) => task.status === "running").length;
    release();
    expect({ launched: launched.length, runningTasks }).toEqual({ launched: 2, runningTasks: 2 });
  });
});
