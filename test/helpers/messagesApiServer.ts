/**
 * A local Messages API over real HTTP (Bun.serve on 127.0.0.1, port 0) for tests of the model
 * client and the agent loop. A test pushes scripted replies (see messagesApiReplies.ts); each
 * `POST /v1/messages` takes the next one and answers it as the API would: server-sent events when
 * the body says `stream: true`, one JSON message otherwise. Every request is recorded.
 */
import {
  errorBody,
  errorTypeForStatus,
  frameEvent,
  messageJson,
  turnEvents,
  type RecordedRequest,
  type Reply,
  type SseEvent,
  type StreamCut,
} from "./messagesApiReplies.ts";

export * from "./messagesApiReplies.ts";

export interface MessagesApiServer {
  /** `http://127.0.0.1:<port>`, the value for ANTHROPIC_BASE_URL. */
  readonly url: string;
  /** Every request so far, oldest first. */
  readonly requests: readonly RecordedRequest[];
  readonly requestCount: number;
  /** Queues replies; each request takes the oldest. */
  push(...replies: Reply[]): void;
  /**
   * Queues replies for the requests `match` picks (one conversation, such as a sub-agent's): such
   * a request takes the oldest reply of the first script that picks it and has one left, before
   * the shared queue.
   */
  script(match: (request: RecordedRequest) => boolean, ...replies: Reply[]): void;
  /** Replies still queued, in the shared queue and every script. */
  pending(): number;
  /** Answers what is still hanging, cuts open streams and stops the server. */
  close(): Promise<void>;
}

/** Requests bodies over this size are refused (413), like the API's own limit but smaller. */
const MAX_REQUEST_BYTES = 32 * 1024 * 1024;
const encoder = new TextEncoder();

function sseHeaders(extra: Record<string, string> = {}): Headers {
  return new Headers({ "content-type": "text/event-stream", "cache-control": "no-cache", "request-id": "req_test", ...extra });
}

function errorResponse(status: number, errorType: string, message: string, headers: Record<string, string> = {}): Response {
  return Response.json(errorBody(errorType, message), { status, headers: { "request-id": "req_test", ...headers } });
}

async function record(request: Request): Promise<RecordedRequest | Response> {
  const headers: Record<string, string> = {};
  request.headers.forEach((value, name) => (headers[name.toLowerCase()] = value));
  const text = await request.text();
  if (text.length > MAX_REQUEST_BYTES) return errorResponse(413, "request_too_large", "Request exceeds the test server's size limit.");
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  return { method: request.method, path: new URL(request.url).pathname, headers, body };
}

function wantsStream(body: unknown): boolean {
  return typeof body === "object" && body !== null && "stream" in body && body.stream === true;
}

function modelOf(body: unknown): string {
  return typeof body === "object" && body !== null && "model" in body && typeof body.model === "string" ? body.model : "claude-test";
}

/** Starts the server; close it in afterEach/afterAll. */
export function startMessagesApiServer(): MessagesApiServer {
  const queue: Reply[] = [];
  const scripts: { match: (request: RecordedRequest) => boolean; replies: Reply[] }[] = [];
  const requests: RecordedRequest[] = [];
  // Things to release on close: hanging replies and streams that are still open.
  const releases = new Set<() => void>();
  let closed = false;

  function streamEvents(events: SseEvent[], delayMs: number, cut: StreamCut | undefined): ReadableStream<Uint8Array> {
    let sent = 0;
    let release: (() => void) | undefined;
    return new ReadableStream<Uint8Array>({
      async pull(controller) {
        if (cut !== undefined && sent === cut.afterEvents) {
          await cut.waitFor;
          if (cut.how === "drop") controller.error();
          else if (cut.how === "close") controller.close();
          else if (cut.how === "stall") {
            // Nothing more is sent; close() cuts the connection.
            await new Promise<void>((resolve) => {
              release = () => {
                controller.error();
                resolve();
              };
              releases.add(release);
            });
          } else {
            controller.enqueue(encoder.encode(frameEvent({ event: "error", data: errorBody(cut.how.errorType, cut.how.message ?? "Scripted stream error.") })));
            controller.close();
          }
          return;
        }
        const event = events[sent];
        if (event === undefined) {
          controller.close();
          return;
        }
        if (delayMs > 0 && sent > 0) await Bun.sleep(delayMs);
        sent += 1;
        controller.enqueue(encoder.encode(frameEvent(event)));
      },
      cancel() {
        if (release !== undefined) releases.delete(release);
      },
    });
  }

  async function answer(reply: Reply, request: RecordedRequest): Promise<Response> {
    if (typeof reply === "function") return answer(await reply(request), request);
    if (reply.kind === "hang") {
      return new Promise<Response>((resolve) => {
        const release = () => resolve(errorResponse(503, "api_error", "The test server closed."));
        releases.add(release);
      });
    }
    if (reply.kind === "http_error") {
      const headers = { "request-id": "req_test", ...reply.headers };
      if (reply.rawBody !== undefined) return new Response(reply.rawBody, { status: reply.status, headers });
      const type = reply.errorType ?? errorTypeForStatus(reply.status);
      return errorResponse(reply.status, type, reply.message ?? `Scripted ${reply.status} ${type}.`, reply.headers);
    }
    const model = modelOf(request.body);
    if (!wantsStream(request.body)) return Response.json(messageJson(reply.turn, model), { headers: { "request-id": "req_test", ...reply.headers } });
    return new Response(streamEvents(turnEvents(reply.turn, model), reply.delayMs ?? 0, reply.cut), { headers: sseHeaders(reply.headers) });
  }

  const server = Bun.serve({
    port: 0,
    hostname: "127.0.0.1",
    // A scripted hang must stay a hang; tests close the server themselves.
    idleTimeout: 0,
    async fetch(request) {
      const recorded = await record(request);
      if (recorded instanceof Response) return recorded;
      requests.push(recorded);
      if (recorded.method !== "POST" || recorded.path !== "/v1/messages") {
        return errorResponse(404, "not_found_error", `The test server only answers POST /v1/messages, not ${recorded.method} ${recorded.path}.`);
      }
      const reply = scripts.find((script) => script.replies.length > 0 && script.match(recorded))?.replies.shift() ?? queue.shift();
      if (reply === undefined) return errorResponse(500, "api_error", "The test server has no scripted reply left for this request.", { "x-should-retry": "false" });
      return answer(reply, recorded);
    },
  });

  return {
    url: `http://127.0.0.1:${server.port}`,
    requests,
    get requestCount() {
      return requests.length;
    },
    push(...replies) {
      queue.push(...replies);
    },
    script(match, ...replies) {
      scripts.push({ match, replies });
    },
    pending: () => queue.length + scripts.reduce((sum, script) => sum + script.replies.length, 0),
    async close() {
      if (closed) return;
      closed = true;
      for (const release of releases) release();
      releases.clear();
      await server.stop(true);
    },
  };
}
