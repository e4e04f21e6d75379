import { describe, expect, test } from "bun:test";
import { categoryOf, type ModelFailure } from "../../src/query/modelFailure.ts";
import { retryAfterMs, shouldRetryHeader } from "../../src/query/retryAfter.ts";
import {
  backoffDelayMs,
  decideRetry,
  DEFAULT_RETRY_POLICY,
  isRetryable,
  maxRetriesFromEnv,
  resolveRetryPolicy,
} from "../../src/query/retryPolicy.ts";

const http = (status: number, extra: Partial<ModelFailure> = {}): ModelFailure => ({ kind: "http", status, message: "m", ...extra });

describe("retry policy", () => {
  test("TOOLSHED_MAX_RETRIES: a whole number, capped at 15; anything else keeps the default of 10", () => {
    expect(maxRetriesFromEnv({})).toBe(10);
    expect(maxRetriesFromEnv({ TOOLSHED_MAX_RETRIES: "3" })).toBe(3);
    expect(maxRetriesFromEnv({ TOOLSHED_MAX_RETRIES: "0" })).toBe(0);
    expect(maxRetriesFromEnv({ TOOLSHED_MAX_RETRIES: "99" })).toBe(15);
    expect(maxRetriesFromEnv({ TOOLSHED_MAX_RETRIES: "-1" })).toBe(10);
    expect(maxRetriesFromEnv({ TOOLSHED_MAX_RETRIES: "lots" })).toBe(10);
    expect(resolveRetryPolicy({ maxRetries: 40 }, {}).maxRetries).toBe(15);
    expect(resolveRetryPolicy({}, { TOOLSHED_MAX_RETRIES: "2" }).maxRetries).toBe(2);
  });

  test("which failures are worth another attempt", () => {
    for (const status of [408, 409, 429, 500, 501, 503, 529]) expect(isRetryable(http(status))).toBe(true);
    for (const status of [400, 401, 402, 403, 404, 413, 422, 451]) expect(isRetryable(http(status))).toBe(false);
    expect(isRetryable(http(503, { shouldRetry: false }))).toBe(false);
    expect(isRetryable(http(418, { shouldRetry: true }))).toBe(true);
    expect(isRetryable(http(401, { shouldRetry: true }))).toBe(false);
    for (const type of ["overloaded_error", "api_error", "rate_limit_error", "timeout_error"]) {
      expect(isRetryable({ kind: "stream_error", type, message: "m" })).toBe(true);
    }
    expect(isRetryable({ kind: "stream_error", type: "invalid_request_error", message: "m" })).toBe(false);
    expect(isRetryable({ kind: "stream_error", message: "m" })).toBe(false);
    for (const kind of ["connection", "timeout", "protocol"] as const) expect(isRetryable({ kind, message: "m" })).toBe(true);
  });

  test("backoff doubles from 500 ms up to 32 s, with at most a quarter taken off as jitter", () => {
    const waits = [1, 2, 3, 4, 5, 6, 7, 8, 10].map((retry) => backoffDelayMs(retry, DEFAULT_RETRY_POLICY, () => 0));
    expect(waits).toEqual([500, 1000, 2000, 4000, 8000, 16000, 32000, 32000, 32000]);
    expect(backoffDelayMs(7, DEFAULT_RETRY_POLICY, () => 1)).toBe(24000);
    expect(backoffDelayMs(1, DEFAULT_RETRY_POLICY, () => 0.5)).toBe(438);
  });

  test("the decision: not retryable, out of retries, retry-after too long, wait budget, else the wait", () => {
    const policy = { ...DEFAULT_RETRY_POLICY, maxRetries: 3, maxTotalWaitMs: 10_000 };
    const ask = (failure: ModelFailure, retriesSoFar = 0, waitedMs = 0) => decideRetry({ failure, retriesSoFar, waitedMs, policy, random: () => 0 });
    expect(ask(http(400))).toEqual({ retry: false, reason: "not_retryable" });
    expect(ask(http(500), 3)).toEqual({ retry: false, reason: "retries_exhausted" });
    expect(ask(http(429, { retryAfterMs: 61_000 }))).toEqual({ retry: false, reason: "retry_after_too_long", delayMs: 61_000 });
    expect(ask(http(429, { retryAfterMs: 60_000 }), 0, 0)).toEqual({ retry: false, reason: "wait_budget_spent", delayMs: 60_000 });
    expect(ask(http(429, { retryAfterMs: 2_000 }), 1, 5_000)).toEqual({ retry: true, delayMs: 2_000 });
    expect(ask(http(500), 2)).toEqual({ retry: true, delayMs: 2_000 });
  });
});

describe("what the API says about waiting", () => {
  const headers = (values: Record<string, string>) => new Headers(values);

  test("retry-after-ms first, then retry-after in seconds or as a date", () => {
    const now = Date.parse("2026-06-01T00:00:00Z");
    expect(retryAfterMs(headers({ "retry-after-ms": "250.5", "retry-after": "10" }), now)).toBe(251);
    expect(retryAfterMs(headers({ "retry-after": "2.5" }), now)).toBe(2500);
    expect(retryAfterMs(headers({ "retry-after": new Date(now + 4000).toUTCString() }), now)).toBe(4000);
  });

  test("zero, past dates and junk count as no answer", () => {
    const now = Date.parse("2026-06-01T00:00:00Z");
    expect(retryAfterMs(headers({ "retry-after-ms": "0" }), now)).toBeUndefined();
    expect(retryAfterMs(headers({ "retry-after": "0" }), now)).toBeUndefined();
    expect(retryAfterMs(headers({ "retry-after": new Date(now - 4000).toUTCString() }), now)).toBeUndefined();
    expect(retryAfterMs(headers({ "retry-after": "soon" }), now)).toBeUndefined();
    expect(retryAfterMs(headers({ "retry-after-ms": "-5", "retry-after": "1" }), now)).toBe(1000);
    expect(retryAfterMs(undefined, now)).toBeUndefined();
  });

  test("x-should-retry is true, false or unsaid", () => {
    expect(shouldRetryHeader(headers({ "x-should-retry": "true" }))).toBe(true);
    expect(shouldRetryHeader(headers({ "x-should-retry": "FALSE" }))).toBe(false);
    expect(shouldRetryHeader(headers({ "x-should-retry": "maybe" }))).toBeUndefined();
    expect(shouldRetryHeader(headers({}))).toBeUndefined();
  });

  test("failures fall into the leading agent's categories", () => {
    expect(categoryOf(http(401))).toBe("authentication_failed");
    expect(categoryOf(http(402))).toBe("billing_error");
    expect(categoryOf(http(429))).toBe("rate_limit");
    expect(categoryOf(http(529))).toBe("overloaded");
    expect(categoryOf({ kind: "stream_error", type: "overloaded_error", message: "m" })).toBe("overloaded");
    expect(categoryOf(http(404))).toBe("model_not_found");
    expect(categoryOf(http(413))).toBe("invalid_request");
    expect(categoryOf(http(503))).toBe("server_error");
    expect(categoryOf({ kind: "connection", message: "m" })).toBe("unknown");
  });
});
