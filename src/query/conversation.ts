/** The conversation the loop keeps and sends: user and assistant messages, alternating. */
import type { AssistantMessageParam, ContentBlockParam, UserMessageParam } from "@anthropic-ai/sdk/resources/messages";

export type ConversationMessage = UserMessageParam | AssistantMessageParam;

/** A message's content as blocks. */
export function contentBlocks(message: ConversationMessage): ContentBlockParam[] {
  return typeof message.content === "string" ? [{ type: "text", text: message.content }] : [...message.content];
}
