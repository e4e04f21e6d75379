import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { ModelRequestError } from "../../src/query/ModelRequestError.ts";
import { httpError, startMessagesApiServer, textTurn, type MessagesApiServer } from "../helpers/messagesApiServer.ts";
import { createModelClient } from "../../src/query/modelClient.ts";
import { PARAMS, runRequest, TEST_MODEL } from "../helpers/modelRequestKit.ts";

let server: MessagesApiServer;
beforeEach(() => {
  server = startMessagesApiServer();
});
afterEach(() => server.close());

function requestError(error: unknown): ModelRequestError {
  if (!(error instanceof ModelRequestError)) throw new Error(`expected a ModelRequestError, got ${String(error)}`);
  return error;
}

describe("streamMessage: statuses that are retried", () => {
  for (const status of [408, 409, 429, 500, 502, 503, 504, 529]) {
    test(`${status} is retried and the retry is announced`, async () => {
      server.push(httpError(status), textTurn("recovered"));
      const run = await runRequest(server);
      expect(run.error).toBeUndefined();
      expect(run.retries).toHaveLength(1);
      expect(run.retries[0]).toMatchObject({ type: "retry", attempt: 1, maxRetries: 10, error: { status } });
      expect(run.final?.attempts).toBe(2);
      expect(run.message?.content[0]).toMatchObject({ text: "recovered" });
      expect(server.requestCount).toBe(2);
    });
  }

  test("the retry event carries the error's type and category", async () => {
    server.push(httpError(529, { message: "Overloaded" }), textTurn("ok"));
    const run = await runRequest(server);
    expect(run.retries[0]?.error).toEqual({ status: 529, type: "overloaded_error", category: "overloaded", message: "Overloaded" });
  });
});

describe("streamMessage: statuses that are never retried", () => {
  const cases: [number, string][] = [
    [400, "The API refused the request (400 invalid_request_error: messages: text content blocks must be non-empty)."],
    [401, "The API did not accept the credentials from ANTHROPIC_API_KEY"],
    [403, `access to model "${TEST_MODEL}"`],
    [404, `Model "${TEST_MODEL}" was not found`],
    [413, "The request is too large for the API"],
    [422, "The API refused the request (422"],
  ];
  for (const [status, words] of cases) {
    test(`${status} fails at once, saying what to do`, async () => {
      const message = status === 400 ? "messages: text content blocks must be non-empty" : undefined;
      server.push(httpError(status, { message }), textTurn("never reached"));
      const run = await runRequest(server);
      const error = requestError(run.error);
      expect(error.status).toBe(status);
      expect(error.reason).toBe("not_retryable");
      expect(error.attempts).toBe(1);
      expect(error.message).toContain(words);
      expect(error.message).not.toContain("    at ");
      expect(run.retries).toHaveLength(0);
      expect(server.requestCount).toBe(1);
    });
  }

  test("a 404 names the model and the base URL", async () => {
    server.push(httpError(404, { message: "model: claude-made-up" }));
    const run = await runRequest(server, { params: { ...PARAMS, model: "claude-made-up" } });
    const error = requestError(run.error);
    expect(error.message).toContain('Model "claude-made-up" was not found');
    expect(error.message).toContain(server.url);
    expect(error.error.category).toBe("model_not_found");
  });

  test("a status outside both lists (402) is not retried", async () => {
    server.push(httpError(402, { message: "Your credit balance is too low" }));
    const run = await runRequest(server);
    const error = requestError(run.error);
    expect(error.message).toContain("billing");
    expect(server.requestCount).toBe(1);
  });
});

