/**
 * How long the API asks us to wait before the next attempt: `retry-after-ms` first (a number of
 * milliseconds), then `retry-after` (seconds, or an HTTP date). Anything else, zero, negative or a
 * date in the past counts as no answer, and the backoff decides.
 */

const NUMBER = /^\s*\d+(?:\.\d+)?\s*$/;

/** The wait in milliseconds, or undefined when the headers do not say. */
export function retryAfterMs(headers: Headers | undefined, now: number = Date.now()): number | undefined {
  if (headers === undefined) return undefined;
  const milliseconds = headers.get("retry-after-ms");
  if (milliseconds !== null && NUMBER.test(milliseconds)) {
    const value = Number(milliseconds);
    if (value > 0) return Math.ceil(value);
  }
  const after = headers.get("retry-after");
  if (after === null) return undefined;
  if (NUMBER.test(after)) {
    const seconds = Number(after);
    return seconds > 0 ? Math.ceil(seconds * 1000) : undefined;
  }
  const date = Date.parse(after);
  if (Number.isNaN(date)) return undefined;
  const wait = date - now;
  return wait > 0 ? wait : undefined;
}

/** The `x-should-retry` answer: true, false, or undefined when absent or unreadable. */
export function shouldRetryHeader(headers: Headers | undefined): boolean | undefined {
  const value = headers?.get("x-should-retry")?.trim().toLowerCase();
  if (value === "true") return true;
  if (value === "false") return false;
  return undefined;
}
