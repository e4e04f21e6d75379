/**
 * The client side of the MCP protocol over any SDK transport: the initialize handshake, requests
 * with a time limit, progress and cancellation, the server's notifications, and its pings. It
 * replaces the SDK's Client for toolshed's connections, which loads every schema of the protocol
 * and a JSON Schema compiler before its first message (about 35 ms on a small machine, all of it
 * before the first model request); this loads nothing. What each result must hold is checked
 * where it is used (see toolDefinitions.ts and McpServerConnection).
 */
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import { describeError } from "../../errors/describeError.ts";
import { classifyMessage, isPlainObject, type JsonRpcMessage } from "./jsonRpcMessage.ts";
import { McpConnectionClosedError, McpServerError, McpTimeoutError } from "./mcpRequestErrors.ts";

/** The protocol version asked for, and the ones a server may answer with. */
export const LATEST_PROTOCOL_VERSION = "2025-11-25";
export const SUPPORTED_PROTOCOL_VERSIONS: readonly string[] = [LATEST_PROTOCOL_VERSION, "2025-06-18", "2025-03-26", "2024-11-05", "2024-10-07"];

/** JSON-RPC's code for a method the receiver does not have. */
const METHOD_NOT_FOUND = -32601;

/** A progress notification of one request. */
export interface RequestProgress {
  progress: number;
  total?: number;
  message?: string;
}

export interface RequestOptions {
  /** Cancels the request: it is rejected and the server is sent notifications/cancelled. */
  signal?: AbortSignal;
  /** The request fails with McpTimeoutError (and is cancelled) when no answer came by then. */
  timeoutMs: number;
  /** Asks the server for progress notifications, and receives them. */
  onProgress?: (progress: RequestProgress) => void;
}

/** What the server said about itself when the connection started. */
export interface ServerHello {
  protocolVersion: string;
  capabilities: { [key: string]: unknown };
  serverInfo?: { name?: unknown; version?: unknown };
  instructions?: string;
}

interface Pending {
  method: string;
  resolve(result: { [key: string]: unknown }): void;
  reject(error: Error): void;
}

/** Checks the initialize result; throws naming what is wrong. */
function readHello(result: { [key: string]: unknown }): ServerHello {
  const { protocolVersion, capabilities, serverInfo, instructions } = result;
  if (typeof protocolVersion !== "string") throw new Error('the server\'s initialize result has no "protocolVersion"');
  if (!SUPPORTED_PROTOCOL_VERSIONS.includes(protocolVersion)) throw new Error(`the server's protocol version ${JSON.stringify(protocolVersion).slice(0, 80)} is not one toolshed supports (${SUPPORTED_PROTOCOL_VERSIONS.join(", ")})`);
  if (!isPlainObject(capabilities)) throw new Error('the server\'s initialize result has no "capabilities" object');
  return {
    protocolVersion,
    capabilities,
    serverInfo: isPlainObject(serverInfo) ? serverInfo : undefined,
    instructions: typeof instructions === "string" ? instructions : undefined,
  };
}

export class McpProtocolClient {
  /** A message that could not be used, or a transport's complaint: for the server's log. */
  onerror?: (error: Error) => void;
  /** The connection ended (after connect). */
  onclose?: () => void;

  private transport: Transport | undefined;
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();
  private readonly progress = new Map<number, (progress: RequestProgress) => void>();
  private readonly notificationHandlers = new Map<string, (params: { [key: string]: unknown }) => void>();
  private closed = false;
  private hello: ServerHello | undefined;

  constructor(private readonly clientInfo: { name: string; version: string }) {}

  /** What the server said when it connected (undefined before). */
  get server(): ServerHello | undefined {
    return this.hello;
  }

  /** Receives the params of each `method` notification from the server. */
  setNotificationHandler(method: string, handler: (params: { [key: string]: unknown }) => void): void {
    this.notificationHandlers.set(method, handler);
  }

  /** Starts the transport and shakes hands; on failure the transport is closed and this throws. */
  async connect(transport: Transport, options: RequestOptions): Promise<ServerHello> {
    if (this.transport !== undefined) throw new Error("this client is already connected");
    this.transport = transport;
    transport.onmessage = (message) => this.receive(message);
    transport.onerror = (error) => this.onerror?.(error);
    transport.onclose = () => this.ended();
    try {
      await transport.start();
      // initialize is never cancelled (the spec says so): a late answer is just ignored.
      const result = await this.request("initialize", { protocolVersion: LATEST_PROTOCOL_VERSION, capabilities: {}, clientInfo: this.clientInfo }, options, false);
      const hello = readHello(result);
      // The HTTP transports send the version in a header on every later request.
      transport.setProtocolVersion?.(hello.protocolVersion);
      await this.notify("notifications/initialized");
      // A server that went away meanwhile: not connected, whatever it said.
      if (this.closed) throw new McpConnectionClosedError("initialize");
      this.hello = hello;
      return hello;
    } catch (error) {
      void this.close().catch(() => undefined);
      throw error;
    }
  }

