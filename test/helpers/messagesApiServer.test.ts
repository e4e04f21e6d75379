import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { hang, httpError, startMessagesApiServer, textTurn, turn, type MessagesApiServer } from "./messagesApiServer.ts";

let server: MessagesApiServer;
beforeEach(() => {
  server = startMessagesApiServer();
});
afterEach(() => server.close());

function post(body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${server.url}/v1/messages`, { method: "POST", headers: { "content-type": "application/json", ...headers }, body: JSON.stringify(body) });
}

/** The events of an SSE body as [name, data] pairs. */
function parseSse(text: string): [string, unknown][] {
  return text
    .split("\n\n")
    .filter((frame) => frame.trim() !== "")
    .map((frame) => {
      const [eventLine, dataLine] = frame.split("\n");
      return [eventLine?.replace(/^event: /, "") ?? "", JSON.parse(dataLine?.replace(/^data: /, "") ?? "null")];
    });
}

/** `data.delta[key]` as a one-element list when it is a string, else empty. */
function deltaField(data: unknown, key: string): string[] {
  const delta: unknown = typeof data === "object" && data !== null ? Reflect.get(data, "delta") : undefined;
  const value: unknown = typeof delta === "object" && delta !== null ? Reflect.get(delta, key) : undefined;
  return typeof value === "string" ? [value] : [];
}

describe("the local Messages API", () => {
  test("streams a turn as the API's events, text and tool input split into several deltas", async () => {
    server.push(turn([{ type: "text", text: "Hello world" }, { type: "tool_use", id: "toolu_1", name: "Bash", input: { command: "ls -la" } }]));
    const response = await post({ model: "claude-opus-5-5", stream: true, max_tokens: 10, messages: [] });
    expect(response.headers.get("content-type")).toBe("text/event-stream");
    const events = parseSse(await response.text());
    const names = events.map(([name]) => name);
    expect(names.slice(0, 3)).toEqual(["message_start", "ping", "content_block_start"]);
    expect(names.slice(-2)).toEqual(["message_delta", "message_stop"]);
    const deltas = events.filter(([name]) => name === "content_block_delta").map(([, data]) => data);
    const text = deltas.flatMap((data) => deltaField(data, "text"));
    expect(text.length).toBeGreaterThan(1);
    expect(text.join("")).toBe("Hello world");
    const json = deltas.flatMap((data) => deltaField(data, "partial_json"));
    expect(json.length).toBeGreaterThan(2);
    expect(JSON.parse(json.join(""))).toEqual({ command: "ls -la" });
    expect(events[0]?.[1]).toMatchObject({ message: { model: "claude-opus-5-5", role: "assistant", content: [] } });
    expect(events.at(-2)?.[1]).toMatchObject({ delta: { stop_reason: "tool_use" }, usage: { output_tokens: 5 } });
  });

  test("answers a request without stream: true with one JSON message", async () => {
    server.push(textTurn("plain"));
    const response = await post({ model: "m", max_tokens: 10, messages: [] });
    expect(await response.json()).toMatchObject({ type: "message", content: [{ type: "text", text: "plain" }], stop_reason: "end_turn" });
  });

  test("an HTTP error carries its headers and the API's error body", async () => {
    server.push(httpError(429, { headers: { "retry-after": "7" }, message: "Slow down" }));
    const response = await post({ stream: true });
    expect(response.status).toBe(429);
    expect(response.headers.get("retry-after")).toBe("7");
    expect(await response.json()).toMatchObject({ type: "error", error: { type: "rate_limit_error", message: "Slow down" } });
  });

  test("records every request, and a reply can depend on it", async () => {
    server.push((request) => textTurn(`you sent ${JSON.stringify(request.body)}`));
    const response = await post({ hello: 1 }, { "x-api-key": "k1" });
    expect(await response.json()).toMatchObject({ content: [{ text: 'you sent {"hello":1}' }] });
    expect(server.requestCount).toBe(1);
    expect(server.requests[0]).toMatchObject({ method: "POST", path: "/v1/messages", body: { hello: 1 }, headers: { "x-api-key": "k1" } });
  });

  test("with no reply left it answers 500 and says so; other paths are 404", async () => {
    const response = await post({});
    expect(response.status).toBe(500);
    expect(await response.text()).toContain("no scripted reply left");
    expect((await fetch(`${server.url}/v1/models`)).status).toBe(404);
  });

  test("close() answers a hanging request", async () => {
    const arrived = Promise.withResolvers<void>();
    server.push(() => {
      arrived.resolve();
      return hang();
    });
    const pending = post({}).then((response) => response.status, () => "cut");
    await arrived.promise;
    expect(server.pending()).toBe(0);
    await server.close();
    expect([503, "cut"]).toContain(await pending);
  });
});
