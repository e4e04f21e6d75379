/** Adds text meant for the model (a PostToolUse hook's feedback) to the end of a tool_result. */
import type { ToolResultBlockParam } from "@anthropic-ai/sdk/resources/messages";

/** The block with each line of `feedback` after its content; the same block when there is none. */
export function appendFeedback(block: ToolResultBlockParam, feedback: readonly string[]): ToolResultBlockParam {
  if (feedback.length === 0) return block;
  const text = feedback.join("\n");
  const content = block.content;
  if (content === undefined || typeof content === "string") {
    return { ...block, content: content === undefined || content === "" ? text : `${content}\n\n${text}` };
  }
  return { ...block, content: [...content, { type: "text", text }] };
}
