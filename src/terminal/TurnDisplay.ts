/**
 * What one turn's events do to the screen: text deltas stream into the live part and whole
 * blocks move above as they finish; each tool call gets a line that shows its progress while it
 * runs and a short result when it ends; retries, cut-off answers and failures become notices.
 */
import type { ToolUseBlock } from "@anthropic-ai/sdk/resources/messages";
import type { Tools } from "../Tool.ts";
import { findToolByName } from "../findToolByName.ts";
import { readableMcpToolName } from "../mcp/client/mcpToolName.ts";
import type { QueryEvent } from "../query/events.ts";
import { endedBeforeSending } from "../query/failedResult.ts";
import { splitStableMarkdown } from "./markdown/splitStableMarkdown.ts";
import type { Store } from "./Store.ts";
import { compactInput, renderedToolResult, summarizeToolResult } from "./summarizeToolResult.ts";
import { nextItemId, type ScreenItem, type TerminalState, type ToolCallView } from "./terminalState.ts";
import { describeRetryCause } from "../query/describeRetryCause.ts";

/** Lines of a running call's progress kept on screen. */
export const PROGRESS_LINES = 5;

/** The text of a progress event: a string, or an object with a `line`, `message` or `text`. */
export function progressLine(data: unknown): string | undefined {
  if (typeof data === "string") return data;
  if (typeof data !== "object" || data === null) return undefined;
  const record = data as { line?: unknown; message?: unknown; text?: unknown };
  for (const value of [record.line, record.message, record.text]) if (typeof value === "string") return value;
  return undefined;
}

/** A call's view when it starts. */
export function toolCallView(use: Pick<ToolUseBlock, "id" | "name" | "input">, tools: Tools): ToolCallView {
  const tool = findToolByName(tools, use.name);
  const input = (typeof use.input === "object" && use.input !== null ? use.input : {}) as Record<string, unknown>;
  let title = use.name;
  let summary: string | null = null;
  try {
    // A server still connecting (a resumed conversation shown at start): its tools are not in the pool yet.
    title = tool?.userFacingName(input) ?? readableMcpToolName(use.name) ?? use.name;
    summary = tool === undefined ? compactInput(input) : (tool.getToolUseSummary?.(input) ?? compactInput(input));
  } catch {
    summary = compactInput(input);
  }
  return { id: use.id, title, summary: summary === "{}" ? null : summary, status: "running", progress: [], result: [] };
}

/** Feeds one turn's events into the store. */
export class TurnDisplay {
  /** Whether the current request streamed its text (or it must be printed from the whole message). */
  private streamedText = false;
  private inTextBlock = false;
  /** The tool each running call is for, by tool_use id: a result may be shown by its tool. */
  private readonly callTools = new Map<string, string>();

  constructor(
    private readonly store: Store<TerminalState>,
    private readonly tools: () => Tools,
    /** Called with each whole answer (for the status line's context figure). */
    private readonly onAnswer: (event: Extract<QueryEvent, { type: "assistant" }>) => void,
  ) {}

  private push(...items: ScreenItem[]): void {
    this.store.update((state) => ({ ...state, items: [...state.items, ...items] }));
  }

  /** Moves what streamed so far above; `all` also moves the unfinished rest (the block ended). */
  private flushStreaming(all: boolean): void {
    this.store.update((state) => {
      const { stable, rest } = all ? { stable: state.streaming, rest: "" } : splitStableMarkdown(state.streaming);
      if (stable.trim() === "") return all ? { ...state, streaming: "", streamingContinues: false } : state;
      const item: ScreenItem = { kind: "assistant", id: nextItemId(), text: stable.replace(/\s+$/, ""), continued: state.streamingContinues };
      return { ...state, items: [...state.items, item], streaming: rest, streamingContinues: !all };
    });
  }

