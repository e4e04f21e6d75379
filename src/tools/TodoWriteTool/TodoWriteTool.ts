/**
 * TodoWrite: replaces the calling agent's todo list in the session (each agent keeps its own),
 * which the interactive terminal shows; returns the old and new lists. A list whose items are all
 * completed is cleared.
 */
import { z } from "../../schema/zod.ts";
import { printableText } from "../../text/printableText.ts";
import { buildTool } from "../../Tool.ts";
import { DESCRIPTION, MAX_TODO_TEXT_CHARS, MAX_TODOS, renderPrompt, TODO_WRITE_TOOL_NAME } from "./prompt.ts";
import { TODO_STATUSES, todoListService, type TodoItem } from "./todoList.ts";

const text = (what: string) => z.string().check(z.trim(), z.minLength(1, `${what} cannot be empty`), z.maxLength(MAX_TODO_TEXT_CHARS, `${what} may be at most ${MAX_TODO_TEXT_CHARS} characters`));

/** Built on first use: start-up never pays for a schema it does not need. */
const inputSchema = () => z.strictObject({
  todos: z.array(z.strictObject({
    content: text("content").check(z.describe("What to do")),
    status: z.enum(TODO_STATUSES),
    activeForm: text("activeForm").check(z.describe("The same, as it happens (\"Running the tests\")")),
  })).check(z.maxLength(MAX_TODOS, `a todo list may hold at most ${MAX_TODOS} items`), z.describe("The whole updated todo list")),
});

export interface TodoWriteOutput {
  oldTodos: TodoItem[];
  newTodos: TodoItem[];
}

export const TodoWriteTool = buildTool({
  name: TODO_WRITE_TOOL_NAME,
  searchHint: "todo list plan steps progress",
  inputSchema,
  maxResultSizeChars: 20_000,
  // It changes only the session's own list, nothing outside toolshed.
  isReadOnly: () => true,
  checkPermissions: async () => ({ behavior: "allow", reason: "the todo list is the session's own" }),
  getToolUseSummary: (input) => (input?.todos === undefined ? null : `${input.todos.length} item${input.todos.length === 1 ? "" : "s"}`),
  description: DESCRIPTION,
  prompt: renderPrompt,
  async validateInput(input) {
    const seen = new Set<string>();
    for (const todo of input.todos) {
      if (seen.has(todo.content)) return { result: false, message: `The item "${todo.content}" is in the list twice; keep one.` };
      seen.add(todo.content);
    }
    return { result: true };
  },
  async call(input, { context }) {
    const lists = context.services.use(todoListService);
    const oldTodos = [...lists.get(context.agentId)];
    const newTodos = input.todos.map((todo) => ({ ...todo }));
    lists.set(context.agentId, newTodos.every((todo) => todo.status === "completed") ? [] : newTodos);
    return { data: { oldTodos, newTodos } };
  },
  mapToolResultToToolResultBlockParam(output: TodoWriteOutput, toolUseId) {
    const inProgress = output.newTodos.filter((todo) => todo.status === "in_progress").length;
    const open = output.newTodos.filter((todo) => todo.status !== "completed").length;
    let note = "The todo list is updated. Go on with the item in progress, and mark each item completed as soon as it is done.";
    if (output.newTodos.length > 0 && open === 0) note = "Every item is completed, so the list is cleared.";
    else if (inProgress > 1) note += ` ${inProgress} items are in progress; keep only one in progress at a time.`;
    else if (inProgress === 0 && open > 0) note += " No item is in progress: mark the one you work on next in_progress.";
    return { type: "tool_result", tool_use_id: toolUseId, content: note };
  },
  // The person sees the list itself under the call, as long as the list may be.
  terminalResultLines: MAX_TODOS,
  renderResultForTerminal(output: TodoWriteOutput) {
    const marks = { pending: "[ ]", in_progress: "[~]", completed: "[x]" } as const;
    return printableText(output.newTodos.map((todo) => `${marks[todo.status]} ${todo.status === "in_progress" ? todo.activeForm : todo.content}`).join("\n")) || "(the todo list is empty)";
  },
});
