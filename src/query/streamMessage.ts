/**
 * One model request, streamed, with retries: an async generator of events for the agent loop.
 * Every raw stream event is passed on as it arrives; before each retry comes a `retry` event;
 * the last event is the assembled assistant message. A request is tried again only while no
 * content block of its reply has completed: after that, a failure keeps what completed (a tool
 * call cut off midway is dropped) and marks the message incomplete, so nothing is replayed and
 * no tool runs twice. An abort ends everything at once with AbortError.
 */
import type { Message, MessageCreateParamsBase, RawMessageStreamEvent } from "@anthropic-ai/sdk/resources/messages";
import { raceAbort } from "../pipeline/raceAbort.ts";
import { abortableSleep } from "./abortableSleep.ts";
import { AbortError, throwIfAborted } from "./AbortError.ts";
import { classifyModelError, StreamEndedEarlyError } from "./classifyModelError.ts";
import { MessageAccumulator } from "./MessageAccumulator.ts";
import type { ModelClient } from "./modelClient.ts";
import { describeFailure, modelRequestError } from "./ModelRequestError.ts";
import { errorInfoOf, type ApiErrorInfo, type ModelFailure } from "./modelFailure.ts";
import { decideRetry, resolveRetryPolicy, type RetryPolicy } from "./retryPolicy.ts";

/** The request body, without `stream` (always true here). */
export type StreamMessageParams = Omit<MessageCreateParamsBase, "stream">;

export interface StreamMessageOptions {
  client: ModelClient;
  params: StreamMessageParams;
  /** Ends the request, its retries and its waits at once. */
  signal?: AbortSignal;
  /** Overrides of the retry policy (the rest from the defaults and TOOLSHED_MAX_RETRIES). */
  retry?: Partial<RetryPolicy>;
  /** Each attempt's limit until the reply starts and between its events; the client's by default. */
  timeoutMs?: number;
  /** Each attempt's limit for the whole reply, however steadily it comes (REPLY_DEADLINE_MS, or timeoutMs when that is longer). */
  replyDeadlineMs?: number;
  /** How to wait between attempts (tests pass a fast one); must honour the signal or be raced with it. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** Jitter source, 0 to 1. */
  random?: () => number;
  /** The clock, for retry-after dates. */
  now?: () => number;
  env?: Record<string, string | undefined>;
}

/** What streamMessage yields. */
export type StreamMessageEvent =
  /**
   * A raw event of the reply, as the API sent it. Events of an attempt that is then retried have
   * already been passed on: a `retry` event means whatever they showed is to be discarded.
   */
  | { type: "stream_event"; event: RawMessageStreamEvent; attempt: number }
  /** A retry is about to happen after `delayMs` (the `system/api_retry` line). `attempt` counts retries from 1. */
  | { type: "retry"; attempt: number; maxRetries: number; delayMs: number; error: ApiErrorInfo }
  /** The assistant message; `incomplete` when the stream failed after some blocks completed. */
  | { type: "message"; message: Message; attempts: number; requestId?: string; incomplete?: { reason: string; error: ApiErrorInfo } };

type AttemptResult =
  | { outcome: "message"; message: Message; requestId: string | undefined }
  | { outcome: "aborted"; cause: unknown }
  | { outcome: "failed"; failure: ModelFailure; partial: MessageAccumulator };

/**
 * The longest one reply may take in all: the largest reply (128K tokens) at a slow 40 tokens a
 * second takes under an hour. A server that drips events just inside the silence limit is cut off here.
 */
export const REPLY_DEADLINE_MS = 60 * 60 * 1000;

