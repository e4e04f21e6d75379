/**
 * A fetch whose response bodies are read with a size limit: the SDK reads error bodies whole and
 * buffers stream lines as they come, so without this a broken or hostile endpoint could make it
 * hold any amount. Error bodies are cut short (the status still counts); a success body that runs
 * past its limit fails the stream. Redirects are not followed: fetch would send the request body
 * (the whole conversation) and the x-api-key header to wherever the answer points, so a redirect
 * is an error that says where it pointed.
 */
import { StreamProtocolError } from "./classifyModelError.ts";

/** The fetch signature the SDK takes. */
export type FetchFunction = (input: string | URL | Request, init?: RequestInit) => Promise<Response>;

export interface ResponseLimits {
  /** Bytes kept of an error body (anything past them is dropped). */
  maxErrorBodyBytes: number;
  /** Bytes a success body (a whole stream of events) may have. */
  maxBodyBytes: number;
}

export const DEFAULT_RESPONSE_LIMITS: ResponseLimits = {
  maxErrorBodyBytes: 64 * 1024,
  // A 128K-token reply is a few megabytes of events; this leaves room for the largest.
  maxBodyBytes: 64 * 1024 * 1024,
};

function capped(body: ReadableStream<Uint8Array>, limit: number, failPast: boolean): ReadableStream<Uint8Array> {
  let seen = 0;
  const reader = body.getReader();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const { done, value } = await reader.read();
      if (done) {
        controller.close();
        return;
      }
      seen += value.byteLength;
      if (seen <= limit) {
        controller.enqueue(value);
        return;
      }
      if (failPast) {
        controller.error(new StreamProtocolError(`the response passed ${limit} bytes`));
      } else {
        controller.enqueue(value.subarray(0, value.byteLength - (seen - limit)));
        controller.close();
      }
      await reader.cancel();
    },
    cancel(reason) {
      return reader.cancel(reason);
    },
  });
}

/** At most this much of a redirect's Location is quoted. */
const MAX_LOCATION_CHARS = 200;

/** A redirect answered in the API's own error shape, so it is reported (and not retried) like any other refusal. */
async function redirectRefusal(response: Response): Promise<Response> {
  await response.body?.cancel().catch(() => {});
  const location = response.headers.get("location");
  const where = location === null ? "" : ` to ${location.length > MAX_LOCATION_CHARS ? `${location.slice(0, MAX_LOCATION_CHARS)}...` : location}`;
  const message = `the API address answered ${response.status} (a redirect${where}); model requests do not follow redirects, which would carry the API key and the conversation elsewhere. Set ANTHROPIC_BASE_URL to the address that answers`;
  // 304 may not carry a body; any other redirect status is kept as it came.
  return Response.json({ type: "error", error: { type: "redirect_error", message } }, { status: response.status === 304 ? 502 : response.status });
}

/** Wraps a fetch so that every response body it returns has the limits above, and no redirect is followed. */
export function limitedFetch(base: FetchFunction, limits: ResponseLimits = DEFAULT_RESPONSE_LIMITS): FetchFunction {
  return async (input, init) => {
    const response = await base(input, { ...init, redirect: "manual" });
    if (response.status >= 300 && response.status < 400) return redirectRefusal(response);
    if (response.body === null) return response;
    const body = response.ok ? capped(response.body, limits.maxBodyBytes, true) : capped(response.body, limits.maxErrorBodyBytes, false);
    return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
  };
}
