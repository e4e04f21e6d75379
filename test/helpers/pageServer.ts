/**
 * A loopback web server for WebFetch's tests (Bun.serve on 127.0.0.1, port 0): each path answers
 * as its route says, every request is recorded, and a route can hold its answer until the server
 * closes (a slow page), with nothing slept.
 */

/** A request as the server saw it. */
export interface PageRequest {
  path: string;
  host: string | null;
  headers: Record<string, string>;
}

export type Route = (request: Request) => Response | Promise<Response>;

export interface PageServer {
  /** `http://127.0.0.1:<port>`. */
  readonly url: string;
  readonly port: number;
  readonly requests: readonly PageRequest[];
  /** Sets (or replaces) what a path answers. */
  route(path: string, answer: Route): void;
  /** A promise that settles when the server closes (for routes that hang until then). */
  closed: Promise<void>;
  close(): Promise<void>;
}

/** Starts the server; `tls` serves https instead. */
export function startPageServer(options: { tls?: { key: string; cert: string } } = {}): PageServer {
  const routes = new Map<string, Route>();
  const requests: PageRequest[] = [];
  let release: () => void = () => {};
  const closed = new Promise<void>((resolve) => (release = resolve));
  const server = Bun.serve({
    port: 0,
    hostname: "127.0.0.1",
    idleTimeout: 0,
    ...(options.tls === undefined ? {} : { tls: options.tls }),
    fetch(request) {
      const url = new URL(request.url);
      const headers: Record<string, string> = {};
      request.headers.forEach((value, name) => (headers[name] = value));
      requests.push({ path: url.pathname + url.search, host: request.headers.get("host"), headers });
      const route = routes.get(url.pathname);
      return route === undefined ? new Response("not here", { status: 404, statusText: "Not Found" }) : route(request);
    },
  });
  const scheme = options.tls === undefined ? "http" : "https";
  return {
    url: `${scheme}://127.0.0.1:${server.port}`,
    port: server.port ?? 0,
    requests,
    route: (path, answer) => void routes.set(path, answer),
    closed,
    async close() {
      release();
      await server.stop(true);
    },
  };
}

/** An HTML page. */
export function html(body: string, init: ResponseInit = {}): Response {
  return new Response(body, { ...init, headers: { "content-type": "text/html; charset=utf-8", ...init.headers } });
}

/** A body that sends its first part and then nothing more until `until` settles. */
export function stalledBody(first: string, until: Promise<unknown>): ReadableStream<Uint8Array> {
  let sent = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!sent) {
        sent = true;
        controller.enqueue(new TextEncoder().encode(first));
        return;
      }
      await until;
      controller.close();
    },
  });
}
