/**
 * `toolshed mcp serve --http <host:port>`: streamable HTTP at `/mcp`, one MCP session (and one
 * SDK server) per client, each with a toolshed session of its own when `source` makes them (its
 * shell folder, read state and turn are its own: one client's open question or `cd` does not
 * reach another), or all sharing the one given. Host and Origin are checked against
 * DNS rebinding; with a token, every request must carry it (`Authorization: Bearer <token>`, or
 * `?token=` in the URL the server prints), since a loopback port is open to every user and
 * process on the machine; request bodies and the number of open sessions are bounded.
 */
import { timingSafeEqual } from "node:crypto";
import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import type { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { isAllowedRequest } from "./checkRequestOrigin.ts";
import { createToolshedMcpServer } from "./createToolshedMcpServer.ts";
import type { ServedSession } from "./createServedSession.ts";

/** The path the protocol is served at. */
export const MCP_PATH = "/mcp";
/** The largest request body accepted (a tool call's input is small). */
export const MAX_REQUEST_BYTES = 4 * 1024 * 1024;
/** Open client sessions; the one used longest ago is closed to make room. */
export const MAX_CLIENT_SESSIONS = 32;
/** A client session that sends nothing for this long is closed (a client that went away without saying so). */
export const IDLE_SESSION_MS = 60 * 60_000;
/**
 * A connection idle this long is closed, unless it carries an authorized request (whose stream
 * may rightly stay quiet): connections that never show the token cannot pile up and lock clients out.
 */
export const IDLE_CONNECTION_SECONDS = 30;

/** A running HTTP server. */
export interface McpHttpServer {
  /** `http://<host>:<port>/mcp`, with the port actually bound (and `?token=` when there is one). */
  url: string;
  stop(): Promise<void>;
}

interface ClientSession {
  transport: WebStandardStreamableHTTPServerTransport;
  server: Server;
  /** When the client last sent a request. */
  lastSeen: number;
}

/** The served session every client shares, or how to make one for each client (closed when that client's session ends). */
export type ServedSource = ServedSession | (() => Promise<ServedSession>);

function jsonError(status: number, code: number, message: string, close = false): Response {
  return Response.json({ jsonrpc: "2.0", error: { code, message }, id: null }, { status, ...(close ? { headers: { connection: "close" } } : {}) });
}

/** Whether the request carries `token`, as a bearer token or in the URL; compared in constant time. */
function carriesToken(request: Request, url: URL, token: string): boolean {
  const bearer = /^Bearer\s+(\S+)$/i.exec(request.headers.get("authorization") ?? "")?.[1];
  const expected = Buffer.from(token);
  return [bearer, url.searchParams.get("token") ?? undefined].some((given) => {
    if (given === undefined) return false;
    const bytes = Buffer.from(given);
    return bytes.length === expected.length && timingSafeEqual(bytes, expected);
  });
}

/** The ids of the JSON-RPC requests in a POST body (one message or a batch); none when it does not parse. */
async function requestIds(request: Request): Promise<(string | number)[]> {
  let body: unknown;
  try {
    body = JSON.parse(await request.text());
  } catch {
    return [];
  }
  const messages = Array.isArray(body) ? body : [body];
  return messages.flatMap((message: unknown) => {
    if (typeof message !== "object" || message === null || !("method" in message) || !("id" in message)) return [];
    const { id } = message as { id: unknown };
    return typeof id === "string" || typeof id === "number" ? [id] : [];
  });
}

/**
 * A client that goes away (its connection closes) mid-call has cancelled it: the calls of its
 * request are cancelled as if it had sent notifications/cancelled, so a question it left open
 * does not hold the session's turn until the answer times out.
 */
async function cancelOnDisconnect(request: Request, client: ClientSession): Promise<void> {
  const ids = await requestIds(request.clone());
  if (ids.length === 0) return;
  request.signal.addEventListener("abort", () => {
    for (const requestId of ids) {
      client.transport.onmessage?.({ jsonrpc: "2.0", method: "notifications/cancelled", params: { requestId, reason: "the client's connection closed" } });
    }
  }, { once: true });
}

/** Starts serving; `port` 0 picks a free port. */
export async function serveMcpHttp(source: ServedSource, options: { host: string; port: number; token?: string; idleSessionMs?: number; idleConnectionSeconds?: number }): Promise<McpHttpServer> {
  const sessions = new Map<string, ClientSession>();
  // Toolshed sessions made for clients that are closing: stop waits for them.
  const closing = new Set<Promise<void>>();

  const closeSession = async (id: string) => {
    const client = sessions.get(id);
    if (client === undefined) return;
    sessions.delete(id);
    await client.server.close().catch(() => {
      // Already closed by the client.
    });
  };

  const openSession = async (): Promise<ClientSession> => {
    const oldest = sessions.keys().next();
    if (sessions.size >= MAX_CLIENT_SESSIONS && oldest.done !== true) await closeSession(oldest.value);
    const served = typeof source === "function" ? await source() : source;
    // A session made for this client ends with it, once, however its end is noticed.
    let released: Promise<void> | undefined;
    const release = () => {
      if (typeof source !== "function" || released !== undefined) return;
      const done: Promise<void> = served.session.close().catch(() => {}).finally(() => closing.delete(done));
      released = done;
      closing.add(done);
    };
    const server = createToolshedMcpServer(served);
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: () => crypto.randomUUID(),
      maxRequestBodySize: MAX_REQUEST_BYTES,
      onsessioninitialized: (id) => {
        sessions.set(id, client);
      },
      onsessionclosed: (id) => {
        sessions.delete(id);
        release();
      },
    });
    server.onclose = () => {
      if (transport.sessionId !== undefined) sessions.delete(transport.sessionId);
      release();
    };
    const client: ClientSession = { transport, server, lastSeen: Date.now() };
    await server.connect(transport);
    return client;
  };

  // Clients that went away without closing their session (the SDK's own client sends no DELETE).
  const idleMs = options.idleSessionMs ?? IDLE_SESSION_MS;
  const sweeper = setInterval(() => {
    const now = Date.now();
    for (const [id, client] of sessions) if (now - client.lastSeen > idleMs) void closeSession(id);
  }, Math.min(60_000, Math.max(10, Math.floor(idleMs / 2))));
  sweeper.unref();

  const handle = async (request: Request, bun: Bun.Server<undefined>): Promise<Response> => {
    let url: URL;
    try {
      url = new URL(request.url);
    } catch {
      // Bun builds the request's URL from its Host header: one that does not parse is refused, not a 500.
      return jsonError(400, -32000, "Bad request: the Host header is not a host name", true);
    }
    // Refusals close their connection: a client that is not let in holds nothing open.
    if (url.pathname !== MCP_PATH) return jsonError(404, -32000, `Not found: the MCP endpoint is ${MCP_PATH}`, true);
    if (!isAllowedRequest(request.headers, options.host)) {
      return jsonError(403, -32000, "Forbidden: the Host or Origin header names a host this server does not serve (DNS rebinding protection)", true);
    }
    if (options.token !== undefined && !carriesToken(request, url, options.token)) {
      return jsonError(401, -32000, "Unauthorized: this server needs the token it printed when it started: use the URL it printed (which ends in ?token=...), or send Authorization: Bearer <token>", true);
    }
    // An authorized request's stream stays open for as long as its client listens.
    bun.timeout(request, 0);
    const id = request.headers.get("mcp-session-id");
    if (id !== null) {
      const client = sessions.get(id);
      if (client === undefined) return jsonError(404, -32001, "Session not found: start a new one with an initialize request");
      // Most recently used last: the one to close first when too many are open stays at the front.
      sessions.delete(id);
      sessions.set(id, client);
      client.lastSeen = Date.now();
      if (request.method === "POST") await cancelOnDisconnect(request, client);
      return client.transport.handleRequest(request);
    }
    if (request.method !== "POST") return jsonError(400, -32000, "Bad request: send an initialize request first (no Mcp-Session-Id header)");
    const client = await openSession();
    const response = await client.transport.handleRequest(request);
    // A first request that did not initialize leaves no session behind.
    if (client.transport.sessionId === undefined) await client.server.close().catch(() => {});
    return response;
  };

  const server = Bun.serve({
    hostname: options.host,
    port: options.port,
    // Authorized requests lift this for their own connection (above); everything else is closed when idle.
    idleTimeout: options.idleConnectionSeconds ?? IDLE_CONNECTION_SECONDS,
    maxRequestBodySize: MAX_REQUEST_BYTES,
    fetch: handle,
    error: () => jsonError(500, -32603, "Internal error"),
  });
  const shownHost = options.host.includes(":") ? `[${options.host}]` : options.host;
  return {
    url: `http://${shownHost}:${server.port}${MCP_PATH}${options.token === undefined ? "" : `?token=${encodeURIComponent(options.token)}`}`,
    async stop() {
      clearInterval(sweeper);
      await Promise.all([...sessions.keys()].map(closeSession));
      await server.stop(true);
      await Promise.all([...closing]);
    },
  };
}
