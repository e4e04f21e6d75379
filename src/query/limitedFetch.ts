/**
 * A fetch whose response bodies are read with a size limit: the SDK reads error bodies whole and
 * buffers stream lines as they come, so without this a broken or hostile endpoint could make it
 * hold any amount. Error bodies are cut short (the status still counts); a success body that runs
 * past its limit fails the stream.
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

/** Wraps a fetch so that every response body it returns has the limits above. */
export function limitedFetch(base: FetchFunction, limits: ResponseLimits = DEFAULT_RESPONSE_LIMITS): FetchFunction {
  return async (input, init) => {
    const response = await base(input, init);
    if (response.body === null) return response;
    const body = response.ok ? capped(response.body, limits.maxBodyBytes, true) : capped(response.body, limits.maxErrorBodyBytes, false);
    return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
  };
}
