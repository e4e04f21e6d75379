/** Every word the model reads about AskUserQuestion. */
export const ASK_USER_QUESTION_TOOL_NAME = "AskUserQuestion";

export const DESCRIPTION = "Ask the person a question with choices";

export const MAX_QUESTIONS = 4;
export const MIN_OPTIONS = 2;
export const MAX_OPTIONS = 4;
export const MAX_HEADER_CHARS = 12;

export function renderPrompt(): string {
  return `Asks the person at the terminal one to ${MAX_QUESTIONS} questions while you work, each with ${MIN_OPTIONS} to ${MAX_OPTIONS} choices, and returns their answers. Use it to learn what they prefer, to settle an unclear instruction, or to let them choose between approaches.

- Each question has a header (a label of at most ${MAX_HEADER_CHARS} characters, such as "Database"), the question, and its options, each a short label with a description of what it means or implies.
- The person can always answer in their own words instead, so do not add an "Other" option.
- Set multiSelect when several choices may apply together.
- If you recommend an option, put it first and add "(Recommended)" to its label.
- When nobody is at a terminal (a non-interactive run), the call fails saying so: then decide yourself and say what you assumed.
- Do not use it to ask whether a plan is ready in plan mode; ExitPlanMode does that.`;
}
