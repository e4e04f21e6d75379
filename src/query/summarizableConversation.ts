/**
 * The conversation as it is sent to be summarized: tool calls and their results become text (the
 * summary request offers no tools, and the API takes tool blocks only beside tool definitions),
 * long tool inputs and results are cut to their start and end, thinking is left out, and images
 * the user gave stay. What remains alternates user and assistant, starting with the user.
 */
import type { ContentBlockParam, ToolResultBlockParam } from "@anthropic-ai/sdk/resources/messages";
import { toolCallText, toolResultText } from "./compactPrompt.ts";
import { contentBlocks, type ConversationMessage } from "./conversation.ts";
import { repairConversation } from "./repairConversation.ts";

/** The most characters of one tool input or result kept for the summary. */
export const SUMMARY_BLOCK_CHARS = 4_000;

function shorten(text: string): string {
  if (text.length <= SUMMARY_BLOCK_CHARS) return text;
  const head = text.slice(0, Math.floor(SUMMARY_BLOCK_CHARS * 0.75));
  const tail = text.slice(text.length - Math.floor(SUMMARY_BLOCK_CHARS * 0.25));
  return `${head}\n… (${text.length - head.length - tail.length} characters left out) …\n${tail}`;
}

function resultText(block: ToolResultBlockParam): string {
  if (block.content === undefined) return "";
  if (typeof block.content === "string") return block.content;
  return block.content.map((part) => (part.type === "text" ? part.text : `[${part.type}]`)).join("\n");
}

function asText(block: ContentBlockParam, names: ReadonlyMap<string, string>): ContentBlockParam[] {
  switch (block.type) {
    case "text":
      return block.text.trim() === "" ? [] : [{ type: "text", text: block.text }];
    case "image":
      return [{ type: "image", source: block.source }];
    case "thinking":
    case "redacted_thinking":
      return [];
    case "tool_use":
      return [{ type: "text", text: toolCallText(block.name, shorten(JSON.stringify(block.input))) }];
    case "tool_result": {
      const name = names.get(block.tool_use_id);
      const text = shorten(resultText(block));
      return [{ type: "text", text: toolResultText(name === undefined ? text : `${name}: ${text}`, block.is_error === true) }];
    }
    default:
      return [{ type: "text", text: `[${block.type}: ${shorten(JSON.stringify(block))}]` }];
  }
}

/** The conversation in the shape above; the input is not changed. */
export function summarizableConversation(messages: readonly ConversationMessage[]): ConversationMessage[] {
  const names = new Map<string, string>();
  for (const message of messages) {
    for (const block of contentBlocks(message)) if (block.type === "tool_use") names.set(block.id, block.name);
  }
  const converted = messages.map((message) => ({
    role: message.role,
    content: contentBlocks(message).flatMap((block) => asText(block, names)),
  }) as ConversationMessage);
  return repairConversation(converted);
}
