/**
 * A conversation read back from a transcript, as screen items: what the person asked, the
 * model's answers, and each tool call with its result, so a resumed session shows where it was.
 */
import type { ToolUseBlockParam } from "@anthropic-ai/sdk/resources/messages";
import type { Tools } from "../Tool.ts";
import type { ConversationMessage } from "../query/conversation.ts";
import { summarizeToolResult } from "./summarizeToolResult.ts";
import { nextItemId, type ScreenItem } from "./terminalState.ts";
import { toolCallView } from "./TurnDisplay.ts";

/** The items for `messages`, oldest first. */
export function historyItems(messages: readonly ConversationMessage[], tools: Tools): ScreenItem[] {
  const items: ScreenItem[] = [];
  const calls = new Map<string, ToolUseBlockParam>();
  for (const message of messages) {
    if (typeof message.content === "string") {
      if (message.content.trim() !== "") items.push({ kind: message.role, id: nextItemId(), text: message.content, ...(message.role === "assistant" ? { continued: false } : {}) } as ScreenItem);
      continue;
    }
    let promptShown = false;
    for (const block of message.content) {
      if (block.type === "text" && block.text.trim() !== "") {
        // A user message's first text is the prompt; the rest are attachments and context.
        if (message.role === "user" && promptShown) continue;
        promptShown = true;
        items.push(message.role === "user" ? { kind: "user", id: nextItemId(), text: block.text } : { kind: "assistant", id: nextItemId(), text: block.text, continued: false });
      } else if (block.type === "tool_use") {
        calls.set(block.id, block);
      } else if (block.type === "tool_result") {
        const use = calls.get(block.tool_use_id);
        if (use === undefined) continue;
        const view = toolCallView({ id: use.id, name: use.name, input: use.input }, tools);
        items.push({ kind: "tool", id: nextItemId(), call: { ...view, status: block.is_error === true ? "error" : "done", result: summarizeToolResult(block) } });
      }
    }
  }
  return items;
}
