/**
 * What the local Messages API server can be told to answer, and how an assistant turn becomes the
 * server-sent events the real API streams: message_start, a ping, each block as start / deltas /
 * stop (text and tool input split into several deltas), message_delta with the stop reason and
 * usage, message_stop.
 */

/** One content block of a scripted assistant turn. */
export type BlockSpec =
  | { type: "text"; text: string }
  | { type: "tool_use"; id?: string; name: string; input: unknown }
  | { type: "thinking"; thinking: string; signature?: string };

/** Token counts of a scripted turn; unset counts are 0 (input 10, output 5). */
export interface UsageSpec {
  input_tokens?: number;
  output_tokens?: number;
  cache_creation_input_tokens?: number;
  cache_read_input_tokens?: number;
  web_search_requests?: number;
}

/** A full assistant turn. */
export interface TurnSpec {
  content: BlockSpec[];
  /** Defaults to "tool_use" when a block is a tool call, else "end_turn". */
  stopReason?: string;
  usage?: UsageSpec;
  id?: string;
  model?: string;
}

/** How a streamed turn ends early: after this many events (ping included), it does this instead. */
export interface StreamCut {
  afterEvents: number;
  /** drop: the connection is cut; close: the body ends cleanly but early; stall: nothing more is sent; error: an `event: error`. */
  how: "drop" | "close" | "stall" | { errorType: string; message?: string };
  /**
   * Held until this settles. A cut connection loses what the client received but had not read
   * yet (Bun's fetch drops its buffer), so a test that needs the events before a drop to arrive
   * releases the drop once it has seen them.
   */
  waitFor?: Promise<unknown>;
}

/** A request as the server saw it. */
export interface RecordedRequest {
  method: string;
  path: string;
  /** Header names in lower case. */
  headers: Record<string, string>;
  /** The parsed JSON body (undefined when it was not JSON). */
  body: unknown;
}

/** One scripted answer. */
export type Reply =
  | { kind: "turn"; turn: TurnSpec; delayMs?: number; cut?: StreamCut; headers?: Record<string, string> }
  | { kind: "http_error"; status: number; errorType?: string; message?: string; headers?: Record<string, string>; rawBody?: string }
  | { kind: "hang" }
  | ((request: RecordedRequest) => Reply | Promise<Reply>);

/** A server-sent event before framing. */
export interface SseEvent {
  event: string;
  data: unknown;
}

let messageCount = 0;

/** Each answer its own id (the usage tracker counts a message id once), unless the turn names one. */
function nextMessageId(): string {
  messageCount += 1;
  return `msg_test_${messageCount}`;
}

/** A turn, from blocks or a full spec. */
export function turn(spec: TurnSpec | BlockSpec[], options: { delayMs?: number; headers?: Record<string, string> } = {}): Reply {
  return { kind: "turn", turn: Array.isArray(spec) ? { content: spec } : spec, ...options };
}

/** A turn of one text block. */
export function textTurn(text: string, usage?: UsageSpec): Reply {
  return turn({ content: [{ type: "text", text }], usage });
}

/** The turn streamed up to `afterEvents` events, then cut as `how` says (once `waitFor` settles, if given). */
export function cutTurn(spec: TurnSpec | BlockSpec[], afterEvents: number, how: StreamCut["how"], waitFor?: Promise<unknown>): Reply {
  return { kind: "turn", turn: Array.isArray(spec) ? { content: spec } : spec, cut: { afterEvents, how, ...(waitFor === undefined ? {} : { waitFor }) } };
}

/** An HTTP error in the API's shape: `{type: "error", error: {type, message}}`. */
export function httpError(status: number, options: { errorType?: string; message?: string; headers?: Record<string, string> } = {}): Reply {
  return { kind: "http_error", status, ...options };
}

/** A request that is never answered (until the server closes). */
export function hang(): Reply {
  return { kind: "hang" };
}

/** The error type the API uses for a status. */
export function errorTypeForStatus(status: number): string {
  const types: Record<number, string> = {
    400: "invalid_request_error",
    401: "authentication_error",
    402: "billing_error",
    403: "permission_error",
    404: "not_found_error",
    408: "timeout_error",
    409: "conflict_error",
    413: "request_too_large",
    429: "rate_limit_error",
    504: "timeout_error",
    529: "overloaded_error",
  };
  return types[status] ?? (status >= 500 ? "api_error" : "invalid_request_error");
}

/** Splits text into about `parts` pieces (each at least one character), as the API's deltas do. */
export function splitText(text: string, parts = 3): string[] {
  if (text.length === 0) return [];
  const size = Math.max(1, Math.ceil(text.length / parts));
  const pieces: string[] = [];
  for (let start = 0; start < text.length; start += size) pieces.push(text.slice(start, start + size));
  return pieces;
}

function stopReasonOf(spec: TurnSpec): string {
  return spec.stopReason ?? (spec.content.some((block) => block.type === "tool_use") ? "tool_use" : "end_turn");
}

