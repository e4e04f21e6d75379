/** The hand-made JSON-RPC checks that stand in for the SDK's schemas on the way to the first request. */
import { describe, expect, test } from "bun:test";
import { classifyMessage, parseMessageLine } from "../../../src/mcp/client/jsonRpcMessage.ts";
import { MessageLineBuffer } from "../../../src/mcp/client/MessageLineBuffer.ts";

describe("classifyMessage", () => {
  test("requests, notifications, results and errors are told apart", () => {
    expect(classifyMessage({ jsonrpc: "2.0", id: 1, method: "ping" }).kind).toBe("request");
    expect(classifyMessage({ jsonrpc: "2.0", id: "a", method: "roots/list", params: {} }).kind).toBe("request");
    expect(classifyMessage({ jsonrpc: "2.0", method: "notifications/tools/list_changed" }).kind).toBe("notification");
    expect(classifyMessage({ jsonrpc: "2.0", id: 2, result: {} }).kind).toBe("result");
    expect(classifyMessage({ jsonrpc: "2.0", id: 3, error: { code: -32602, message: "bad" } }).kind).toBe("error");
    expect(classifyMessage({ jsonrpc: "2.0", id: null, error: { code: -32700, message: "parse error" } }).kind).toBe("error");
  });

  test("anything else is refused, saying what is wrong", () => {
    const reason = (value: unknown) => {
      try {
        classifyMessage(value);
        return "accepted";
      } catch (error) {
        return (error as Error).message;
      }
    };
    expect(reason([1, 2])).toBe("it is not a JSON object");
    expect(reason({ jsonrpc: "1.0", id: 1, result: {} })).toBe('its "jsonrpc" is not "2.0"');
    expect(reason({ jsonrpc: "2.0", id: 1.5, method: "ping" })).toBe('its "id" is neither a string nor a whole number');
    expect(reason({ jsonrpc: "2.0", id: 1, method: "ping", params: [1] })).toBe('its "params" is not an object');
    expect(reason({ jsonrpc: "2.0", id: 1, result: "done" })).toBe('its "result" is not an object');
    expect(reason({ jsonrpc: "2.0", id: {}, result: {} })).toContain('"id" is neither');
    expect(reason({ jsonrpc: "2.0", id: 1, error: { message: "no code" } })).toContain('no numeric "code"');
    expect(reason({ jsonrpc: "2.0", id: 1 })).toBe('it has no "method", "result" or "error"');
  });

  test("a line that is not JSON says so", () => {
    expect(() => parseMessageLine("Server started on stdio")).toThrow("it is not JSON");
    expect(parseMessageLine('{"jsonrpc":"2.0","id":1,"result":{"ok":true}}')).toEqual({ jsonrpc: "2.0", id: 1, result: { ok: true } });
  });
});

describe("MessageLineBuffer", () => {
  const bytes = (text: string) => new TextEncoder().encode(text);

  test("lines come out whole, however the output is cut, with a \\r before the newline dropped", () => {
    const buffer = new MessageLineBuffer(1000);
    expect(buffer.append(bytes('{"a":'))).toEqual([]);
    expect(buffer.append(bytes('1}\r\n{"b":2}\n{"c"'))).toEqual(['{"a":1}', '{"b":2}']);
    expect(buffer.append(bytes(":3}\n"))).toEqual(['{"c":3}']);
  });

  test("a character cut between two chunks is put back together", () => {
    const buffer = new MessageLineBuffer(1000);
    const whole = bytes('"é€"\n');
    expect(buffer.append(whole.subarray(0, 2))).toEqual([]);
    expect(buffer.append(whole.subarray(2, 5))).toEqual([]);
    expect(buffer.append(whole.subarray(5))).toEqual(['"é€"']);
  });

  test("a line longer than the cap throws, in one chunk or many, and the buffer starts over", () => {
    const buffer = new MessageLineBuffer(10);
    expect(() => buffer.append(bytes("x".repeat(11)))).toThrow("a message is longer than 10 bytes");
    expect(buffer.append(bytes("ok\n"))).toEqual(["ok"]);
    buffer.append(bytes("123456"));
    expect(() => buffer.append(bytes("78901\n"))).toThrow("longer than 10 bytes");
    expect(buffer.append(bytes("fine\n"))).toEqual(["fine"]);
  });
});

test("output written a byte at a time still comes out as its lines", () => {
  const buffer = new MessageLineBuffer(1_000_000);
  const text = `${JSON.stringify({ jsonrpc: "2.0", id: 1, result: { text: "x".repeat(5000) } })}\n`;
  const lines: string[] = [];
  for (const byte of new TextEncoder().encode(text)) lines.push(...buffer.append(new Uint8Array([byte])));
  expect(lines).toEqual([text.slice(0, -1)]);
});
