/** TodoWrite: the session's todo list per agent, returned to the model, through the pipeline and the loop. */
import { afterEach, describe, expect, test } from "bun:test";
import { createChildContext } from "../../../src/session/createChildContext.ts";
import { todoListService } from "../../../src/tools/TodoWriteTool/todoList.ts";
import { TodoWriteTool } from "../../../src/tools/TodoWriteTool/TodoWriteTool.ts";
import { createLoopKit, type LoopKit } from "../../helpers/loopKit.ts";
import { textTurn, turn } from "../../helpers/messagesApiServer.ts";
import { createTemporaryFolder, type TemporaryFolder } from "../../helpers/temporaryFolder.ts";
import { callTool, createTestContext } from "../../helpers/testSession.ts";

let folder: TemporaryFolder | undefined;
let kit: LoopKit | undefined;
afterEach(async () => {
  folder?.remove();
  folder = undefined;
  await kit?.close();
  kit = undefined;
});

const item = (content: string, status: "pending" | "in_progress" | "completed") => ({ content, status, activeForm: `${content}-ing` });

describe("TodoWrite", () => {
  test("replaces the agent's list, returns the old and new lists, tells listeners; a list all completed is cleared", async () => {
    folder = createTemporaryFolder("toolshed-todo-");
    const context = await createTestContext({ cwd: folder.path });
    const lists = context.services.use(todoListService);
    const heard: number[] = [];
    lists.subscribe((_agent, todos) => heard.push(todos.length));

    const first = await callTool(context, "TodoWrite", { todos: [item("Read", "in_progress"), item("Fix", "pending"), item("Test", "pending")] });
    expect(first.result.is_error).toBeUndefined();
    expect(first.text).toContain("The todo list is updated");
    expect(first.output).toEqual({ oldTodos: [], newTodos: [item("Read", "in_progress"), item("Fix", "pending"), item("Test", "pending")] });
    expect(lists.get(context.agentId).map((todo) => todo.status)).toEqual(["in_progress", "pending", "pending"]);

    const two = await callTool(context, "TodoWrite", { todos: [item("Read", "in_progress"), item("Fix", "in_progress")] });
    expect(two.text).toContain("2 items are in progress; keep only one in progress at a time.");
    expect((two.output as { oldTodos: unknown[] }).oldTodos).toHaveLength(3);

    const done = await callTool(context, "TodoWrite", { todos: [item("Read", "completed"), item("Fix", "completed")] });
    expect(done.text).toContain("Every item is completed, so the list is cleared.");
    expect(lists.get(context.agentId)).toEqual([]);
    expect(heard).toEqual([3, 2, 0]);
    expect(TodoWriteTool.renderResultForTerminal(first.output as never)).toBe("[~] Read-ing\n[ ] Fix\n[ ] Test");
  });

  test("each agent keeps its own list", async () => {
    folder = createTemporaryFolder("toolshed-todo-");
    const context = await createTestContext({ cwd: folder.path });
    const child = createChildContext(context, { tools: context.options.tools, agentId: "agent_child" });
    await callTool(context, "TodoWrite", { todos: [item("Main work", "pending")] });
    await callTool(child, "TodoWrite", { todos: [item("Child work", "in_progress")] });
    const lists = context.services.use(todoListService);
    expect(lists.get(context.agentId).map((todo) => todo.content)).toEqual(["Main work"]);
    expect(lists.get("agent_child").map((todo) => todo.content)).toEqual(["Child work"]);
  });

  test("bad lists are refused with what to fix: a wrong status, an empty item, an item twice", async () => {
    folder = createTemporaryFolder("toolshed-todo-");
    const context = await createTestContext({ cwd: folder.path });
    const wrong = await callTool(context, "TodoWrite", { todos: [{ content: "x", status: "doing", activeForm: "x" }] });
    expect(wrong.result.is_error).toBe(true);
    expect(wrong.text).toContain("status");
    const empty = await callTool(context, "TodoWrite", { todos: [{ content: "  ", status: "pending", activeForm: "x" }] });
    expect(empty.text).toContain("content cannot be empty");
    const twice = await callTool(context, "TodoWrite", { todos: [item("Same", "pending"), item("Same", "completed")] });
    expect(twice.text).toContain('The item "Same" is in the list twice');
    expect(context.services.use(todoListService).get(context.agentId)).toEqual([]);
  });

  test("through the loop: it needs no permission (non-interactive, and in plan mode) and the model reads the result", async () => {
    kit = await createLoopKit({ mode: "plan" });
    kit.server.push(turn([{ type: "tool_use", id: "todo", name: "TodoWrite", input: { todos: [item("Plan", "in_progress")] } }]), textTurn("planned"));
    const { result } = await kit.run("make a plan");
    expect(result.subtype).toBe("success");
    const sent = JSON.stringify((kit.server.requests[1]?.body as { messages: unknown[] }).messages.at(-1));
    expect(sent).toContain("The todo list is updated");
    expect(sent).not.toContain("is_error");
    expect(kit.session.services.use(todoListService).get(kit.session.context.agentId)).toHaveLength(1);
  });
});
