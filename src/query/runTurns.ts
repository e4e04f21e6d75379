/**
 * The agent loop for one user message: ask the model, run the tools it calls (safe ones in
 * parallel, through the scheduler), send the results back, until it answers without calling a
 * tool, a limit is reached, or the run is interrupted. When the model ends its turn, the Stop
 * (or a sub-agent's SubagentStop) hooks may send it back to work, a bounded number of times; when
 * the conversation nears the context window, it is compacted before the next request. Yields
 * every event as it happens and ends with a result event, always.
 */
import type { ContentBlockParam, Message, TextBlockParam, ToolResultBlockParam, ToolUseBlock } from "@anthropic-ai/sdk/resources/messages";
import type { CanUseTool, ToolUseContext } from "../Tool.ts";
import { describeError } from "../errors/describeError.ts";
import type { StopHookEvent } from "../hooks/runStopHooks.ts";
import { runTools } from "../pipeline/runTools.ts";
import type { ToolUseOutcome } from "../pipeline/runToolUse.ts";
import { createTurnContext } from "../session/createChildContext.ts";
import { AsyncQueue } from "./asyncQueue.ts";
import { autoCompactThreshold, isPromptTooLong, promptTokensOf, type ContextWindowState } from "./autoCompact.ts";
import { compactConversation } from "./compactConversation.ts";
import type { ConversationMessage } from "./conversation.ts";
import { isForwardedEvent, type PermissionDenial, type QueryEvent, type ResultEvent, type ResultSubtype } from "./events.ts";
import type { ModelAccess } from "./modelAccess.ts";
import { buildModelRequest } from "./buildModelRequest.ts";
import { repairConversation } from "./repairConversation.ts";
import { cutOffToolUseText, CONTINUE_AFTER_MAX_TOKENS, MAX_TOKENS_CONTINUATIONS, PAUSE_TURN_LIMIT } from "./loopLimits.ts";
import { stopHookFeedback } from "./stopHookFeedback.ts";
import type { TranscriptWriter } from "./transcript/TranscriptWriter.ts";

/** What one run of the loop needs. */
export interface RunTurnsOptions {
  /** The context the calls run in (the session's, or a sub-agent's child context). */
  context: ToolUseContext;
  canUseTool: CanUseTool;
  /** The conversation so far, ending with the new user message. */
  messages: ConversationMessage[];
  /** The model, its fallback, and where usage is counted. */
  model: ModelAccess;
  system: TextBlockParam[];
  /** Tool-use round trips allowed; the final answer is not counted. */
  maxTurns?: number;
  maxBudgetUsd?: number;
  transcript?: TranscriptWriter;
  /** Set for a sub-agent's events: the Agent call they belong to. */
  parentToolUseId?: string;
  /** Aborts the run: the request and every running tool. */
  signal: AbortSignal;
  /** Mints the uuid of each event (a test can make them predictable). */
  newUuid?: () => string;
  /**
   * The hooks that run when the model ends its turn: a sub-agent's SubagentStop (the Agent tool
   * passes its id and type), or Stop, the default for the main agent's run (no parentToolUseId);
   * a sub-agent's run without this option runs none.
   */
  stopHook?: StopHookEvent;
  /** Compacts the conversation when it nears the model's context window, or when a request no longer fits (on by default). */
  autoCompact?: boolean;
  /** The conversation's size as the last run left it, read and updated (query() keeps one across messages). */
  window?: ContextWindowState;
  /** Read for TOOLSHED_AUTOCOMPACT_PCT_OVERRIDE; process.env by default. */
  env?: Record<string, string | undefined>;
}

function textOf(message: Message): string {
  return message.content.flatMap((block) => (block.type === "text" ? [block.text] : [])).join("");
}

function toolUsesOf(message: Message): ToolUseBlock[] {
  return message.content.filter((block): block is ToolUseBlock => block.type === "tool_use");
}

/** The message as the conversation keeps it: only what the API takes back. */
function asParam(message: Message): ConversationMessage {
  return { role: "assistant", content: message.content as unknown as ContentBlockParam[] };
}