  handle(event: QueryEvent): void {
    switch (event.type) {
      case "stream_event": {
        const raw = event.event;
        if (raw.type === "message_start") this.streamedText = false;
        else if (raw.type === "content_block_start") {
          this.inTextBlock = raw.content_block.type === "text";
          if (raw.content_block.type === "thinking") this.store.update((state) => ({ ...state, busy: "Thinking" }));
        } else if (raw.type === "content_block_delta" && raw.delta.type === "text_delta") {
          this.streamedText = true;
          const text = raw.delta.text;
          this.store.update((state) => ({ ...state, streaming: state.streaming + text, busy: "Writing" }));
          this.flushStreaming(false);
        } else if (raw.type === "content_block_stop" && this.inTextBlock) {
          this.inTextBlock = false;
          this.flushStreaming(true);
        }
        return;
      }
      case "system":
        if (event.subtype === "compact_boundary") {
          this.push({ kind: "notice", id: nextItemId(), level: "info", text: "The conversation was summarized to fit the model's context window; the summary stands in for it from here." });
          return;
        }
        if (event.subtype === "api_retry") {
          const seconds = Math.round(event.retry_delay_ms / 100) / 10;
          const restarted = this.store.get().streamingContinues;
          const cause = describeRetryCause(event);
          this.store.update((state) => ({ ...state, streaming: "", streamingContinues: false, busy: `${cause.charAt(0).toUpperCase()}${cause.slice(1)}; trying again in ${seconds} s (${event.attempt} of ${event.max_retries})` }));
          if (restarted) this.push({ kind: "notice", id: nextItemId(), level: "warning", text: "The answer was cut off and starts again below." });
        }
        return;
      case "assistant": {
        this.flushStreaming(true);
        if (!this.streamedText) {
          const text = event.message.content.flatMap((block) => (block.type === "text" ? [block.text] : [])).join("\n\n").trim();
          if (text !== "") this.push({ kind: "assistant", id: nextItemId(), text, continued: false });
        }
        if (event.error !== undefined) this.push({ kind: "notice", id: nextItemId(), level: "warning", text: event.error });
        const uses = event.message.content.filter((block): block is ToolUseBlock => block.type === "tool_use");
        const views = uses.map((use) => toolCallView(use, this.tools()));
        for (const use of uses) this.callTools.set(use.id, use.name);
        this.store.update((state) => ({ ...state, tools: [...state.tools, ...views], busy: views.length > 0 ? "Running" : state.busy }));
        this.onAnswer(event);
        return;
      }
      case "tool_progress": {
        const line = progressLine(event.data);
        this.store.update((state) => ({
          ...state,
          tools: state.tools.map((view) => view.id !== event.tool_use_id ? view : {
            ...view,
            elapsedSeconds: event.elapsed_time_seconds,
            progress: line === undefined ? view.progress : [...view.progress, ...line.split("\n")].slice(-PROGRESS_LINES),
          }),
        }));
        return;
      }
      case "user": {
        const content = typeof event.message.content === "string" ? [] : event.message.content;
        const finished = new Map<string, ToolCallView>();
        const outputs = (typeof event.tool_use_result === "object" && event.tool_use_result !== null ? event.tool_use_result : {}) as Record<string, unknown>;
        for (const block of content) {
          if (block.type !== "tool_result") continue;
          const name = this.callTools.get(block.tool_use_id);
          this.callTools.delete(block.tool_use_id);
          const tool = name === undefined ? undefined : findToolByName(this.tools(), name);
          const shown = block.is_error === true ? undefined : renderedToolResult(tool, outputs[block.tool_use_id]);
          finished.set(block.tool_use_id, { status: block.is_error === true ? "error" : "done", result: shown ?? summarizeToolResult(block) } as ToolCallView);
        }
        this.store.update((state) => {
          const done = state.tools.filter((view) => finished.has(view.id)).map((view): ScreenItem => ({
            kind: "tool",
            id: nextItemId(),
            call: { ...view, ...(finished.get(view.id) as Pick<ToolCallView, "status" | "result">), progress: [] },
          }));
          return { ...state, items: [...state.items, ...done], tools: state.tools.filter((view) => !finished.has(view.id)), busy: "Thinking" };
        });
        return;
      }
      case "result": {
        this.flushStreaming(true);
        if (!event.is_error) return;
        const interrupted = event.terminal_reason.startsWith("aborted");
        const unsent = interrupted && endedBeforeSending(event);
        this.push(unsent
          ? { kind: "notice", id: nextItemId(), level: "warning", text: "Interrupted before the message reached the model. Press ↑ to bring it back." }
          : interrupted
          ? { kind: "notice", id: nextItemId(), level: "warning", text: "Interrupted. Tell the model what to do instead, or send a new message." }
          : { kind: "notice", id: nextItemId(), level: "error", text: (event.errors ?? [event.subtype]).join("\n") });
        return;
      }
    }
  }

  /** Calls that never got a result (an interrupt, a failure): printed as stopped. */
  finish(): void {
    this.flushStreaming(true);
    this.store.update((state) => ({
      ...state,
      items: [...state.items, ...state.tools.map((view): ScreenItem => ({ kind: "tool", id: nextItemId(), call: { ...view, status: "error", result: ["Interrupted"], progress: [] } }))],
      tools: [],
    }));
  }
}
