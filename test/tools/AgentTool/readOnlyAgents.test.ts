/** Read-only agents stay read-only through nesting, background runs and agent files; files cannot loosen anything. */
import { afterEach, describe, expect, test } from "bun:test";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { loadAgentDefinitions } from "../../../src/agents/loadAgentDefinitions.ts";
import { createLoopKit, type LoopKit } from "../../helpers/loopKit.ts";
import { conversationAbout, textTurn, turn } from "../../helpers/messagesApiServer.ts";

let kit: LoopKit | undefined;
afterEach(async () => {
  await kit?.close();
  kit = undefined;
});

const agent = (id: string, input: Record<string, unknown>) => ({ type: "tool_use" as const, id, name: "Agent", input });
const touch = (id: string, file: string) => turn([{ type: "tool_use", id, name: "Bash", input: { command: `touch ${file}` } }]);
const bodyTools = (text: string) => ((kit?.server.requests.find(conversationAbout(text))?.body as { tools: { name: string }[] } | undefined)?.tools ?? []).map((tool) => tool.name);

describe("plan mode holds through nesting", () => {
  test("Explore -> Agent(Explore) and Explore -> background Explore: the grandchildren cannot write; Explore cannot start general-purpose or stop tasks", async () => {
    kit = await createLoopKit({ mode: "bypassPermissions" });
    const f1 = join(kit.folder.path, "grandchild.txt");
    const f2 = join(kit.folder.path, "background.txt");
    const f3 = join(kit.folder.path, "general.txt");
    kit.server.push(turn([agent("e", { description: "Explore", prompt: "TASK-E0", subagent_type: "Explore" })]));
    kit.server.script(conversationAbout("TASK-E0"),
      turn([
        agent("e1", { description: "Nested", prompt: "TASK-E1", subagent_type: "Explore" }),
        agent("e2", { description: "Nested bg", prompt: "TASK-E2", subagent_type: "Explore", run_in_background: true }),
        agent("e3", { description: "General", prompt: "TASK-E3" }),
      ]),
      turn([{ type: "tool_use", id: "stop", name: "TaskStop", input: { task_id: "whatever" } }]),
      textTurn("explored"));
    kit.server.script(conversationAbout("TASK-E1"), touch("t1", f1), textTurn("no"));
    kit.server.script(conversationAbout("TASK-E2"), touch("t2", f2), textTurn("no"));
    kit.server.script(conversationAbout("TASK-E3"), touch("t3", f3), textTurn("no"));
    kit.server.push(textTurn("done"));
    await kit.run("go");
    const background = kit.session.services.tasks.list()[0];
    await background?.done;
    expect([existsSync(f1), existsSync(f2), existsSync(f3)]).toEqual([false, false, false]);
    expect(kit.server.requests.filter(conversationAbout("TASK-E3"))).toHaveLength(0);
    // The nested explorers did run and were refused by plan mode (not merely never started).
    for (const task of ["TASK-E1", "TASK-E2"]) {
      const second = kit.server.requests.filter(conversationAbout(task))[1];
      expect(JSON.stringify(second?.body)).toContain("plan mode allows no changes");
    }
    expect(kit.session.permissionContext().mode).toBe("bypassPermissions");
  });

  test("an agent file with permissionMode: plan and tools naming the plan tools: no plan tools, no writes, its own general-purpose child is refused", async () => {
    kit = await createLoopKit({ mode: "acceptEdits" });
    mkdirSync(join(kit.folder.path, ".toolshed", "agents"), { recursive: true });
    writeFileSync(join(kit.folder.path, ".toolshed", "agents", "reader.md"),
      "---\nname: reader\ndescription: reads\npermissionMode: plan\ntools: Bash, Agent, ExitPlanMode, EnterPlanMode, AskUserQuestion\n---\nRead.\n");
    const file = join(kit.folder.path, "reader.txt");
    kit.server.push(turn([agent("r", { description: "Read", prompt: "TASK-R", subagent_type: "reader" })]));
    kit.server.script(conversationAbout("TASK-R"), touch("t", file), turn([agent("g", { description: "gp", prompt: "TASK-RG" })]), textTurn("no"));
    kit.server.push(textTurn("done"));
    await kit.run("go");
    expect(bodyTools("TASK-R").sort()).toEqual(["Agent", "Bash"]);
    expect(existsSync(file)).toBe(false);
    expect(kit.server.requests.filter(conversationAbout("TASK-RG"))).toHaveLength(0);
  });

  test("a session in plan mode: Agent(general-purpose) is refused", async () => {
    kit = await createLoopKit({ mode: "plan" });
    kit.server.push(turn([agent("g", { description: "gp", prompt: "TASK-PG" })]), textTurn("refused"));
    await kit.run("go");
    expect(kit.server.requests.filter(conversationAbout("TASK-PG"))).toHaveLength(0);
  });
});

describe("a background agent and the session's mode", () => {
  test("a background general-purpose agent started in default mode is held to plan mode once the session enters it", async () => {
    kit = await createLoopKit({ mode: "acceptEdits" });
    const file = join(kit.folder.path, "after-plan.txt");
    const session = kit.session;
    kit.server.push(turn([agent("bg", { description: "bg", prompt: "TASK-BGPLAN", run_in_background: true })]));
    kit.server.script(conversationAbout("TASK-BGPLAN"), async () => {
      for (let spins = 0; spins < 400 && session.permissionContext().mode !== "plan"; spins++) await Bun.sleep(5);
      return turn([{ type: "tool_use", id: "w", name: "Write", input: { file_path: file, content: "x" } }]);
    }, textTurn("tried"));
    kit.server.push(turn([{ type: "tool_use", id: "enter", name: "EnterPlanMode", input: {} }]), textTurn("planning"));
    await kit.run("go");
    await kit.session.services.tasks.list()[0]?.done;
    expect(session.permissionContext().mode).toBe("plan");
    expect(existsSync(file)).toBe(false);
  });
});

describe("agent files cannot loosen", () => {
  test("permissionMode other than plan is ignored; hooks fields are ignored; FIFOs and oversized files are skipped without blocking", () => {
    const { mkdtempSync, rmSync } = require("node:fs") as typeof import("node:fs");
    const repo = mkdtempSync("/tmp/toolshed-review-held-");
    try {
      const folder = join(repo, ".toolshed", "agents");
      mkdirSync(folder, { recursive: true });
      for (const mode of ["bypassPermissions", "acceptEdits", "dontAsk"]) {
        writeFileSync(join(folder, `${mode}.md`), `---\nname: m-${mode.toLowerCase()}\ndescription: x\npermissionMode: ${mode}\nhooks:\n  PreToolUse: []\n---\nbody\n`);
      }
      Bun.spawnSync(["mkfifo", join(folder, "pipe.md")]);
      writeFileSync(join(folder, "huge.md"), "x".repeat(300 * 1024));
      const definitions = loadAgentDefinitions(repo, { HOME: join(repo, "home"), CLAUDE_CONFIG_DIR: join(repo, "c") });
      for (const agent of definitions.agents) expect(agent.permissionMode === undefined || agent.permissionMode === "plan").toBe(true);
      expect(definitions.problems.some((problem) => problem.includes("pipe.md: is not a regular file"))).toBe(true);
      expect(definitions.problems.some((problem) => problem.includes("huge.md: is"))).toBe(true);
    } finally {
      rmSync(repo, { recursive: true, force: true });
    }
  });
});
