/**
 * JSON-RPC 2.0 messages as MCP sends them, checked by hand: what a line from a server is (a
 * request, a notification, a result or an error) and whether it is one at all. The SDK's own
 * check builds every schema of the protocol when it loads, which costs a session with servers
 * tens of milliseconds before its first model request; these few checks cost nothing to load.
 */

export type JsonRpcId = string | number;

export interface JsonRpcRequest {
  jsonrpc: "2.0";
  id: JsonRpcId;
  method: string;
  params?: { [key: string]: unknown };
}

export interface JsonRpcNotification {
  jsonrpc: "2.0";
  method: string;
  params?: { [key: string]: unknown };
}

export interface JsonRpcResult {
  jsonrpc: "2.0";
  id: JsonRpcId;
  result: { [key: string]: unknown };
}

export interface JsonRpcError {
  jsonrpc: "2.0";
  /** Absent or null when the server could not tell which request it answers. */
  id?: JsonRpcId | null;
  error: { code: number; message: string; data?: unknown };
}

export type JsonRpcMessage = JsonRpcRequest | JsonRpcNotification | JsonRpcResult | JsonRpcError;

/** What one message is, for routing. */
export type ClassifiedMessage =
  | { kind: "request"; message: JsonRpcRequest }
  | { kind: "notification"; message: JsonRpcNotification }
  | { kind: "result"; message: JsonRpcResult }
  | { kind: "error"; message: JsonRpcError };

export function isPlainObject(value: unknown): value is { [key: string]: unknown } {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function isId(value: unknown): value is JsonRpcId {
  return typeof value === "string" || (typeof value === "number" && Number.isInteger(value));
}

/** Sorts a parsed value into a kind of message; throws saying what is wrong with it otherwise. */
export function classifyMessage(value: unknown): ClassifiedMessage {
  if (!isPlainObject(value)) throw new Error("it is not a JSON object");
  if (value.jsonrpc !== "2.0") throw new Error('its "jsonrpc" is not "2.0"');
  if (value.params !== undefined && !isPlainObject(value.params)) throw new Error('its "params" is not an object');
  if (typeof value.method === "string") {
    if (value.id === undefined) return { kind: "notification", message: value as unknown as JsonRpcNotification };
    if (!isId(value.id)) throw new Error('its "id" is neither a string nor a whole number');
    return { kind: "request", message: value as unknown as JsonRpcRequest };
  }
  if ("result" in value) {
    if (!isId(value.id)) throw new Error('it is a result whose "id" is neither a string nor a whole number');
    if (!isPlainObject(value.result)) throw new Error('its "result" is not an object');
    return { kind: "result", message: value as unknown as JsonRpcResult };
  }
  if ("error" in value) {
    const error = value.error;
    if (!isPlainObject(error) || typeof error.code !== "number" || typeof error.message !== "string") throw new Error('its "error" has no numeric "code" and text "message"');
    if (value.id !== undefined && value.id !== null && !isId(value.id)) throw new Error('it is an error whose "id" is neither a string nor a whole number');
    return { kind: "error", message: value as unknown as JsonRpcError };
  }
  throw new Error('it has no "method", "result" or "error"');
}

/** Parses one line of a stdio server's output; throws saying why it is not a message. */
export function parseMessageLine(line: string): JsonRpcMessage {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    throw new Error("it is not JSON");
  }
  return classifyMessage(value).message;
}
