/**
 * Turns whatever one attempt threw (the SDK's APIError family, a socket error, a JSON error from
 * a garbled stream) into a ModelFailure. The API's error body is read through a schema, never
 * trusted as typed.
 */
import { APIConnectionError, APIConnectionTimeoutError, APIError } from "@anthropic-ai/sdk/core/error";
import { z } from "../schema/zod.ts";
import { describeError } from "../errors/describeError.ts";
import type { ModelFailure } from "./modelFailure.ts";
import { retryAfterMs, shouldRetryHeader } from "./retryAfter.ts";

/** A stream whose events break the protocol (bad order, unknown block index, unreadable event). */
export class StreamProtocolError extends Error {
  override readonly name = "StreamProtocolError";
}

/** The stream stopped before message_stop without an error of its own (a clean but early close). */
export class StreamEndedEarlyError extends Error {
  override readonly name = "StreamEndedEarlyError";
}

const errorBodySchema = z.object({
  error: z.object({ type: z.string(), message: z.optional(z.string()) }),
});

/** Long proxy pages and the like are cut to this many characters in messages. */
const MESSAGE_LIMIT = 500;

function shorten(text: string): string {
  const oneLine = text.replace(/\s+/g, " ").trim();
  return oneLine.length > MESSAGE_LIMIT ? `${oneLine.slice(0, MESSAGE_LIMIT)}...` : oneLine;
}

function fromApiError(error: APIError, now: number): ModelFailure {
  const body = errorBodySchema.safeParse(error.error);
  const type = body.success ? body.data.error.type : undefined;
  const apiMessage = body.success ? body.data.error.message : undefined;
  const requestId = typeof error.requestID === "string" ? error.requestID : undefined;
  const base = { ...(type === undefined ? {} : { type }), ...(requestId === undefined ? {} : { requestId }), cause: error };
  if (error.status === undefined) {
    // An `event: error` inside a 200 stream: no status, only the error type.
    return { kind: "stream_error", message: shorten(apiMessage ?? describeError(error)), ...base };
  }
  const status = error.status;
  const fallback = describeError(error).replace(new RegExp(`^${status}\\s*`), "");
  const retryAfter = retryAfterMs(error.headers, now);
  const shouldRetry = shouldRetryHeader(error.headers);
  return {
    kind: "http",
    status,
    message: shorten(apiMessage ?? (fallback === "" ? `status ${status}` : fallback)),
    ...(retryAfter === undefined ? {} : { retryAfterMs: retryAfter }),
    ...(shouldRetry === undefined ? {} : { shouldRetry }),
    ...base,
  };
}

function connectionMessage(error: unknown): string {
  const cause = error instanceof Error && error.cause !== undefined ? `: ${describeError(error.cause)}` : "";
  return shorten(`${describeError(error)}${cause}`);
}

/** True for the errors fetch and sockets raise when a connection fails (they carry a code such as ECONNRESET). */
function isNetworkError(error: unknown): boolean {
  return error instanceof Error && "code" in error && typeof error.code === "string" && error.code !== "";
}

/**
 * What kind of failure the thrown value is, or undefined when it is none of them: then it is a
 * bug of ours, which is not retried and keeps its stack. Never throws.
 */
export function classifyModelError(error: unknown, now: number = Date.now()): ModelFailure | undefined {
  if (error instanceof APIConnectionTimeoutError) return { kind: "timeout", message: "the request timed out", cause: error };
  if (error instanceof APIConnectionError) return { kind: "connection", message: connectionMessage(error), cause: error };
  if (error instanceof APIError) return fromApiError(error, now);
  if (error instanceof StreamProtocolError || error instanceof SyntaxError) {
    return { kind: "protocol", message: shorten(`the stream could not be read: ${describeError(error)}`), cause: error };
  }
  if (error instanceof StreamEndedEarlyError) return { kind: "connection", message: describeError(error), cause: error };
  // A socket closed mid-body surfaces as the fetch's own error, with a code.
  if (isNetworkError(error)) return { kind: "connection", message: connectionMessage(error), cause: error };
  return undefined;
}