  /** Sends a request; resolves with its result object, or rejects (McpServerError, McpTimeoutError, the signal's reason, ...). */
  request(method: string, params: { [key: string]: unknown }, options: RequestOptions, cancellable = true): Promise<{ [key: string]: unknown }> {
    const transport = this.transport;
    if (transport === undefined || this.closed) return Promise.reject(new McpConnectionClosedError(method));
    const { signal } = options;
    if (signal?.aborted) return Promise.reject(signal.reason instanceof Error ? signal.reason : new Error(`${method} was cancelled`));
    const id = this.nextId++;
    const sent = options.onProgress === undefined ? params : { ...params, _meta: { ...(isPlainObject(params._meta) ? params._meta : {}), progressToken: id } };
    return new Promise((resolve, reject) => {
      const cleanup = () => {
        this.pending.delete(id);
        this.progress.delete(id);
        clearTimeout(timer);
        signal?.removeEventListener("abort", onAbort);
      };
      const giveUp = (error: Error, reason: string) => {
        cleanup();
        if (cancellable) void this.notify("notifications/cancelled", { requestId: id, reason }).catch(() => undefined);
        reject(error);
      };
      const onAbort = () => giveUp(signal?.reason instanceof Error ? signal.reason : new Error(`${method} was cancelled`), describeError(signal?.reason ?? "cancelled"));
      const timer = setTimeout(() => giveUp(new McpTimeoutError(method, options.timeoutMs), "timed out"), options.timeoutMs);
      signal?.addEventListener("abort", onAbort, { once: true });
      if (options.onProgress !== undefined) this.progress.set(id, options.onProgress);
      this.pending.set(id, {
        method,
        resolve: (result) => {
          cleanup();
          resolve(result);
        },
        reject: (error) => {
          cleanup();
          reject(error);
        },
      });
      const failed = (error: unknown) => {
        cleanup();
        reject(error instanceof Error ? error : new Error(describeError(error)));
      };
      try {
        transport.send({ jsonrpc: "2.0", id, method, params: sent }).catch(failed);
      } catch (error) {
        failed(error);
      }
    });
  }

  /** Sends a notification. */
  async notify(method: string, params?: { [key: string]: unknown }): Promise<void> {
    if (this.transport === undefined || this.closed) return;
    await this.transport.send(params === undefined ? { jsonrpc: "2.0", method } : { jsonrpc: "2.0", method, params });
  }

  /** Whether the connection has ended (closed by either side). */
  get isClosed(): boolean {
    return this.closed;
  }

  /** Closes the transport; pending requests fail with McpConnectionClosedError. */
  async close(): Promise<void> {
    const transport = this.transport;
    if (transport === undefined) return;
    try {
      await transport.close();
    } finally {
      this.ended();
    }
  }

  private ended(): void {
    if (this.closed) return;
    this.closed = true;
    const waiting = [...this.pending.values()];
    this.pending.clear();
    for (const request of waiting) request.reject(new McpConnectionClosedError(request.method));
    if (this.hello !== undefined) this.onclose?.();
  }

  /** Handles one message; a handler that throws is reported, never left to stop the transport's reading. */
  private receive(raw: unknown): void {
    try {
      this.route(raw);
    } catch (error) {
      this.onerror?.(new Error(`handling a message from the server failed: ${describeError(error)}`));
    }
  }

  /** A broken answer to an open request fails that request at once rather than at its time limit. */
  private rejectBroken(raw: unknown, reason: string): boolean {
    if (!isPlainObject(raw) || (typeof raw.id !== "number" && typeof raw.id !== "string") || !("result" in raw || "error" in raw)) return false;
    const waiting = this.pending.get(typeof raw.id === "string" ? Number(raw.id) : raw.id);
    if (waiting === undefined) return false;
    waiting.reject(new Error(`the server's answer to ${waiting.method} is not a JSON-RPC response: ${reason}`));
    return true;
  }

  private route(raw: unknown): void {
    let classified: ReturnType<typeof classifyMessage>;
    try {
      classified = classifyMessage(raw);
    } catch (error) {
      if (this.rejectBroken(raw, describeError(error))) return;
      this.onerror?.(new Error(`the server sent a message toolshed cannot use: ${describeError(error)}`));
      return;
    }
    switch (classified.kind) {
      case "result":
      case "error": {
        const { message } = classified;
        const id = typeof message.id === "string" ? Number(message.id) : message.id;
        const waiting = id === undefined || id === null ? undefined : this.pending.get(id);
        if (waiting === undefined) {
          if ("error" in message) this.onerror?.(new Error(`the server reported an error for no open request: ${message.error.message}`));
          return;
        }
        if ("error" in message) waiting.reject(new McpServerError(message.error.code, message.error.message, message.error.data));
        else waiting.resolve(message.result);
        return;
      }
      case "notification":
        this.onNotification(classified.message.method, classified.message.params ?? {});
        return;
      case "request":
        this.onRequest(classified.message.id, classified.message.method);
    }
  }

  private onNotification(method: string, params: { [key: string]: unknown }): void {
    if (method === "notifications/progress") {
      const token = typeof params.progressToken === "string" ? Number(params.progressToken) : params.progressToken;
      const handler = typeof token === "number" ? this.progress.get(token) : undefined;
      if (handler === undefined || typeof params.progress !== "number") return;
      handler({
        progress: params.progress,
        total: typeof params.total === "number" ? params.total : undefined,
        message: typeof params.message === "string" ? params.message : undefined,
      });
      return;
    }
    this.notificationHandlers.get(method)?.(params);
  }

  /** The server asks something: a ping is answered; toolshed offers nothing else to servers. */
  private onRequest(id: string | number, method: string): void {
    const reply: JsonRpcMessage = method === "ping"
      ? { jsonrpc: "2.0", id, result: {} }
      : { jsonrpc: "2.0", id, error: { code: METHOD_NOT_FOUND, message: `Method not found: toolshed does not offer ${method.slice(0, 100)}` } };
    void this.transport?.send(reply as Parameters<Transport["send"]>[0]).catch((error: unknown) => this.onerror?.(new Error(`answering the server's ${method.slice(0, 100)} failed: ${describeError(error)}`)));
  }
}