describe("streamMessage: what the API says about retrying", () => {
  test("x-should-retry: false stops a retry the status would allow", async () => {
    server.push(httpError(503, { headers: { "x-should-retry": "false" } }), textTurn("unused"));
    const run = await runRequest(server);
    expect(requestError(run.error).reason).toBe("not_retryable");
    expect(server.requestCount).toBe(1);
  });

  test("x-should-retry: true retries a status that is otherwise final", async () => {
    server.push(httpError(418, { headers: { "x-should-retry": "true" } }), textTurn("ok"));
    const run = await runRequest(server);
    expect(run.retries).toHaveLength(1);
    expect(run.message).toBeDefined();
  });

  test("x-should-retry: true does not make a 401 worth retrying", async () => {
    server.push(httpError(401, { headers: { "x-should-retry": "true" } }), textTurn("unused"));
    const run = await runRequest(server);
    expect(requestError(run.error).status).toBe(401);
    expect(server.requestCount).toBe(1);
  });

  test("retry-after-ms is waited exactly, before retry-after", async () => {
    server.push(httpError(429, { headers: { "retry-after-ms": "1500", "retry-after": "9" } }), textTurn("ok"));
    const run = await runRequest(server);
    expect(run.retries[0]?.delayMs).toBe(1500);
    expect(run.sleeps).toEqual([1500]);
  });

  test("retry-after in seconds", async () => {
    server.push(httpError(429, { headers: { "retry-after": "3" } }), textTurn("ok"));
    const run = await runRequest(server);
    expect(run.sleeps).toEqual([3000]);
  });

  test("retry-after as an HTTP date", async () => {
    const now = Date.parse("2026-11-01T10:00:00Z");
    server.push(httpError(529, { headers: { "retry-after": new Date(now + 7000).toUTCString() } }), textTurn("ok"));
    const run = await runRequest(server, { now: () => now });
    expect(run.sleeps).toEqual([7000]);
  });

  test("a retry-after above the ceiling fails at once, saying how long the API asked for", async () => {
    server.push(httpError(429, { headers: { "retry-after": "120" } }), textTurn("unused"));
    const run = await runRequest(server);
    const error = requestError(run.error);
    expect(error.reason).toBe("retry_after_too_long");
    expect(error.message).toContain("wait 120 s");
    expect(error.message).toContain("at most 60 s");
    expect(run.sleeps).toEqual([]);
    expect(server.requestCount).toBe(1);
  });

  test("without a retry-after the waits double from the base, capped, with jitter taken off", async () => {
    server.push(httpError(500), httpError(500), httpError(500), textTurn("ok"));
    const run = await runRequest(server, { random: () => 0 });
    expect(run.sleeps).toEqual([500, 1000, 2000]);
    server.push(httpError(500), textTurn("ok"));
    const jittered = await runRequest(server, { random: () => 1 });
    expect(jittered.sleeps).toEqual([375]);
  });
});

describe("streamMessage: limits on retrying", () => {
  test("retries stop at the cap, and the error says how many were made", async () => {
    server.push(httpError(529), httpError(529), httpError(529), textTurn("unused"));
    const run = await runRequest(server, { retry: { maxRetries: 2 } });
    const error = requestError(run.error);
    expect(error.reason).toBe("retries_exhausted");
    expect(error.attempts).toBe(3);
    expect(error.message).toContain("after 2 retries");
    expect(error.message).toContain("529 overloaded_error");
    expect(run.retries.map((retry) => [retry.attempt, retry.maxRetries])).toEqual([[1, 2], [2, 2]]);
    expect(server.requestCount).toBe(3);
  });

  test("TOOLSHED_MAX_RETRIES sets the cap", async () => {
    server.push(httpError(503), httpError(503), textTurn("unused"));
    const run = await runRequest(server, { env: { TOOLSHED_MAX_RETRIES: "1" } });
    expect(requestError(run.error).attempts).toBe(2);
  });

  test("the waits of one request are capped in total", async () => {
    server.push(httpError(503, { headers: { "retry-after-ms": "800" } }), httpError(503, { headers: { "retry-after-ms": "800" } }), textTurn("unused"));
    const run = await runRequest(server, { retry: { maxTotalWaitMs: 1000 } });
    const error = requestError(run.error);
    expect(error.reason).toBe("wait_budget_spent");
    expect(run.sleeps).toEqual([800]);
    expect(server.requestCount).toBe(2);
  });

  test("a huge error body is cut short and still reported by its status", async () => {
    server.push({ kind: "http_error", status: 400, rawBody: `<html>${"x".repeat(2_000_000)}</html>` });
    const run = await runRequest(server);
    const error = requestError(run.error);
    expect(error.status).toBe(400);
    expect(error.message.length).toBeLessThan(1000);
  });

  test("a stream longer than the limit fails as unreadable instead of growing without end", async () => {
    server.push(textTurn("x".repeat(5000)));
    const client = createModelClient({
      credentials: { source: "ANTHROPIC_API_KEY", headers: { "x-api-key": "k" }, baseURL: server.url },
      responseLimits: { maxErrorBodyBytes: 100, maxBodyBytes: 1000 },
    });
    const run = await runRequest(server, { client, retry: { maxRetries: 0 } });
    expect(String(run.error)).toContain("passed 1000 bytes");
  });
});
