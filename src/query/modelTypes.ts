/** How the loop talks to a model: one request in, a stream of events out (retries included). */
import type { StreamMessageEvent, StreamMessageParams } from "./streamMessage.ts";

/** One request: everything but `stream`, which the client sets. */
export type ModelRequest = StreamMessageParams;

/** What one request produces, in order: raw events, retries, then the whole message. */
export type ModelEvent = StreamMessageEvent;

/** Sends one request and streams what comes back; throws ModelRequestError or AbortError when it fails for good. */
export type CallModel = (request: ModelRequest, signal: AbortSignal) => AsyncIterable<ModelEvent>;
