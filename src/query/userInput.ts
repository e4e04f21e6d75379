/** A user message as toolshed takes it (text, or content blocks), and what the hooks add to it. */
import type { ContentBlockParam } from "@anthropic-ai/sdk/resources/messages";

/** One user message: text, or content blocks (images, attachments). */
export type UserInput = string | ContentBlockParam[];

/** The text of a message, as a UserPromptSubmit hook receives it. */
export function userInputText(input: UserInput): string {
  if (typeof input === "string") return input;
  return input.flatMap((block) => (block.type === "text" ? [block.text] : [])).join("\n");
}

/** The message with the hooks' context around it: SessionStart's before, UserPromptSubmit's after. */
export function withHookContext(input: UserInput, before: readonly string[], after: readonly string[]): UserInput {
  if (before.length === 0 && after.length === 0) return input;
  const blocks = (texts: readonly string[]): ContentBlockParam[] => texts.map((text) => ({ type: "text", text }));
  return [...blocks(before), ...(typeof input === "string" ? blocks([input]) : input), ...blocks(after)];
}
