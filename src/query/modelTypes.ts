/** How the loop talks to a model: one request in, a stream of events out (retries included). */
import type { Message, MessageCreateParamsBase, RawMessageStreamEvent } from "@anthropic-ai/sdk/resources/messages";

/** One request: everything but `stream`, which the client sets. */
export type ModelRequest = Omit<MessageCreateParamsBase, "stream">;

/** What one request produces, in order: raw events, retries, then the whole message. */
export type ModelEvent =
  | { type: "stream_event"; event: RawMessageStreamEvent }
  | { type: "retry"; attempt: number; maxRetries: number; delayMs: number; error: { status?: number; type?: string; message: string } }
  /** The answer; `incomplete` when the stream failed after some content had arrived (not replayed). */
  | { type: "message"; message: Message; incomplete?: { reason: string } };

/** Sends one request and streams what comes back; throws a typed error when the request fails for good. */
export type CallModel = (request: ModelRequest, signal: AbortSignal) => AsyncIterable<ModelEvent>;
