/**
 * A fetch for the HTTP transports that follows redirects only within the server's own origin:
 * fetch would carry the configured headers (an API key in `X-API-Key`, say) and the request body
 * to wherever a redirect points, so one to another origin is an error naming it.
 */
import type { FetchLike } from "@modelcontextprotocol/sdk/shared/transport.js";

/** Redirects followed within the origin before giving up. */
export const MAX_MCP_REDIRECTS = 5;

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/** Wraps `fetch` so that a redirect is followed only to the same origin, at most MAX_MCP_REDIRECTS times. */
export function sameOriginRedirects(base: FetchLike = fetch): FetchLike {
  return async (url, init) => {
    const start = new URL(url);
    let target = start;
    let request: RequestInit = { ...init, redirect: "manual" };
    for (let redirects = 0; ; redirects++) {
      const response = await base(target, request);
      const location = response.headers.get("location");
      if (!REDIRECTS.has(response.status) || location === null) return response;
      await response.body?.cancel().catch(() => {});
      const next = new URL(location, target);
      if (next.origin !== start.origin) {
        throw new Error(`${start.origin} redirected to ${next.origin}; MCP requests follow redirects only within the server's own address, since they carry its headers. Put the new address in the server's configuration`);
      }
      if (redirects >= MAX_MCP_REDIRECTS) throw new Error(`${start.origin} redirected more than ${MAX_MCP_REDIRECTS} times`);
      // As fetch does: 303, and 301/302 after a POST, go on as a GET without the body.
      if (response.status === 303 || ((response.status === 301 || response.status === 302) && request.method === "POST")) {
        const { body: _body, ...rest } = request;
        request = { ...rest, method: "GET" };
      }
      target = next;
    }
  };
}
