import { describe, expect, test } from "bun:test";
import { APIConnectionError, APIConnectionTimeoutError, APIError, RateLimitError } from "@anthropic-ai/sdk";
import { classifyModelError, StreamEndedEarlyError, StreamProtocolError } from "../../src/query/classifyModelError.ts";

describe("classifyModelError", () => {
  test("an HTTP error: status, the body's type and message, retry headers, request id", () => {
    const headers = new Headers({ "retry-after": "2", "x-should-retry": "true", "request-id": "req_9" });
    const error = new RateLimitError(429, { type: "error", error: { type: "rate_limit_error", message: "Slow down" } }, undefined, headers);
    expect(classifyModelError(error)).toMatchObject({ kind: "http", status: 429, type: "rate_limit_error", message: "Slow down", retryAfterMs: 2000, shouldRetry: true, requestId: "req_9" });
  });

  test("an HTTP error whose body is not the API's shape keeps the status and a short message", () => {
    const error = APIError.generate(502, undefined, `<html>${"bad gateway ".repeat(200)}</html>`, new Headers());
    const failure = classifyModelError(error);
    expect(failure).toMatchObject({ kind: "http", status: 502 });
    expect(failure?.type).toBeUndefined();
    expect(failure?.message.length).toBeLessThanOrEqual(503);
  });

  test("an error event inside the stream has a type and no status", () => {
    const error = new APIError(undefined, { type: "error", error: { type: "overloaded_error", message: "Overloaded" } }, undefined, new Headers());
    expect(classifyModelError(error)).toMatchObject({ kind: "stream_error", type: "overloaded_error", message: "Overloaded" });
  });

  test("connections, timeouts and unreadable streams", () => {
    expect(classifyModelError(new APIConnectionTimeoutError())?.kind).toBe("timeout");
    expect(classifyModelError(new APIConnectionError({ cause: new Error("ECONNREFUSED") }))?.kind).toBe("connection");
    const reset = Object.assign(new TypeError("The socket connection was closed unexpectedly"), { code: "ECONNRESET" });
    expect(classifyModelError(reset)?.kind).toBe("connection");
    expect(classifyModelError(new StreamEndedEarlyError("ended"))?.kind).toBe("connection");
    expect(classifyModelError(new StreamProtocolError("bad order"))?.kind).toBe("protocol");
    expect(classifyModelError(new SyntaxError("Unexpected token"))?.kind).toBe("protocol");
  });

  test("anything else is not a model failure (a bug, thrown on as it is)", () => {
    expect(classifyModelError(new Error("undefined is not a function"))).toBeUndefined();
    expect(classifyModelError("a string")).toBeUndefined();
  });
});
