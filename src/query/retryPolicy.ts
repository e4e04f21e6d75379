/**
 * When a failed model request is tried again, and after how long. toolshed's is the only retry
 * layer (the SDK client runs with maxRetries 0), so the rules live here and nowhere else:
 * 408, 409, 429 and every 5xx (529 overloaded included), `event: error` of a passing kind,
 * lost connections and timeouts are retried; `x-should-retry` is obeyed; the statuses a retry
 * cannot fix never are. Waits follow the API's retry-after when it gives one, else exponential
 * backoff with jitter; attempts, single waits and the total wait are all capped.
 */
import type { ModelFailure } from "./modelFailure.ts";

/** Retries after the first attempt, unless TOOLSHED_MAX_RETRIES says otherwise. */
export const DEFAULT_MAX_RETRIES = 10;
/** TOOLSHED_MAX_RETRIES above this is lowered to it. */
export const MAX_RETRIES_LIMIT = 15;
/** A retry cannot fix these: bad request, credentials, permission, unknown model, too large, unprocessable. */
export const NEVER_RETRIED_STATUSES: readonly number[] = [400, 401, 403, 404, 413, 422];
/** Statuses retried unless the API says `x-should-retry: false`. */
export const RETRIED_STATUSES: readonly number[] = [408, 409, 429];
/** `event: error` types inside a stream that are worth another attempt. */
export const RETRIED_STREAM_ERROR_TYPES: readonly string[] = ["overloaded_error", "api_error", "rate_limit_error", "timeout_error"];

export interface RetryPolicy {
  /** Retries after the first attempt. */
  maxRetries: number;
  /** The first backoff wait; each later one doubles it. */
  baseDelayMs: number;
  /** No single backoff wait is longer. */
  maxDelayMs: number;
  /** A retry-after above this fails at once instead of waiting (the leading agent gives up past 60 s). */
  maxRetryAfterMs: number;
  /** All waits of one request together stay under this. */
  maxTotalWaitMs: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  maxRetries: DEFAULT_MAX_RETRIES,
  baseDelayMs: 500,
  maxDelayMs: 32_000,
  maxRetryAfterMs: 60_000,
  maxTotalWaitMs: 300_000,
};

/** The number of retries TOOLSHED_MAX_RETRIES asks for (a whole number, capped), or the default. */
export function maxRetriesFromEnv(env: Record<string, string | undefined> = process.env): number {
  const text = env.TOOLSHED_MAX_RETRIES?.trim();
  if (text === undefined || !/^\d+$/.test(text)) return DEFAULT_MAX_RETRIES;
  return Math.min(Number(text), MAX_RETRIES_LIMIT);
}

/** The policy: the defaults, the environment's retry count, then the caller's overrides. */
export function resolveRetryPolicy(overrides: Partial<RetryPolicy> = {}, env: Record<string, string | undefined> = process.env): RetryPolicy {
  const policy = { ...DEFAULT_RETRY_POLICY, maxRetries: maxRetriesFromEnv(env), ...overrides };
  return { ...policy, maxRetries: Math.max(0, Math.min(Math.floor(policy.maxRetries), MAX_RETRIES_LIMIT)) };
}

/** Whether another attempt could succeed where this one failed. */
export function isRetryable(failure: ModelFailure): boolean {
  switch (failure.kind) {
    case "http": {
      const status = failure.status ?? 0;
      if (NEVER_RETRIED_STATUSES.includes(status)) return false;
      if (failure.shouldRetry !== undefined) return failure.shouldRetry;
      return RETRIED_STATUSES.includes(status) || status >= 500;
    }
    case "stream_error":
      return failure.type !== undefined && RETRIED_STREAM_ERROR_TYPES.includes(failure.type);
    case "connection":
    case "timeout":
    case "protocol":
      return true;
  }
}

/** The backoff before retry number `retry` (1 for the first): doubling from the base, capped, minus up to a quarter of jitter. */
export function backoffDelayMs(retry: number, policy: RetryPolicy, random: () => number = Math.random): number {
  const doubled = policy.baseDelayMs * 2 ** Math.max(0, retry - 1);
  const capped = Math.min(doubled, policy.maxDelayMs);
  return Math.round(capped * (1 - Math.min(Math.max(random(), 0), 1) * 0.25));
}

export type RetryDecision =
  | { retry: true; delayMs: number }
  | { retry: false; reason: "not_retryable" | "retries_exhausted" | "retry_after_too_long" | "wait_budget_spent"; delayMs?: number };

export interface RetryQuestion {
  failure: ModelFailure;
  /** Retries already made for this request. */
  retriesSoFar: number;
  /** Time already spent waiting between attempts. */
  waitedMs: number;
  policy: RetryPolicy;
  random?: () => number;
}

/** Whether to try again, and after how long. */
export function decideRetry(question: RetryQuestion): RetryDecision {
  const { failure, retriesSoFar, waitedMs, policy } = question;
  if (!isRetryable(failure)) return { retry: false, reason: "not_retryable" };
  if (retriesSoFar >= policy.maxRetries) return { retry: false, reason: "retries_exhausted" };
  if (failure.retryAfterMs !== undefined && failure.retryAfterMs > policy.maxRetryAfterMs) {
    return { retry: false, reason: "retry_after_too_long", delayMs: failure.retryAfterMs };
  }
  const delayMs = failure.retryAfterMs ?? backoffDelayMs(retriesSoFar + 1, policy, question.random);
  if (waitedMs + delayMs > policy.maxTotalWaitMs) return { retry: false, reason: "wait_budget_spent", delayMs };
  return { retry: true, delayMs };
}
