/** `toolshed -p` end to end with a project skill: listed to the model, run with --allowedTools, its instructions in the result. */
import { afterEach, describe, expect, test } from "bun:test";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { textTurn, turn } from "../../helpers/messagesApiServer.ts";
import { createPrintKit, type PrintKit } from "../../helpers/printRun.ts";

let kit: PrintKit;
afterEach(async () => {
  await kit?.close();
});

describe("toolshed -p with skills", () => {
  test("a project skill is listed, runs when --allowedTools allows it, and its instructions reach the model", async () => {
    kit = await createPrintKit();
    const folder = join(kit.project, ".claude", "skills", "greet");
    mkdirSync(folder, { recursive: true });
    writeFileSync(join(folder, "SKILL.md"), "---\ndescription: Greets someone by name.\n---\nSay hello to $ARGUMENTS warmly.");
    kit.server.push(turn([{ type: "tool_use", id: "sk", name: "Skill", input: { skill: "greet", args: "Ada" } }]), textTurn("Hello, Ada!"));
    const run = await kit.run(["-p", "greet Ada", "--output-format", "json", "--allowedTools", "Skill(greet *)"]);
    expect(JSON.parse(run.stdout)).toMatchObject({ subtype: "success", result: "Hello, Ada!", permission_denials: [] });
    const first = kit.server.requests[0]?.body as { tools: { name: string; description: string }[] };
    expect(first.tools.find((tool) => tool.name === "Skill")?.description).toContain("- greet: Greets someone by name.");
    expect(JSON.stringify(kit.server.requests[1]?.body)).toContain("Say hello to Ada warmly.");
  });
});
