/**
 * The error a model request ends with when it cannot produce a message: a status no retry can
 * fix, or retries that ran out. Its message says what went wrong and what to do about it, in
 * words for the person running toolshed; the fields carry the same for the loop's result line.
 */
import { MAX_RETRIES_LIMIT, type RetryDecision } from "./retryPolicy.ts";
import { errorInfoOf, type ApiErrorInfo, type ModelFailure } from "./modelFailure.ts";

/** Why no further attempt was made. */
export type GiveUpReason = Exclude<RetryDecision, { retry: true }>["reason"];

export interface ModelRequestErrorDetails {
  error: ApiErrorInfo;
  reason: GiveUpReason;
  /** Requests sent, the failed last one included. */
  attempts: number;
  requestId?: string;
}

export class ModelRequestError extends Error {
  override readonly name = "ModelRequestError";
  readonly error: ApiErrorInfo;
  readonly reason: GiveUpReason;
  readonly attempts: number;
  readonly requestId: string | undefined;
  constructor(message: string, details: ModelRequestErrorDetails, options?: { cause?: unknown }) {
    super(message, options);
    this.error = details.error;
    this.reason = details.reason;
    this.attempts = details.attempts;
    this.requestId = details.requestId;
  }
  /** The HTTP status, when the API answered with one. */
  get status(): number | undefined {
    return this.error.status;
  }
}

/** What the request was, for messages that name it. */
export interface FailureContext {
  model: string;
  /** Where the credentials came from ("ANTHROPIC_API_KEY", "apiKeyHelper", ...). */
  credentialSource?: string;
  baseURL?: string;
  /** The per-attempt timeout, for the timeout message. */
  timeoutMs?: number;
}

/** The failure in one clause: "429 rate_limit_error: Slow down", "the connection was lost: ...". */
export function describeFailure(failure: ModelFailure, context: Pick<FailureContext, "timeoutMs"> = {}): string {
  switch (failure.kind) {
    case "http":
      return `${failure.status}${failure.type === undefined ? "" : ` ${failure.type}`}: ${failure.message}`;
    case "stream_error":
      return `${failure.type ?? "error"} in the middle of the stream: ${failure.message}`;
    case "timeout":
      if (failure.deadlineMs !== undefined) return `the reply was still coming after ${failure.deadlineMs} ms in all, more than any reply takes`;
      return context.timeoutMs === undefined ? "no answer in time" : `no answer within ${context.timeoutMs} ms (API_TIMEOUT_MS sets this)`;
    case "connection":
      return `the connection was lost: ${failure.message}`;
    case "protocol":
      return failure.message;
  }
}

function whatWentWrong(failure: ModelFailure, context: FailureContext): string {
  const said = describeFailure(failure, context);
  const source = context.credentialSource ?? "the configured credentials";
  switch (failure.kind === "http" ? failure.status : undefined) {
    case 401:
      return (
        `The API did not accept the credentials from ${source} (${said}). Check that the key is right and still valid, ` +
        "or give another one with ANTHROPIC_API_KEY, ANTHROPIC_AUTH_TOKEN or apiKeyHelper in settings."
      );
    case 403:
      return `The credentials from ${source} are not allowed to do this (${said}). Check the key's organization and its access to model "${context.model}".`;
    case 404:
      return (
        `Model "${context.model}" was not found (${said}). Check the model name (--model, or "model" in settings; ` +
        `the aliases sonnet, opus, haiku and fable name current models)` +
        `${context.baseURL === undefined ? "" : `, and that ${context.baseURL} serves /v1/messages`}.`
      );
    case 413:
      return `The request is too large for the API (${said}). Make it smaller: fewer or shorter messages, or smaller images and files.`;
    case 402:
      return `The API refused the request for billing reasons (${said}). Check the account's credit balance.`;
    case 400:
    case 422:
      return `The API refused the request (${said}).`;
    default:
      return `The model request failed (${said}).`;
  }
}

function seconds(ms: number): string {
  return `${Math.ceil(ms / 1000)} s`;
}

function giveUpMessage(failure: ModelFailure, decision: Exclude<RetryDecision, { retry: true }>, context: GiveUpContext): string {
  const last = describeFailure(failure, context);
  switch (decision.reason) {
    case "not_retryable":
      return whatWentWrong(failure, context);
    case "retry_after_too_long":
      return (
        `The API asked to wait ${seconds(decision.delayMs ?? 0)} before trying again (${last}); ` +
        `toolshed waits at most ${seconds(context.maxRetryAfterMs)}, so it stopped. Try again later.`
      );
    case "wait_budget_spent":
      return (
        `The model request kept failing and the waits between attempts would pass ${seconds(context.maxTotalWaitMs)} in all, ` +
        `so toolshed stopped after ${context.attempts} attempts; the last error: ${last}. Try again later.`
      );
    case "retries_exhausted":
      return (
        (context.attempts === 1 ? `The model request failed and retries are off: ${last}. ` : `The model request still failed after ${context.attempts - 1} ${context.attempts === 2 ? "retry" : "retries"}; the last error: ${last}. `) +
        `Try again later (TOOLSHED_MAX_RETRIES sets the number of retries, up to ${MAX_RETRIES_LIMIT}).`
      );
  }
}

/** The request and the policy's limits, for the messages. */
export type GiveUpContext = FailureContext & { attempts: number; maxRetryAfterMs: number; maxTotalWaitMs: number };

/** The error for a request that ends on this failure. */
export function modelRequestError(failure: ModelFailure, decision: Exclude<RetryDecision, { retry: true }>, context: GiveUpContext): ModelRequestError {
  const details: ModelRequestErrorDetails = {
    error: errorInfoOf(failure),
    reason: decision.reason,
    attempts: context.attempts,
    ...(failure.requestId === undefined ? {} : { requestId: failure.requestId }),
  };
  return new ModelRequestError(giveUpMessage(failure, decision, context), details, { cause: failure.cause });
}
