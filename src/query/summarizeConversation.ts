/**
 * One model request that summarizes a conversation (/compact): the same system prompt, tools and
 * messages as the loop sends (so the prompt cache still holds), a request for a summary at the end,
 * and no tool calls allowed. Its usage is counted with the conversation's.
 */
import type { Message, TextBlockParam } from "@anthropic-ai/sdk/resources/messages";
import type { ToolUseContext } from "../Tool.ts";
import { buildModelRequest } from "./buildModelRequest.ts";
import { summaryRequestText } from "./compactPrompt.ts";
import type { ConversationMessage } from "./conversation.ts";
import type { CallModel } from "./modelTypes.ts";
import { repairConversation } from "./repairConversation.ts";
import type { RunAccounting } from "./runAccounting.ts";

/** What a summary request needs: the model, the conversation and where its cost is counted. */
export interface SummarizeOptions {
  callModel: CallModel;
  model: string;
  maxTokens: number;
  system: TextBlockParam[];
  messages: readonly ConversationMessage[];
  /** The session's context: its tools go into the request as the loop's do. */
  context: ToolUseContext;
  accounting: RunAccounting;
  /** What the person asked the summary to keep (`/compact <focus>`). */
  focus?: string;
  signal: AbortSignal;
}

/** A summary that could not be made, with the reason (shown as it is). */
export class SummaryError extends Error {
  override readonly name = "SummaryError";
}

/** The summary's text; throws SummaryError (or the request's own error) when there is none. */
export async function summarizeConversation(options: SummarizeOptions): Promise<string> {
  if (options.messages.length === 0) throw new SummaryError("there is nothing to summarize yet");
  const messages = repairConversation([...options.messages, { role: "user", content: summaryRequestText(options.focus) }]);
  const request = await buildModelRequest({ model: options.model, maxTokens: options.maxTokens, system: options.system, messages, context: options.context });
  let message: Message | undefined;
  const started = performance.now();
  try {
    for await (const event of options.callModel({ ...request, tool_choice: { type: "none" } }, options.signal)) {
      if (event.type === "message") message = event.message;
    }
  } finally {
    options.accounting.apiMilliseconds += performance.now() - started;
  }
  if (message === undefined) throw new SummaryError("the model's answer ended before it was complete");
  options.accounting.usage.add(message.model || options.model, message.usage, message.id);
  const text = message.content.flatMap((block) => (block.type === "text" ? [block.text] : [])).join("").trim();
  if (text === "") throw new SummaryError("the model answered without a summary");
  return text;
}