async function* attemptRequest(options: StreamMessageOptions, attempt: number, timeoutMs: number): AsyncGenerator<StreamMessageEvent, AttemptResult> {
  const controller = new AbortController();
  const onAbort = () => controller.abort();
  options.signal?.addEventListener("abort", onAbort, { once: true });
  // One timer for the whole attempt, re-armed by every event of the reply; time the loop spends on an event
  // we have handed it does not count as the API's silence.
  let timedOut = false;
  let withConsumer = false;
  const timer = setTimeout(function expire() {
    if (withConsumer) timer.refresh();
    else {
      timedOut = true;
      controller.abort();
    }
  }, timeoutMs);
  // The request's own socket keeps the process alive while it waits; the timer need not.
  timer.unref();
  const accumulator = new MessageAccumulator();
  let requestId: string | undefined;
  // The whole reply's limit counts the API's time only, as the silence timer does.
  const deadlineMs = options.replyDeadlineMs ?? Math.max(REPLY_DEADLINE_MS, timeoutMs);
  const begun = performance.now();
  let consumerMs = 0;
  let pastDeadline = false;
  try {
    const { data: stream, response } = await options.client.anthropic.messages
      .create({ ...options.params, stream: true }, { signal: controller.signal, maxRetries: 0, timeout: timeoutMs })
      .withResponse();
    requestId = response.headers.get("request-id") ?? undefined;
    for await (const event of stream) {
      if (performance.now() - begun - consumerMs > deadlineMs) {
        pastDeadline = true;
        controller.abort();
        break;
      }
      // Only the reply's own events show it is coming: a stream of events of other types (or
      // of nothing but pings) runs out the timer like silence does.
      const progress = accumulator.add(event);
      if (progress) timer.refresh();
      withConsumer = true;
      const handed = performance.now();
      yield { type: "stream_event", event, attempt };
      consumerMs += performance.now() - handed;
      withConsumer = false;
      if (progress) timer.refresh();
    }
    // The SDK ends its stream quietly when the request is aborted.
    if (controller.signal.aborted) throw new AbortError();
    const message = accumulator.message();
    if (!accumulator.stopped || message === undefined) {
      throw new StreamEndedEarlyError("the stream ended before the reply did (no message_stop)");
    }
    return { outcome: "message", message, requestId };
  } catch (error) {
    if (options.signal?.aborted === true) return { outcome: "aborted", cause: error };
    const failure: ModelFailure | undefined = pastDeadline
      ? { kind: "timeout", message: `the reply was still coming after ${deadlineMs} ms`, deadlineMs }
      : timedOut
      ? { kind: "timeout", message: `no answer within ${timeoutMs} ms` }
      : classifyModelError(error, options.now?.() ?? Date.now());
    // Not an API or network failure: a bug of ours, thrown on with its stack and never retried.
    if (failure === undefined) throw error;
    if (failure.requestId === undefined && requestId !== undefined) failure.requestId = requestId;
    return { outcome: "failed", failure, partial: accumulator };
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener("abort", onAbort);
    // Lets go of the connection when the loop stopped reading early.
    controller.abort();
  }
}

async function wait(options: StreamMessageOptions, delayMs: number): Promise<void> {
  const sleep = options.sleep ?? abortableSleep;
  if (options.signal === undefined) return sleep(delayMs);
  if ((await raceAbort(sleep(delayMs, options.signal), options.signal)) === "aborted") throw new AbortError();
}

function incompleteReason(failure: ModelFailure, blocks: number, timeoutMs: number): string {
  return (
    `The reply broke off after ${blocks} complete content block${blocks === 1 ? "" : "s"} (${describeFailure(failure, { timeoutMs })}). ` +
    "What arrived is kept and the request was not sent again, so the reply may be incomplete."
  );
}

/** Streams one model request with retries; see the module comment. Throws ModelRequestError or AbortError. */
export async function* streamMessage(options: StreamMessageOptions): AsyncGenerator<StreamMessageEvent, void> {
  const policy = resolveRetryPolicy(options.retry, options.env);
  const timeoutMs = options.timeoutMs ?? options.client.timeoutMs;
  let waitedMs = 0;
  for (let attempt = 1; ; attempt += 1) {
    throwIfAborted(options.signal);
    const result = yield* attemptRequest(options, attempt, timeoutMs);
    if (result.outcome === "message") {
      yield { type: "message", message: result.message, attempts: attempt, ...(result.requestId === undefined ? {} : { requestId: result.requestId }) };
      return;
    }
    if (result.outcome === "aborted") throw new AbortError(undefined, { cause: result.cause });
    const { failure, partial } = result;
    const kept = partial.message(true);
    if (kept !== undefined && partial.completedBlocks > 0) {
      const incomplete = { reason: incompleteReason(failure, partial.completedBlocks, timeoutMs), error: errorInfoOf(failure) };
      yield { type: "message", message: kept, attempts: attempt, ...(failure.requestId === undefined ? {} : { requestId: failure.requestId }), incomplete };
      return;
    }
    const decision = decideRetry({ failure, retriesSoFar: attempt - 1, waitedMs, policy, random: options.random });
    if (!decision.retry) {
      throw modelRequestError(failure, decision, {
        model: options.params.model,
        credentialSource: options.client.credentialSource,
        baseURL: options.client.baseURL,
        timeoutMs,
        attempts: attempt,
        maxRetryAfterMs: policy.maxRetryAfterMs,
        maxTotalWaitMs: policy.maxTotalWaitMs,
      });
    }
    yield { type: "retry", attempt, maxRetries: policy.maxRetries, delayMs: decision.delayMs, error: errorInfoOf(failure) };
    await wait(options, decision.delayMs);
    waitedMs += decision.delayMs;
  }
}