function usageOf(spec: TurnSpec) {
  const usage = spec.usage ?? {};
  return {
    input_tokens: usage.input_tokens ?? 10,
    output_tokens: usage.output_tokens ?? 5,
    cache_creation_input_tokens: usage.cache_creation_input_tokens ?? 0,
    cache_read_input_tokens: usage.cache_read_input_tokens ?? 0,
    server_tool_use: usage.web_search_requests === undefined ? null : { web_search_requests: usage.web_search_requests, web_fetch_requests: 0 },
  };
}

function toolUseId(block: { id?: string }, index: number): string {
  return block.id ?? `toolu_test_${index}`;
}

/** The block as it appears in a finished message (and in non-streaming replies). */
function finishedBlock(block: BlockSpec, index: number): unknown {
  if (block.type === "text") return { type: "text", text: block.text, citations: null };
  if (block.type === "thinking") return { type: "thinking", thinking: block.thinking, signature: block.signature ?? "sig" };
  return { type: "tool_use", id: toolUseId(block, index), name: block.name, input: block.input, caller: { type: "direct" } };
}

/** The whole message, as the non-streaming API returns it. */
export function messageJson(spec: TurnSpec, model: string): unknown {
  const usage = usageOf(spec);
  return {
    id: spec.id ?? nextMessageId(),
    type: "message",
    role: "assistant",
    model: spec.model ?? model,
    content: spec.content.map(finishedBlock),
    stop_reason: stopReasonOf(spec),
    stop_sequence: null,
    stop_details: null,
    container: null,
    usage: { ...usage, cache_creation: { ephemeral_5m_input_tokens: usage.cache_creation_input_tokens, ephemeral_1h_input_tokens: 0 }, service_tier: "standard" },
  };
}

function blockEvents(block: BlockSpec, index: number): SseEvent[] {
  const events: SseEvent[] = [];
  const delta = (payload: unknown) => events.push({ event: "content_block_delta", data: { type: "content_block_delta", index, delta: payload } });
  if (block.type === "text") {
    events.push({ event: "content_block_start", data: { type: "content_block_start", index, content_block: { type: "text", text: "", citations: null } } });
    for (const piece of splitText(block.text)) delta({ type: "text_delta", text: piece });
  } else if (block.type === "thinking") {
    events.push({ event: "content_block_start", data: { type: "content_block_start", index, content_block: { type: "thinking", thinking: "", signature: "" } } });
    for (const piece of splitText(block.thinking)) delta({ type: "thinking_delta", thinking: piece });
    delta({ type: "signature_delta", signature: block.signature ?? "sig" });
  } else {
    const start = { type: "tool_use", id: toolUseId(block, index), name: block.name, input: {}, caller: { type: "direct" } };
    events.push({ event: "content_block_start", data: { type: "content_block_start", index, content_block: start } });
    // The API opens with an empty partial_json, then sends the input in pieces.
    delta({ type: "input_json_delta", partial_json: "" });
    for (const piece of splitText(JSON.stringify(block.input), 4)) delta({ type: "input_json_delta", partial_json: piece });
  }
  events.push({ event: "content_block_stop", data: { type: "content_block_stop", index } });
  return events;
}

/** Every event of a streamed turn, in the order the API sends them. */
export function turnEvents(spec: TurnSpec, model: string): SseEvent[] {
  const usage = usageOf(spec);
  const started = {
    id: spec.id ?? nextMessageId(),
    type: "message",
    role: "assistant",
    model: spec.model ?? model,
    content: [],
    stop_reason: null,
    stop_sequence: null,
    stop_details: null,
    container: null,
    usage: { ...usage, output_tokens: 1, server_tool_use: null, cache_creation: { ephemeral_5m_input_tokens: usage.cache_creation_input_tokens, ephemeral_1h_input_tokens: 0 }, service_tier: "standard" },
  };
  const events: SseEvent[] = [
    { event: "message_start", data: { type: "message_start", message: started } },
    { event: "ping", data: { type: "ping" } },
  ];
  spec.content.forEach((block, index) => events.push(...blockEvents(block, index)));
  events.push({ event: "message_delta", data: { type: "message_delta", delta: { stop_reason: stopReasonOf(spec), stop_sequence: null }, usage } });
  events.push({ event: "message_stop", data: { type: "message_stop" } });
  return events;
}

/** One event framed as the API frames it. */
export function frameEvent(event: SseEvent): string {
  return `event: ${event.event}\ndata: ${JSON.stringify(event.data)}\n\n`;
}

/** The API's error body. */
export function errorBody(errorType: string, message: string): unknown {
  return { type: "error", error: { type: errorType, message }, request_id: "req_test" };
}

/** The text of a request's first user message (a conversation's task), or "" when there is none. */
export function firstUserText(request: RecordedRequest): string {
  const body = request.body as { messages?: { role: string; content: unknown }[] } | undefined;
  const first = body?.messages?.[0];
  if (first === undefined) return "";
  if (typeof first.content === "string") return first.content;
  if (!Array.isArray(first.content)) return "";
  return first.content.flatMap((block: { type?: string; text?: string }) => (block.type === "text" && typeof block.text === "string" ? [block.text] : [])).join("\n");
}

/** Picks the requests of the conversation whose first user message holds `text`. */
export function conversationAbout(text: string): (request: RecordedRequest) => boolean {
  return (request) => firstUserText(request).includes(text);
}
