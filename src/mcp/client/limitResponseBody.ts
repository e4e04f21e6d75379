/**
 * A fetch for the HTTP transports whose response bodies stop at a size limit: a server cannot
 * fill toolshed's memory with one endless answer. A body past the limit fails with a clear error.
 */
import type { FetchLike } from "@modelcontextprotocol/sdk/shared/transport.js";

/** Wraps `fetch` so that each response body may carry at most `limit` bytes. */
export function limitResponseBody(limit: number, base: FetchLike = fetch): FetchLike {
  return async (url, init) => {
    const response = await base(url, init);
    if (response.body === null) return response;
    let seen = 0;
    const counted = response.body.pipeThrough(new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        seen += chunk.byteLength;
        if (seen > limit) controller.error(new Error(`the server's response is larger than ${limit} bytes`));
        else controller.enqueue(chunk);
      },
    }));
    return new Response(counted, { status: response.status, statusText: response.statusText, headers: response.headers });
  };
}
