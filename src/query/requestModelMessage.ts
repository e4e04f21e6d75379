/**
 * One helper request to the session's model (a tool asking a model something: WebFetch reading a
 * page, WebSearch searching): streamed through the run's client with its retries, waited for
 * until the message is whole, and counted in the run's usage and API time like every other
 * request.
 */
import type { Message } from "@anthropic-ai/sdk/resources/messages";
import type { ModelAccess } from "./modelAccess.ts";
import type { ModelRequest } from "./modelTypes.ts";

/** The assistant message for `request`; its usage is already counted. Throws what callModel throws. */
export async function requestModelMessage(access: ModelAccess, request: ModelRequest, signal: AbortSignal): Promise<{ message: Message; incomplete?: string }> {
  let message: Message | undefined;
  let incomplete: string | undefined;
  const started = performance.now();
  try {
    for await (const event of access.callModel(request, signal)) {
      if (event.type !== "message") continue;
      message = event.message;
      incomplete = event.incomplete?.reason;
    }
  } finally {
    access.accounting.apiMilliseconds += performance.now() - started;
  }
  if (message === undefined) throw new Error(`the answer of ${request.model} ended before it was complete`);
  access.accounting.usage.add(message.model || request.model, message.usage, message.id);
  return incomplete === undefined ? { message } : { message, incomplete };
}
