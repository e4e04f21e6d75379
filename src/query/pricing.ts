/**
 * What a request cost, estimated client-side from a price table (as the leading agent does).
 * Prices are US dollars per million tokens, for the models @anthropic-ai/sdk 1.14.0 lists.
 *
 * Sources, read 2026-12-01 (stored copies of the pages, so the newest changes may be missing):
 * - platform.claude.com/docs/en/about-claude/pricing ("Model pricing") for Fable 5 and 5.1, Mythos
 *   5 and 5.1, Opus 4.5 to 5, Sonnet 4.5 to 5 and Haiku 4.5; Sonnet 5 at its standard price (the
 *   introductory $2/$10 ended 2026-08-31); the overview pages
 *   (platform.claude.com/docs/en/models/<model>/overview) for Opus 5.5 and Sonnet 5.5.
 * - Sonnet 5.5's cache read at $0.10 (cut from $0.20 on 2026-10-07), Haiku 5.5's two prompt-length
 *   bands and Fable 5.2 ($8/$40, released 2026-11-09) come from release notes of tools that track
 *   the pricing page (kurofune/claudit v1.9.2, TheKrush/PromptFuel v1.0.23, archid21/rightsize
 *   v0.10.2), not from the page itself; Mythos 5.2 is priced as Fable 5.2, as each Mythos has been.
 * - Web search: $10 per 1,000 searches.
 * Not priced: claude-mythos-preview (no published price found), so its cost is unknown. Not
 * modelled: Batch API discounts, the 1.1x US-only inference multiplier, fast mode.
 */
import { findByModelId } from "./findByModelId.ts";
import { resolveModel } from "./modelAliases.ts";

/** Dollars per million tokens of each kind. */
export interface TokenPrices {
  input: number;
  output: number;
  /** Writing the prompt cache with the default 5-minute lifetime. */
  cacheWrite5m: number;
  /** Writing it with the 1-hour lifetime. */
  cacheWrite1h: number;
  cacheRead: number;
}

export interface ModelPrices extends TokenPrices {
  /** Dearer prices for a request whose prompt (input, cache reads and writes) passes the threshold. */
  longPrompt?: { thresholdTokens: number; prices: TokenPrices };
}

/** Dollars per web search request. */
export const WEB_SEARCH_PRICE_USD = 10 / 1000;

function prices(input: number, output: number, cacheWrite5m: number, cacheWrite1h: number, cacheRead: number): TokenPrices {
  return { input, output, cacheWrite5m, cacheWrite1h, cacheRead };
}

const FABLE_5_2 = prices(8, 40, 10, 16, 0.2);
const FABLE_5_1 = prices(10, 50, 12.5, 20, 0.25);
const FABLE_5 = prices(10, 50, 12.5, 20, 1);
const OPUS_4_5_TO_5 = prices(5, 25, 6.25, 10, 0.5);
const SONNET_STANDARD = prices(3, 15, 3.75, 6, 0.3);

export const MODEL_PRICES: Readonly<Record<string, ModelPrices>> = {
  "claude-fable-5-2": FABLE_5_2,
  "claude-mythos-5-2": FABLE_5_2,
  "claude-fable-5-1": FABLE_5_1,
  "claude-mythos-5-1": FABLE_5_1,
  "claude-fable-5": FABLE_5,
  "claude-mythos-5": FABLE_5,
  "claude-opus-5-5": prices(4, 20, 5, 8, 0.2),
  "claude-opus-5": OPUS_4_5_TO_5,
  "claude-opus-4-8": OPUS_4_5_TO_5,
  "claude-opus-4-7": OPUS_4_5_TO_5,
  "claude-opus-4-6": OPUS_4_5_TO_5,
  "claude-opus-4-5": OPUS_4_5_TO_5,
  "claude-sonnet-5-5": prices(2, 10, 2.5, 4, 0.1),
  "claude-sonnet-5": SONNET_STANDARD,
  "claude-sonnet-4-6": SONNET_STANDARD,
  "claude-sonnet-4-5": SONNET_STANDARD,
  "claude-haiku-5-5": {
    ...prices(0.1, 0.5, 0.125, 0.2, 0.01),
    longPrompt: { thresholdTokens: 100_000, prices: prices(0.5, 2.5, 0.625, 1, 0.05) },
  },
  "claude-haiku-4-5": prices(1, 5, 1.25, 2, 0.1),
};

/** The usage fields pricing reads: the API's Usage, or a sum of them. */
export interface PricedUsage {
  input_tokens: number;
  output_tokens: number;
  cache_creation_input_tokens?: number | null;
  cache_read_input_tokens?: number | null;
  cache_creation?: { ephemeral_5m_input_tokens?: number | null; ephemeral_1h_input_tokens?: number | null } | null;
  server_tool_use?: { web_search_requests?: number | null; web_fetch_requests?: number | null } | null;
}

/** The model's prices (aliases and dated ids resolved), or undefined for a model not in the table. */
export function pricesFor(model: string, env?: Record<string, string | undefined>): ModelPrices | undefined {
  return findByModelId(MODEL_PRICES, resolveModel(model, env));
}

/**
 * The cost in dollars of one request's usage, or undefined for a model without prices (never a
 * silent 0). Cache writes count at the 1-hour price as far as the usage says they were 1-hour ones.
 */
export function costOfUsage(model: string, usage: PricedUsage, env?: Record<string, string | undefined>): number | undefined {
  const table = pricesFor(model, env);
  if (table === undefined) return undefined;
  const cacheWrites = usage.cache_creation_input_tokens ?? 0;
  const cacheReads = usage.cache_read_input_tokens ?? 0;
  const written1h = Math.min(usage.cache_creation?.ephemeral_1h_input_tokens ?? 0, cacheWrites);
  const written5m = cacheWrites - written1h;
  const prompt = usage.input_tokens + cacheWrites + cacheReads;
  const rates = table.longPrompt !== undefined && prompt > table.longPrompt.thresholdTokens ? table.longPrompt.prices : table;
  const tokens =
    usage.input_tokens * rates.input +
    usage.output_tokens * rates.output +
    written5m * rates.cacheWrite5m +
    written1h * rates.cacheWrite1h +
    cacheReads * rates.cacheRead;
  return tokens / 1_000_000 + (usage.server_tool_use?.web_search_requests ?? 0) * WEB_SEARCH_PRICE_USD;
}
