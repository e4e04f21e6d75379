/**
 * The `@anthropic-ai/sdk` client the agent loop talks through. It makes no retries of its own
 * (maxRetries 0: retryPolicy.ts is the one retry layer, so the two never multiply), sends the
 * credentials credentials.ts resolved and nothing it finds by itself, reads bodies with a size
 * limit, and takes an injected fetch for tests and embedders.
 */
import { BaseAnthropic } from "@anthropic-ai/sdk/client";
import { Messages } from "@anthropic-ai/sdk/resources/messages";
import type { CredentialSource, Credentials } from "./credentials.ts";
import { DEFAULT_RESPONSE_LIMITS, limitedFetch, type FetchFunction, type ResponseLimits } from "./limitedFetch.ts";

/** The per-request timeout when API_TIMEOUT_MS does not set one (the leading agent's default). */
export const DEFAULT_API_TIMEOUT_MS = 600_000;

/**
 * The SDK's base client with the Messages API alone: the stock client also builds every other
 * resource (beta, files, models, organization...), a third of a megabyte of the binary that the
 * agent loop never calls. And without its own credential lookup: given no apiKey, the stock
 * client searches profiles and config files on disk; ours sends exactly the headers it was given.
 */
export class MessagesClient extends BaseAnthropic {
  readonly messages = new Messages(this);

  protected override _shouldResolveDefaultCredentials(): boolean {
    return false;
  }
}

export interface CreateModelClientOptions {
  credentials: Credentials;
  /** The per-request timeout; API_TIMEOUT_MS or 10 minutes by default. */
  timeoutMs?: number;
  /** The fetch to use (tests, proxies, embedders); the global one by default. */
  fetch?: FetchFunction;
  /** Headers for every request (an anthropic-beta list, for instance). */
  headers?: Record<string, string>;
  responseLimits?: ResponseLimits;
  env?: Record<string, string | undefined>;
}

/** The SDK client with what streamMessage needs to know about it. */
export interface ModelClient {
  readonly anthropic: MessagesClient;
  readonly credentialSource: CredentialSource;
  readonly baseURL: string;
  /** Every attempt's limit: until the reply starts, and between two of its events. */
  readonly timeoutMs: number;
}

/** API_TIMEOUT_MS as a positive whole number of milliseconds, or the default. */
export function requestTimeoutMs(env: Record<string, string | undefined> = process.env): number {
  const text = env.API_TIMEOUT_MS?.trim();
  if (text === undefined || !/^\d+$/.test(text) || Number(text) <= 0) return DEFAULT_API_TIMEOUT_MS;
  return Number(text);
}

/** Creates the client. Cheap: make a new one when the credentials change. */
export function createModelClient(options: CreateModelClientOptions): ModelClient {
  const timeoutMs = options.timeoutMs ?? requestTimeoutMs(options.env);
  const anthropic = new MessagesClient({
    apiKey: null,
    authToken: null,
    baseURL: options.credentials.baseURL,
    maxRetries: 0,
    timeout: timeoutMs,
    fetch: limitedFetch(options.fetch ?? ((input, init) => fetch(input, init)), options.responseLimits ?? DEFAULT_RESPONSE_LIMITS),
    defaultHeaders: { ...options.headers, ...options.credentials.headers },
  });
  return { anthropic, credentialSource: options.credentials.source, baseURL: options.credentials.baseURL, timeoutMs };
}
