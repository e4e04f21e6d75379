/** What made a request worth another try, as the retry notices say it: the API's answer, or that none came. */
import type { ApiRetryEvent } from "./events.ts";

/** "the API answered 529 (Overloaded)", or "the request failed (no answer within 2000 ms)" when no status came back. */
export function describeRetryCause(event: Pick<ApiRetryEvent, "error_status" | "message">): string {
  return event.error_status === null ? `the request failed (${event.message})` : `the API answered ${event.error_status} (${event.message})`;
}
