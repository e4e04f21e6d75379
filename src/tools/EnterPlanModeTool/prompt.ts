/** Every word the model reads about EnterPlanMode. */
export const ENTER_PLAN_MODE_TOOL_NAME = "EnterPlanMode";

export const DESCRIPTION = "Switch to plan mode";

export function renderPrompt(): string {
  return `Switches the session to plan mode: from then on nothing can be changed (edits, writes and changing commands are refused) until the person approves your plan. Use it before work that is large, risky or unclear, so the person agrees on the approach before any change is made; not for small, clear tasks.

In plan mode:
- Explore with the read-only tools (Read, Glob, Grep, read-only shell commands) and ask questions if something is unclear.
- Write a concrete plan: the files to change, the changes, the order, and how you will check the result.
- Call ExitPlanMode with the plan to ask the person to approve it. Only after they approve do you start changing things.`;
}
