/**
 * The session's todo lists, one per agent (the session's own agent and each sub-agent keep their
 * own): what TodoWrite replaces, what the interactive terminal shows. Listeners hear each change.
 */
import { defineService } from "../../session/serviceKey.ts";

export const TODO_STATUSES = ["pending", "in_progress", "completed"] as const;
export type TodoStatus = (typeof TODO_STATUSES)[number];

export interface TodoItem {
  content: string;
  status: TodoStatus;
  /** The item in the present continuous ("Running the tests"), shown while it is in progress. */
  activeForm: string;
}

export type TodoListener = (agentId: string, todos: readonly TodoItem[]) => void;

export class TodoLists {
  private readonly lists = new Map<string, readonly TodoItem[]>();
  private readonly listeners = new Set<TodoListener>();

  get(agentId: string): readonly TodoItem[] {
    return this.lists.get(agentId) ?? [];
  }

  /** Replaces an agent's list and tells the listeners. */
  set(agentId: string, todos: readonly TodoItem[]): void {
    if (todos.length === 0) this.lists.delete(agentId);
    else this.lists.set(agentId, todos);
    for (const listener of this.listeners) listener(agentId, todos);
  }

  /** Hears every change; returns the function that stops listening. */
  subscribe(listener: TodoListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}

export const todoListService = defineService<TodoLists>({ name: "todoLists", create: () => new TodoLists() });
