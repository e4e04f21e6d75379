/**
 * For tests of streamMessage against the local Messages API: a client pointed at the server, a
 * request body, and a runner that collects every event (and the error, if one ends the stream)
 * with waits that take no time but are recorded.
 */
import type { Message } from "@anthropic-ai/sdk/resources/messages";
import { createModelClient, type CreateModelClientOptions, type ModelClient } from "../../src/query/modelClient.ts";
import { streamMessage, type StreamMessageEvent, type StreamMessageOptions, type StreamMessageParams } from "../../src/query/streamMessage.ts";
import type { MessagesApiServer } from "./messagesApiServer.ts";

export const TEST_MODEL = "claude-sonnet-5-5";

export const PARAMS: StreamMessageParams = {
  model: TEST_MODEL,
  max_tokens: 1024,
  messages: [{ role: "user", content: "Hello" }],
};

/** A client for the server, with an API key from "ANTHROPIC_API_KEY". */
export function clientFor(server: MessagesApiServer, options: Partial<CreateModelClientOptions> = {}): ModelClient {
  return createModelClient({
    credentials: { source: "ANTHROPIC_API_KEY", headers: { "x-api-key": "test-key" }, baseURL: server.url },
    ...options,
  });
}

export interface Run {
  events: StreamMessageEvent[];
  /** The final message event, when there was one. */
  final: Extract<StreamMessageEvent, { type: "message" }> | undefined;
  message: Message | undefined;
  retries: Extract<StreamMessageEvent, { type: "retry" }>[];
  streamEvents: Extract<StreamMessageEvent, { type: "stream_event" }>[];
  /** Every wait streamMessage asked for, in milliseconds. */
  sleeps: number[];
  error: unknown;
}

/** Runs one request to the end; waits are recorded and skipped; `onEvent` sees each event as it comes. */
export async function runRequest(
  server: MessagesApiServer,
  options: Partial<StreamMessageOptions> & { onEvent?: (event: StreamMessageEvent) => void } = {},
): Promise<Run> {
  const { onEvent, ...rest } = options;
  const sleeps: number[] = [];
  const events: StreamMessageEvent[] = [];
  let error: unknown;
  try {
    for await (const event of streamMessage({
      client: clientFor(server),
      params: PARAMS,
      random: () => 0,
      env: {},
      sleep: async (ms) => {
        sleeps.push(ms);
      },
      ...rest,
    })) {
      events.push(event);
      onEvent?.(event);
    }
  } catch (caught) {
    error = caught;
  }
  const final = events.find((event): event is Extract<StreamMessageEvent, { type: "message" }> => event.type === "message");
  return {
    events,
    final,
    message: final?.message,
    retries: events.filter((event): event is Extract<StreamMessageEvent, { type: "retry" }> => event.type === "retry"),
    streamEvents: events.filter((event): event is Extract<StreamMessageEvent, { type: "stream_event" }> => event.type === "stream_event"),
    sleeps,
    error,
  };
}
