/** Every word the loop itself says to the model (tools say theirs in their own prompt.ts). */

/** Sent when an answer was cut off by the output limit, so the model goes on. */
export const CONTINUE_AFTER_MAX_TOKENS =
  "Your last answer was cut off by the output token limit. Continue exactly where you stopped, without repeating what you already wrote.";

/** The result of a tool call whose input was cut off by the output limit: it is not run half-formed. */
export function cutOffToolUseText(toolName: string, maxTokens: number): string {
  return `Your call of ${toolName} was cut off by the output limit (${maxTokens} tokens) before its input was complete, so it was not run. ` +
    "Call it again with a shorter input: write large files in several smaller steps.";
}

/** What the model is told about a call whose result was lost (a crash, a kill, an interrupt). */
export const UNFINISHED_CALL_TEXT =
  "This call did not finish: toolshed stopped before it returned a result, so it may or may not have run. Check its effects before calling it again.";