function isAbort(error: unknown, signal: AbortSignal): boolean {
  return signal.aborted || (error instanceof Error && (error.name === "AbortError" || error.name === "APIUserAbortError"));
}

/** Runs the loop; the last event is always the result. */
export async function* runTurns(options: RunTurnsOptions): AsyncGenerator<QueryEvent, ResultEvent> {
  const { transcript, signal } = options;
  const { accounting } = options.model;
  const { usage } = accounting;
  const parent = options.parentToolUseId ?? null;
  const maxTokens = (model: string) => options.model.maxOutputTokens(model);
  const newUuid = options.newUuid ?? (() => crypto.randomUUID());
  const sessionId = options.context.sessionId;
  const started = performance.now();
  const messages = options.messages;
  // The limit is the accounting's, so sub-agents counting into it stop at it too.
  if (options.maxBudgetUsd !== undefined && accounting.budget === undefined) {
    accounting.budget = { maxUsd: options.maxBudgetUsd, spentUsd: () => usage.summary().totalCostUSD };
  }
  const denials: PermissionDenial[] = [];
  let model = options.model.model;
  let usedFallback = false;
  let context: ToolUseContext = options.context;
  let toolTurns = 0;
  let responses = 0;
  let continuations = 0;
  let pauses = 0;
  let finalText = "";
  let stopReason: string | null = null;
  let stopContinuations = 0;
  const window: ContextWindowState = options.window ?? {};
  // One compaction that fails or is blocked ends automatic compaction for this run, and one
  // rescue of a request that no longer fits is tried: neither can repeat without end.
  let autoCompact = options.autoCompact !== false;
  let rescued = false;

  /** Compacts the conversation in place; yields the boundary event; false when it did not happen. */
  async function* compact(why: string): AsyncGenerator<QueryEvent, boolean> {
    const outcome = await compactConversation({ messages, model: options.model, context, trigger: "auto", preTokens: window.lastPromptTokens, transcript, signal, newUuid });
    if (outcome.kind !== "compacted") {
      autoCompact = false;
      if (outcome.kind !== "aborted") context.onWarning?.(`${why}, but it was not compacted: ${outcome.error}`);
      return false;
    }
    messages.splice(0, messages.length, ...outcome.messages);
    window.lastPromptTokens = undefined;
    yield outcome.boundary;
    return true;
  }

  const finish = (subtype: ResultSubtype, terminalReason: string, errors?: string[]): ResultEvent => {
    const summary = usage.summary();
    return {
      type: "result",
      subtype,
      is_error: subtype !== "success",
      result: subtype === "success" ? finalText : "",
      ...(errors === undefined ? {} : { errors }),
      session_id: sessionId,
      uuid: newUuid(),
      num_turns: responses,
      duration_ms: Math.round(performance.now() - started),
      duration_api_ms: Math.round(accounting.apiMilliseconds),
      total_cost_usd: summary.totalCostUSD,
      usage: summary.usage,
      modelUsage: summary.modelUsage,
      permission_denials: denials,
      stop_reason: stopReason,
      terminal_reason: terminalReason,
    };
  };

  for (;;) {
    if (signal.aborted) return finish("error_during_execution", "aborted_tools", ["interrupted"]);
    const budget = accounting.budget;
    if (budget !== undefined && budget.spentUsd() >= budget.maxUsd) {
      return finish("error_max_budget_usd", "budget_exhausted", [`the run reached its budget of $${budget.maxUsd} ($${budget.spentUsd().toFixed(4)} spent)`]);
    }
    if (autoCompact && window.lastPromptTokens !== undefined && window.lastPromptTokens >= autoCompactThreshold(model, maxTokens(model), options.env)) {
      yield* compact(`the conversation (${window.lastPromptTokens} tokens) is nearing the context window of ${model}`);
      if (signal.aborted) continue;
    }
    const repaired = repairConversation(messages);
    messages.splice(0, messages.length, ...repaired);
    const request = await buildModelRequest({ model, maxTokens: maxTokens(model), system: options.system, messages, context });

    let message: Message | undefined;
    let incomplete: string | undefined;
    const requestStarted = performance.now();
    try {
      for await (const event of options.model.callModel(request, signal)) {
        if (event.type === "stream_event") yield { type: "stream_event", event: event.event, parent_tool_use_id: parent, session_id: sessionId, uuid: newUuid() };
        else if (event.type === "retry") {
          yield {
            type: "system", subtype: "api_retry", attempt: event.attempt, max_retries: event.maxRetries, retry_delay_ms: event.delayMs,
            error_status: event.error.status ?? null, error: event.error.category, message: event.error.message, session_id: sessionId, uuid: newUuid(),
          };
        } else {
          message = event.message;
          incomplete = event.incomplete?.reason;
        }
      }
    } catch (error) {
      accounting.apiMilliseconds += performance.now() - requestStarted;
      if (isAbort(error, signal)) return finish("error_during_execution", "aborted_streaming", ["interrupted"]);
      if (isPromptTooLong(error) && autoCompact && !rescued) {
        rescued = true;
        if (yield* compact("the conversation no longer fits the context window")) continue;
        // Not compacted (a hook forbade it, or the summary failed): the request's own error surfaces.
      }
      const fallback = options.model.fallbackModel;
      if (fallback !== undefined && !usedFallback && fallback !== model) {
        usedFallback = true;
        model = fallback;
        continue;
      }
      return finish("error_during_execution", "api_error", [describeError(error)]);
    }
    accounting.apiMilliseconds += performance.now() - requestStarted;
    if (message === undefined) return finish("error_during_execution", "api_error", ["the model's answer ended before it was complete"]);
    responses++;
    usage.add(message.model || model, message.usage, message.id);
    window.lastPromptTokens = promptTokensOf(message.usage);
    stopReason = message.stop_reason ?? null;
    yield { type: "assistant", message, parent_tool_use_id: parent, session_id: sessionId, uuid: newUuid(), ...(incomplete === undefined ? {} : { error: incomplete }) };
    messages.push(asParam(message));
    transcript?.append("assistant", { ...asParam(message), id: message.id, model: message.model, stop_reason: message.stop_reason, usage: message.usage });

    const text = textOf(message);
    finalText = continuations > 0 ? finalText + text : text;
    let toolUses = toolUsesOf(message);
    // A tool call cut off by the output limit is not run half-formed: it gets an error result.
    const cutOff = message.stop_reason === "max_tokens" && message.content.at(-1)?.type === "tool_use" ? toolUses.at(-1) : undefined;
    if (cutOff !== undefined) toolUses = toolUses.slice(0, -1);

    if (toolUses.length === 0 && cutOff === undefined) {
      if (incomplete !== undefined) return finish("error_during_execution", "model_error", [incomplete]);
      if (message.stop_reason === "pause_turn" && pauses < PAUSE_TURN_LIMIT) {
        pauses++;
        continue;
      }
      if (message.stop_reason === "max_tokens" && continuations < MAX_TOKENS_CONTINUATIONS) {
        continuations++;
        messages.push({ role: "user", content: CONTINUE_AFTER_MAX_TOKENS });
        transcript?.append("user", { role: "user", content: CONTINUE_AFTER_MAX_TOKENS });
        continue;
      }
      if (message.stop_reason === "model_context_window_exceeded") {
        if (autoCompact && !rescued) {
          rescued = true;
          if (yield* compact("the answer reached the end of the context window")) continue;
        }
        return finish("error_during_execution", "prompt_too_long", ["the conversation no longer fits the model's context window; start a new session"]);
      }
      const stopHook = options.stopHook ?? (options.parentToolUseId === undefined ? { event: "Stop" as const } : undefined);
      const feedback = stopHook === undefined ? undefined : await stopHookFeedback({
        context, stopHook, continuations: stopContinuations, lastAssistantMessage: finalText, transcriptPath: transcript?.path, signal,
      });
      if (feedback !== undefined) {
        if (signal.aborted) return finish("error_during_execution", "aborted_tools", ["interrupted"]);
        // A stop hook sent the model back to work: its words go in as the user's next message.
        stopContinuations++;
        messages.push(feedback);
        transcript?.append("user", feedback);
        yield { type: "user", message: feedback, parent_tool_use_id: parent, session_id: sessionId, uuid: newUuid() };
        continue;
      }
      return finish("success", "completed");
    }
    continuations = 0;
    if (options.maxTurns !== undefined && toolTurns >= options.maxTurns) {
      return finish("error_max_turns", "max_turns", [`the run reached its limit of ${options.maxTurns} tool-use turn${options.maxTurns === 1 ? "" : "s"}`]);
    }
    toolTurns++;

    const progress = new AsyncQueue<QueryEvent>();
    const callStarted = new Map<string, number>();
    const names = new Map(toolUses.map((use) => [use.id, use.name]));
    const turn = createTurnContext(context, {
      signal,
      onProgress: (event) => progress.push(isForwardedEvent(event.data) ? event.data.forwardedEvent : {
        type: "tool_progress",
        tool_use_id: event.toolUseId,
        tool_name: names.get(event.toolUseId) ?? "",
        parent_tool_use_id: parent,
        elapsed_time_seconds: Math.round((performance.now() - (callStarted.get(event.toolUseId) ?? started)) / 100) / 10,
        data: event.data,
        session_id: sessionId,
        uuid: newUuid(),
      }),
    });
    for (const use of toolUses) callStarted.set(use.id, performance.now());
    const running = runTools({
      toolUses: toolUses.map((use) => ({ id: use.id, name: use.name, input: use.input })),
      context: turn,
      canUseTool: options.canUseTool,
      parentMessage: { id: message.id, content: message.content },
    }).then((result) => ({ done: result }));
    let ran: Awaited<typeof running>["done"];
    for (;;) {
      const next = await Promise.race([running, progress.next().then((event) => ({ event }))]);
      if ("done" in next) {
        ran = next.done;
        break;
      }
      yield next.event;
    }
    for (const event of progress.drain()) yield event;
    // Modifiers change what later turns see (the pool, the mode); the turn's own abort scope does not carry over.
    context = { ...ran.context, abortController: context.abortController, onProgress: context.onProgress };

    const results: ToolResultBlockParam[] = ran.outcomes.map((outcome) => outcome.result);
    if (cutOff !== undefined) results.push({ type: "tool_result", tool_use_id: cutOff.id, content: cutOffToolUseText(cutOff.name, maxTokens(model)), is_error: true });
    for (const outcome of ran.outcomes) recordDenial(outcome, toolUses, denials);
    const extra = ran.outcomes.flatMap((outcome) => outcome.newMessages.flatMap((added) => (typeof added.content === "string" ? [{ type: "text" as const, text: added.content }] : added.content)));
    const content: ContentBlockParam[] = [...results, ...extra];
    const toolOutputs = Object.fromEntries(ran.outcomes.filter((outcome) => outcome.output !== undefined).map((outcome) => [outcome.result.tool_use_id, outcome.output]));
    messages.push({ role: "user", content });
    transcript?.append("user", { role: "user", content });
    yield { type: "user", message: { role: "user", content }, parent_tool_use_id: parent, session_id: sessionId, uuid: newUuid(), tool_use_result: toolOutputs };
    if (signal.aborted || ran.outcomes.some((outcome) => outcome.stage === "aborted")) {
      return finish("error_during_execution", "aborted_tools", ["interrupted"]);
    }
  }
}

function recordDenial(outcome: ToolUseOutcome, toolUses: readonly ToolUseBlock[], denials: PermissionDenial[]): void {
  if (outcome.stage !== "permission") return;
  const use = toolUses.find((candidate) => candidate.id === outcome.result.tool_use_id);
  if (use !== undefined) denials.push({ tool_name: use.name, tool_use_id: use.id, tool_input: use.input });
}
