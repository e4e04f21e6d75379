/** Every word the model reads about ExitPlanMode. */
export const EXIT_PLAN_MODE_TOOL_NAME = "ExitPlanMode";

export const DESCRIPTION = "Present the plan and ask to leave plan mode";

export const MAX_PLAN_CHARS = 50_000;

export function renderPrompt(): string {
  return `In plan mode, when your plan is ready: shows the plan to the person and asks them to approve it. If they approve, plan mode ends and you carry out the plan; if not, you stay in plan mode and revise it as they say.

- plan is the whole plan in Markdown: what you will change, where, in what order, and how you will check it. Keep it concrete and short enough to read.
- Use it only for plans of work that changes things, not after research that changes nothing.
- Do not ask "is this plan fine?" in a message or with AskUserQuestion; this tool is how the person approves.`;
}
