/** Every word the model reads about TodoWrite. */
export const TODO_WRITE_TOOL_NAME = "TodoWrite";

export const DESCRIPTION = "Update the todo list";

export const MAX_TODOS = 100;
export const MAX_TODO_TEXT_CHARS = 500;

export function renderPrompt(): string {
  return `Keeps your todo list for this session: a plan of the steps of the work, each pending, in_progress or completed. The person sees the list as it changes, so it shows them where the work stands.

When to use it:
- For work of three or more steps, or work the person gave as a list: write the list before you start.
- Not for a single simple step; just do it.

How to use it:
- Each call replaces the whole list: send every item, changed or not.
- content says what to do ("Run the tests"); activeForm says it as it happens ("Running the tests").
- Keep exactly one item in_progress while you work; mark it completed as soon as it is done (not in a batch at the end), then start the next.
- Mark an item completed only when it is really done: not when tests fail, the work is partial, or an error is unresolved. Add an item for what blocks you instead.
- Remove items that no longer matter; add ones you discover.`;
}
