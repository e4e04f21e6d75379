/** The HTTP transports' fetch: redirects within the server's origin are followed, one to another origin carries nothing there. */
import { afterEach, describe, expect, test } from "bun:test";
import { sameOriginRedirects } from "../../../src/mcp/client/sameOriginRedirects.ts";

const servers: ReturnType<typeof Bun.serve>[] = [];
afterEach(() => {
  for (const server of servers.splice(0)) server.stop(true);
});

interface Seen {
  path: string;
  method: string;
  key: string | null;
  body: string;
}

function serve(answer: (request: Request) => Response): { url: string; seen: Seen[] } {
  const seen: Seen[] = [];
  const server = Bun.serve({
    port: 0,
    hostname: "127.0.0.1",
    async fetch(request) {
      seen.push({ path: new URL(request.url).pathname, method: request.method, key: request.headers.get("x-api-key"), body: await request.text() });
      return answer(request);
    },
  });
  servers.push(server);
  return { url: `http://127.0.0.1:${server.port}`, seen };
}

const post = { method: "POST", headers: { "x-api-key": "secret-key", "content-type": "application/json" }, body: '{"jsonrpc":"2.0"}' };

describe("sameOriginRedirects", () => {
  test("a 307 within the origin is followed with the method, headers and body", async () => {
    const server = serve((request) => (new URL(request.url).pathname === "/old" ? new Response(null, { status: 307, headers: { location: "/mcp" } }) : Response.json({ ok: true })));
    const response = await sameOriginRedirects()(`${server.url}/old`, post);
    expect(await response.json()).toEqual({ ok: true });
    expect(server.seen).toEqual([
      { path: "/old", method: "POST", key: "secret-key", body: '{"jsonrpc":"2.0"}' },
      { path: "/mcp", method: "POST", key: "secret-key", body: '{"jsonrpc":"2.0"}' },
    ]);
  });

  test("a 303 goes on as a GET without the body", async () => {
    const server = serve((request) => (new URL(request.url).pathname === "/old" ? new Response(null, { status: 303, headers: { location: "/done" } }) : new Response("done")));
    await sameOriginRedirects()(`${server.url}/old`, post);
    expect(server.seen[1]).toEqual({ path: "/done", method: "GET", key: "secret-key", body: "" });
  });

  test("a redirect to another origin is an error naming both, and nothing reaches the other one", async () => {
    const other = serve(() => new Response("got it"));
    const server = serve(() => new Response(null, { status: 308, headers: { location: `${other.url}/steal` } }));
    const failed = await sameOriginRedirects()(`${server.url}/mcp`, post).then(() => "followed", (error: Error) => error.message);
    expect(failed).toBe(`${server.url} redirected to ${other.url}; MCP requests follow redirects only within the server's own address, since they carry its headers. Put the new address in the server's configuration`);
    expect(other.seen).toEqual([]);
  });

  test("a redirect loop ends after a few hops", async () => {
    const server = serve(() => new Response(null, { status: 302, headers: { location: "/again" } }));
    const failed = await sameOriginRedirects()(`${server.url}/mcp`, post).then(() => "followed", (error: Error) => error.message);
    expect(failed).toBe(`${server.url} redirected more than 5 times`);
    expect(server.seen.length).toBe(6);
  });
});
