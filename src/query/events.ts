/**
 * What the agent loop yields, one event at a time, in the shapes of the leading agent's
 * stream-json lines: the CLI writes them as they are (stream-json), keeps the last (json), or
 * prints the result's text (text); the terminal and sub-agents read the same events.
 */
import type { Message, MessageParam, RawMessageStreamEvent } from "@anthropic-ai/sdk/resources/messages";
import type { ModelUsage, UsageTotals } from "./usage.ts";

/** Fields every event carries. */
interface EventBase {
  uuid: string;
  session_id: string;
}

/** The first event of a run: what the session is made of. */
export interface SystemInitEvent extends EventBase {
  type: "system";
  subtype: "init";
  cwd: string;
  tools: string[];
  mcp_servers: { name: string; status: string }[];
  model: string;
  permissionMode: string;
  apiKeySource: string;
  slash_commands: string[];
  output_style: string;
  skills: string[];
  plugins: { name: string; path: string }[];
  toolshed_version: string;
}

/** A request failed in a way worth another try; the loop waits, then tries again. */
export interface ApiRetryEvent extends EventBase {
  type: "system";
  subtype: "api_retry";
  attempt: number;
  max_retries: number;
  retry_delay_ms: number;
  error_status: number | null;
  error: string;
  message: string;
}

/** The conversation was compacted: what came before was replaced by a summary. */
export interface CompactBoundaryEvent extends EventBase {
  type: "system";
  subtype: "compact_boundary";
  compact_metadata: {
    trigger: "manual" | "auto";
    /** The conversation's size in tokens before it was compacted. */
    pre_tokens: number;
  };
}

/** A raw server-sent event of the model's answer (with --include-partial-messages). */
export interface StreamEventEvent extends EventBase {
  type: "stream_event";
  event: RawMessageStreamEvent;
  parent_tool_use_id: string | null;
}

/** One whole answer of the model. */
export interface AssistantEvent extends EventBase {
  type: "assistant";
  message: Message;
  parent_tool_use_id: string | null;
  /** Set when the answer was cut off (the stream failed after content arrived). */
  error?: string;
}

/** A message of the user's side: the prompt, or the results of the tools the model called. */
export interface UserEvent extends EventBase {
  type: "user";
  message: MessageParam;
  parent_tool_use_id: string | null;
  /** Each tool's own output, by tool_use id, for consumers that want more than the text. */
  tool_use_result?: unknown;
}

/** A running tool reported progress (a line of output). */
export interface ToolProgressEvent extends EventBase {
  type: "tool_progress";
  tool_use_id: string;
  tool_name: string;
  parent_tool_use_id: string | null;
  elapsed_time_seconds: number;
  data: unknown;
}

/** A call the permission engine refused (also listed in the result's permission_denials). */
export interface PermissionDenial {
  tool_name: string;
  tool_use_id: string;
  tool_input: unknown;
}

export type ResultSubtype = "success" | "error_max_turns" | "error_during_execution" | "error_max_budget_usd";

/** The last event of a run, always. */
export interface ResultEvent extends EventBase {
  type: "result";
  subtype: ResultSubtype;
  is_error: boolean;
  /** The final answer's text (success), empty otherwise. */
  result: string;
  /** What went wrong (error subtypes). */
  errors?: string[];
  num_turns: number;
  duration_ms: number;
  duration_api_ms: number;
  /** An estimate from the price table; 0 when a model's price is not known (see modelUsage). */
  total_cost_usd: number;
  usage: UsageTotals;
  modelUsage: Record<string, ModelUsage>;
  permission_denials: PermissionDenial[];
  stop_reason: string | null;
  terminal_reason: string;
}

export type QueryEvent =
  | SystemInitEvent
  | ApiRetryEvent
  | CompactBoundaryEvent
  | StreamEventEvent
  | AssistantEvent
  | UserEvent
  | ToolProgressEvent
  | ResultEvent;

/**
 * Progress that is itself an event of a loop: a sub-agent's messages, passed up by the call that
 * runs it so the caller's stream shows them as they happen (they carry the call's id as
 * `parent_tool_use_id`).
 */
export interface ForwardedEvent {
  readonly forwardedEvent: QueryEvent;
}

export function isForwardedEvent(data: unknown): data is ForwardedEvent {
  return typeof data === "object" && data !== null && "forwardedEvent" in data &&
    typeof (data as { forwardedEvent: unknown }).forwardedEvent === "object" && (data as { forwardedEvent: unknown }).forwardedEvent !== null;
}
