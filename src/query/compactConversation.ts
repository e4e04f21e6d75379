/**
 * Compaction: the conversation so far summarized by the model and replaced by that summary, so a
 * session can go on past its context window. PreCompact hooks run first and may forbid it. The
 * agent loop compacts on its own when the window fills up (trigger "auto"); the terminal's
 * `/compact` calls this with trigger "manual" and the person's instructions.
 */
import type { Message } from "@anthropic-ai/sdk/resources/messages";
import { describeError } from "../errors/describeError.ts";
import { hookScopeOf, type HookScopeSource } from "../hooks/runHooks.ts";
import { runPreCompactHooks, type CompactTrigger } from "../hooks/runPreCompactHooks.ts";
import { COMPACT_SYSTEM_PROMPT, compactInstructionText, compactSummaryText } from "./compactPrompt.ts";
import { contentBlocks, type ConversationMessage } from "./conversation.ts";
import type { CompactBoundaryEvent } from "./events.ts";
import type { ModelAccess } from "./modelAccess.ts";
import { summarizableConversation } from "./summarizableConversation.ts";
import type { TranscriptWriter } from "./transcript/TranscriptWriter.ts";

export type { CompactTrigger };

export interface CompactConversationOptions {
  /** The conversation to summarize; it is not changed (the caller puts the result in its place). */
  messages: readonly ConversationMessage[];
  model: ModelAccess;
  /** The session's (or an agent's) context: its hooks, folder, mode and warnings. */
  context: HookScopeSource;
  trigger: CompactTrigger;
  /** What the person wants the summary to keep or stress (`/compact <instructions>`). */
  customInstructions?: string;
  /** The conversation's size in tokens, as the last answer counted it; estimated from its length when unknown. */
  preTokens?: number;
  /** Where the summary is recorded, as the start of the conversation a resume reads back. */
  transcript?: TranscriptWriter;
  /** Stops the hooks and the summary request; the context's abort signal by default. */
  signal?: AbortSignal;
  /** The model that writes the summary; the session's main model by default. */
  summaryModel?: string;
  newUuid?: () => string;
}

/** What a compaction came to. Only "compacted" changes anything. */
export type CompactOutcome =
  | {
    kind: "compacted";
    /** The conversation to go on with: one user message holding the summary (and a prompt not yet answered). */
    messages: ConversationMessage[];
    summary: string;
    /** The event that marks the boundary (the loop yields it; the terminal can show it). */
    boundary: CompactBoundaryEvent;
  }
  /** A PreCompact hook forbade it; `error` names the hook and its reason. */
  | { kind: "blocked"; error: string }
  /** The summary could not be made; `error` says why. */
  | { kind: "failed"; error: string }
  | { kind: "aborted"; error: string };

/** A rough size in tokens (about four characters each), for a conversation no answer has measured. */
export function estimateTokens(messages: readonly ConversationMessage[]): number {
  return Math.ceil(JSON.stringify(messages).length / 4);
}

/**
 * A prompt the model has not seen yet (the conversation ends with a user message that answers
 * no tool call) is kept as it is after the summary, rather than summarized.
 */
function pendingPrompt(messages: readonly ConversationMessage[]): ConversationMessage | undefined {
  const last = messages.at(-1);
  if (last === undefined || last.role !== "user" || messages.length < 2) return undefined;
  return contentBlocks(last).some((block) => block.type === "tool_result") ? undefined : last;
}

async function requestSummary(options: CompactConversationOptions, history: readonly ConversationMessage[], signal: AbortSignal): Promise<Message | undefined> {
  const { model } = options;
  const name = options.summaryModel ?? model.model;
  const messages = summarizableConversation([...history, { role: "user", content: compactInstructionText(options.customInstructions) }]);
  const started = performance.now();
  let message: Message | undefined;
  try {
    const request = { model: name, max_tokens: model.maxOutputTokens(name), system: [{ type: "text" as const, text: COMPACT_SYSTEM_PROMPT }], messages };
    for await (const event of model.callModel(request, signal)) if (event.type === "message") message = event.message;
  } finally {
    model.accounting.apiMilliseconds += performance.now() - started;
  }
  if (message !== undefined) model.accounting.usage.add(message.model || name, message.usage, message.id);
  return message;
}

/** Summarizes the conversation and returns the one to go on with; never throws. */
export async function compactConversation(options: CompactConversationOptions): Promise<CompactOutcome> {
  const signal = options.signal ?? options.context.abortController.signal;
  if (options.messages.length === 0) return { kind: "failed", error: "there is no conversation to compact yet" };
  const scope = hookScopeOf(options.context, { transcriptPath: options.transcript?.path, signal });
  const blocked = await runPreCompactHooks(scope, { trigger: options.trigger, customInstructions: options.customInstructions });
  if (signal.aborted) return { kind: "aborted", error: "the compaction was interrupted" };
  if (blocked !== undefined) return { kind: "blocked", error: blocked };

  const prompt = pendingPrompt(options.messages);
  const history = prompt === undefined ? options.messages : options.messages.slice(0, -1);
  let message: Message | undefined;
  try {
    message = await requestSummary(options, history, signal);
  } catch (error) {
    if (signal.aborted) return { kind: "aborted", error: "the compaction was interrupted" };
    return { kind: "failed", error: `the summary could not be written: ${describeError(error)}` };
  }
  const summary = message?.content.flatMap((block) => (block.type === "text" ? [block.text] : [])).join("").trim() ?? "";
  if (summary === "") return { kind: "failed", error: "the model's summary was empty, so the conversation was kept as it was" };

  const preTokens = options.preTokens ?? estimateTokens(options.messages);
  const next = options.trigger === "manual" || prompt !== undefined ? "prompt" : "continue";
  const summaryBlock = { type: "text" as const, text: compactSummaryText(summary, next) };
  const replacement: ConversationMessage = { role: "user", content: [summaryBlock, ...(prompt === undefined ? [] : contentBlocks(prompt))] };
  options.transcript?.appendCompactSummary(replacement, { trigger: options.trigger, preTokens });
  const boundary: CompactBoundaryEvent = {
    type: "system",
    subtype: "compact_boundary",
    compact_metadata: { trigger: options.trigger, pre_tokens: preTokens },
    session_id: options.context.sessionId,
    uuid: (options.newUuid ?? (() => crypto.randomUUID()))(),
  };
  return { kind: "compacted", messages: [replacement], summary, boundary };
}
