/**
 * One failed attempt at a model request, in toolshed's own terms: what went wrong (an HTTP
 * status, an `event: error` inside the stream, a lost connection, a timeout, a stream that broke
 * the protocol) and what the API said about retrying. The retry policy judges these; the final
 * error is made from the last one.
 */

/** Where an attempt failed. */
export type ModelFailureKind = "http" | "stream_error" | "connection" | "timeout" | "protocol";

export interface ModelFailure {
  kind: ModelFailureKind;
  /** The HTTP status (http failures only; stream errors have none). */
  status?: number;
  /** The API's error type, such as "overloaded_error". */
  type?: string;
  /** The API's own message, or what happened on our side. */
  message: string;
  /** How long the API asked us to wait (retry-after-ms / retry-after), when it said. */
  retryAfterMs?: number;
  /** The API's `x-should-retry` answer, when it gave one. */
  shouldRetry?: boolean;
  requestId?: string;
  cause?: unknown;
  /** A timeout of the whole reply (it kept coming, too slowly), not of silence: the limit in ms. */
  deadlineMs?: number;
}

/** The categories the leading agent reports for API errors (its `system/api_retry` and `assistant.error`). */
export type ApiErrorCategory =
  | "authentication_failed"
  | "billing_error"
  | "rate_limit"
  | "overloaded"
  | "invalid_request"
  | "model_not_found"
  | "server_error"
  | "unknown";

/** The error as the retry event and the final error describe it. */
export interface ApiErrorInfo {
  status?: number;
  type?: string;
  category: ApiErrorCategory;
  message: string;
}

/** The category of a failure, from its status first and its error type second. */
export function categoryOf(failure: ModelFailure): ApiErrorCategory {
  const { status, type } = failure;
  if (status === 401 || status === 403 || type === "authentication_error" || type === "permission_error") return "authentication_failed";
  if (status === 402 || type === "billing_error") return "billing_error";
  if (status === 429 || type === "rate_limit_error") return "rate_limit";
  if (status === 529 || type === "overloaded_error") return "overloaded";
  if (status === 404 || type === "not_found_error") return "model_not_found";
  if (status === 400 || status === 413 || status === 422 || type === "invalid_request_error" || type === "request_too_large") return "invalid_request";
  if ((status !== undefined && status >= 500) || type === "api_error" || type === "timeout_error") return "server_error";
  return "unknown";
}

/** The failure as events and errors carry it. */
export function errorInfoOf(failure: ModelFailure): ApiErrorInfo {
  return {
    ...(failure.status === undefined ? {} : { status: failure.status }),
    ...(failure.type === undefined ? {} : { type: failure.type }),
    category: categoryOf(failure),
    message: failure.message,
  };
}
