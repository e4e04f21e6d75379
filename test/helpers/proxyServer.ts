/**
 * A loopback HTTP proxy for tests (Bun.listen on 127.0.0.1, port 0), over raw TCP so it sees
 * exactly what a client sends: `CONNECT host:port` is tunnelled to the address `route` gives for
 * the host (the proxy does the name lookup, not the client), and a plain request in absolute form
 * (`GET http://host/path`) is forwarded there and answered, one per connection. Every request line is recorded, with its
 * Proxy-Authorization header.
 */
import type { Socket } from "bun";

export interface ProxyRequest {
  /** `CONNECT pinned.test:443` or `GET http://docs.test/page`. */
  line: string;
  proxyAuthorization: string | undefined;
}

export interface ProxyServer {
  /** `http://127.0.0.1:<port>`. */
  readonly url: string;
  readonly port: number;
  readonly requests: readonly ProxyRequest[];
  close(): void;
}

interface ClientState {
  head: string;
  upstream?: Socket<undefined>;
  /** Bytes from the client before the tunnel to the upstream was open. */
  pending: Uint8Array[];
}

/** The request head's first line and headers (lowercased names). */
function parseHead(head: string): { line: string; headers: Map<string, string> } {
  const [line = "", ...rest] = head.split("\r\n");
  const headers = new Map<string, string>();
  for (const header of rest) {
    const colon = header.indexOf(":");
    if (colon > 0) headers.set(header.slice(0, colon).trim().toLowerCase(), header.slice(colon + 1).trim());
  }
  return { line, headers };
}

/** Starts the proxy; `route(host)` names the port on 127.0.0.1 that stands for `host` (undefined: 502). */
export function startProxyServer(route: (host: string, port: number) => number | undefined): ProxyServer {
  const requests: ProxyRequest[] = [];
  const server = Bun.listen<ClientState>({
    hostname: "127.0.0.1",
    port: 0,
    socket: {
      open(client) {
        client.data = { head: "", pending: [] };
      },
      async data(client, bytes) {
        const state = client.data;
        if (state.upstream !== undefined) {
          state.upstream.write(bytes);
          return;
        }
        if (state.head.includes("\r\n\r\n")) {
          state.pending.push(new Uint8Array(bytes));
          return;
        }
        state.head += new TextDecoder().decode(bytes);
        const end = state.head.indexOf("\r\n\r\n");
        if (end === -1) return;
        const { line, headers } = parseHead(state.head.slice(0, end));
        requests.push({ line, proxyAuthorization: headers.get("proxy-authorization") });
        const [method = "", target = ""] = line.split(" ");
        const tunnel = method === "CONNECT";
        const where = tunnel ? new URL(`http://${target}`) : URL.canParse(target) ? new URL(target) : undefined;
        const port = where === undefined ? undefined : route(where.hostname, Number(where.port || (tunnel ? 443 : 80)));
        if (port === undefined) {
          client.end("HTTP/1.1 502 Bad Gateway\r\ncontent-length: 0\r\nconnection: close\r\n\r\n");
          return;
        }
        if (!tunnel) {
          // One request per connection: the answer is read whole and the connection closed after it.
          const answer = await fetch(`http://127.0.0.1:${port}${(where as URL).pathname}${(where as URL).search}`, { headers: { host: (where as URL).host }, redirect: "manual" });
          const body = new Uint8Array(await answer.arrayBuffer());
          const lines = [`HTTP/1.1 ${answer.status} ${answer.statusText}`, ...[...answer.headers].filter(([name]) => !["content-length", "connection", "content-encoding", "transfer-encoding"].includes(name)).map(([name, value]) => `${name}: ${value}`)];
          client.write(`${lines.join("\r\n")}\r\ncontent-length: ${body.byteLength}\r\nconnection: close\r\n\r\n`);
          client.end(body);
          return;
        }
        const upstream = await Bun.connect({
          hostname: "127.0.0.1",
          port,
          socket: {
            data: (_socket, reply) => void client.write(reply),
            close: () => void client.end(),
            error: () => void client.end(),
          },
        });
        state.upstream = upstream;
        client.write("HTTP/1.1 200 Connection Established\r\n\r\n");
        for (const chunk of state.pending) upstream.write(chunk);
        state.pending = [];
      },
      close(client) {
        client.data.upstream?.end();
      },
    },
  });
  return {
    url: `http://127.0.0.1:${server.port}`,
    port: server.port,
    requests,
    close: () => server.stop(true),
  };
}
