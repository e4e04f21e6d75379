/** `Agent(type)` rules (permissions.md "Rule syntax") decide Agent calls by the type they start, named exactly. */
import { afterEach, describe, expect, test } from "bun:test";
import type { ToolResultBlockParam } from "@anthropic-ai/sdk/resources/messages";
import type { QueryEvent } from "../../../src/query/events.ts";
import { createLoopKit, type LoopKit } from "../../helpers/loopKit.ts";
import { conversationAbout, textTurn, turn } from "../../helpers/messagesApiServer.ts";

let kit: LoopKit | undefined;
afterEach(async () => {
  await kit?.close();
  kit = undefined;
});

function mainResults(events: QueryEvent[]): ToolResultBlockParam[] {
  return events
    .filter((event) => event.type === "user" && event.parent_tool_use_id === null)
    .flatMap((event) => (event.type === "user" && typeof event.message.content !== "string" ? event.message.content : []))
    .filter((block): block is ToolResultBlockParam => block.type === "tool_result");
}

const subRequests = (text: string) => kit?.server.requests.filter(conversationAbout(text)).length ?? 0;

describe("Agent(type) rules", () => {
  test("control: the settings' deny list reaches the session (a whole-tool deny removes Agent)", async () => {
    kit = await createLoopKit({ settings: { permissions: { deny: ["Agent"] } } });
    expect(kit.session.tools.map((tool) => tool.name)).not.toContain("Agent");
  });

  test("a deny rule Agent(general-purpose) stops a general-purpose sub-agent", async () => {
    kit = await createLoopKit({ settings: { permissions: { deny: ["Agent(general-purpose)"] } } });
    kit.server.push(turn([{ type: "tool_use", id: "a", name: "Agent", input: { description: "Do it", prompt: "TASK-DENIED-GP", subagent_type: "general-purpose" } }]));
    kit.server.script(conversationAbout("TASK-DENIED-GP"), textTurn("I ran although the person denied my type."));
    kit.server.push(textTurn("done"));
    const { events } = await kit.run("go");
    const result = mainResults(events)[0];
    expect(subRequests("TASK-DENIED-GP")).toBe(0);
    expect(result?.is_error).toBe(true);
    expect(JSON.stringify(result?.content)).toContain("denies");
  });

  test("a deny rule Agent(Explore) stops the explorer (alias Task too)", async () => {
    kit = await createLoopKit({ settings: { permissions: { deny: ["Task(Explore)"] } } });
    kit.server.push(turn([{ type: "tool_use", id: "a", name: "Agent", input: { description: "Look", prompt: "TASK-DENIED-EX", subagent_type: "Explore" } }]));
    kit.server.script(conversationAbout("TASK-DENIED-EX"), textTurn("explored anyway"));
    kit.server.push(textTurn("done"));
    await kit.run("go");
    expect(subRequests("TASK-DENIED-EX")).toBe(0);
  });

  test("the parameter-matcher workaround Agent(subagent_type:general-purpose) is dodged by leaving the type out or changing its case", async () => {
    kit = await createLoopKit({ settings: { permissions: { deny: ["Agent(subagent_type:general-purpose)"] } } });
    kit.server.push(turn([
      { type: "tool_use", id: "omitted", name: "Agent", input: { description: "Do it", prompt: "TASK-OMITTED" } },
      { type: "tool_use", id: "cased", name: "Agent", input: { description: "Do it", prompt: "TASK-CASED", subagent_type: "General-Purpose" } },
    ]));
    kit.server.script(conversationAbout("TASK-OMITTED"), textTurn("ran with the type left out"));
    kit.server.script(conversationAbout("TASK-CASED"), textTurn("ran with the type in other case"));
    kit.server.push(textTurn("done"));
    await kit.run("go");
    expect(subRequests("TASK-OMITTED")).toBe(0);
    expect(subRequests("TASK-CASED")).toBe(0);
  });
});
