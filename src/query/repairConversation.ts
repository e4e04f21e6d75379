/**
 * Puts a conversation into the shape the Messages API accepts before every request, so one cut
 * by a crash, a kill or an interrupt can always be sent again: every tool_use is answered by a
 * tool_result in the next user message (a missing one gets an error result saying the call did
 * not finish), results without a call are dropped, roles alternate, the first message is the user's.
 */
import type { ContentBlockParam, ToolResultBlockParam } from "@anthropic-ai/sdk/resources/messages";
import { contentBlocks as blocks, type ConversationMessage as MessageParam } from "./conversation.ts";

import { UNFINISHED_CALL_TEXT } from "./prompt.ts";

export { UNFINISHED_CALL_TEXT };

function toolUseIds(message: MessageParam): string[] {
  if (message.role !== "assistant" || typeof message.content === "string") return [];
  return message.content.flatMap((block) => (block.type === "tool_use" ? [block.id] : []));
}

function isToolResult(block: ContentBlockParam): block is ToolResultBlockParam {
  return block.type === "tool_result";
}

/** Joins runs of messages of one role into one message each. */
function alternate(messages: readonly MessageParam[]): MessageParam[] {
  const joined: MessageParam[] = [];
  for (const message of messages) {
    const last = joined.at(-1);
    if (last !== undefined && last.role === message.role) joined[joined.length - 1] = { role: message.role, content: [...blocks(last), ...blocks(message)] } as MessageParam;
    else joined.push(message);
  }
  return joined;
}

/** The conversation with every defect above mended; the input is not changed. */
export function repairConversation(messages: readonly MessageParam[]): MessageParam[] {
  const joined = alternate(messages.filter((message) => typeof message.content === "string" ? message.content !== "" : message.content.length > 0));
  const repaired: MessageParam[] = [];
  for (let index = 0; index < joined.length; index++) {
    const message = joined[index] as MessageParam;
    if (message.role === "user") {
      const previous = repaired.at(-1);
      const expected = new Set(previous === undefined ? [] : toolUseIds(previous));
      // Results go first, in call order, then whatever else the user said.
      const content = blocks(message);
      const results = content.filter((block): block is ToolResultBlockParam => isToolResult(block) && expected.has(block.tool_use_id));
      const others = content.filter((block) => !isToolResult(block));
      const answered = new Set(results.map((result) => result.tool_use_id));
      const missing: ToolResultBlockParam[] = [...expected].filter((id) => !answered.has(id))
        .map((id) => ({ type: "tool_result", tool_use_id: id, content: UNFINISHED_CALL_TEXT, is_error: true }));
      const merged = [...results, ...missing, ...others];
      // Nothing to mend: keep the message as it was (a prompt stays a string).
      if (merged.length === content.length && merged.every((block, position) => block === content[position])) repaired.push(message);
      else if (merged.length > 0) repaired.push({ role: "user", content: merged });
      continue;
    }
    // An assistant message: a conversation cannot start with one.
    if (repaired.length === 0) repaired.push({ role: "user", content: "(The conversation continues.)" });
    const previous = repaired.at(-1);
    if (previous !== undefined && previous.role === "assistant") {
      // The user message between two assistant messages was dropped: answer the first one's calls.
      const ids = toolUseIds(previous);
      repaired.push({ role: "user", content: ids.length > 0 ? ids.map((id) => ({ type: "tool_result", tool_use_id: id, content: UNFINISHED_CALL_TEXT, is_error: true })) : "(continue)" });
    }
    repaired.push(message);
  }
  // A last assistant message whose calls have no answer yet: answer them, so the next turn can start.
  const last = repaired.at(-1);
  if (last !== undefined && toolUseIds(last).length > 0) {
    repaired.push({ role: "user", content: toolUseIds(last).map((id) => ({ type: "tool_result", tool_use_id: id, content: UNFINISHED_CALL_TEXT, is_error: true })) });
  }
  return repaired;
}
