import { describe, expect, test } from "bun:test";
import { costOfUsage, MODEL_PRICES, pricesFor } from "../../src/query/pricing.ts";
import { sdkModelIds } from "../helpers/sdkModels.ts";

const MILLION = 1_000_000;

describe("pricing", () => {
  test("a known model: input, output, cache writes and reads at their own prices", () => {
    const cost = costOfUsage("claude-sonnet-4-5", {
      input_tokens: MILLION,
      output_tokens: MILLION,
      cache_creation_input_tokens: MILLION,
      cache_read_input_tokens: MILLION,
    });
    expect(cost).toBeCloseTo(3 + 15 + 3.75 + 0.3, 10);
  });

  test("1-hour cache writes cost the 1-hour price, as far as the usage says", () => {
    const cost = costOfUsage("claude-opus-4-5", {
      input_tokens: 0,
      output_tokens: 0,
      cache_creation_input_tokens: 3 * MILLION,
      cache_creation: { ephemeral_5m_input_tokens: MILLION, ephemeral_1h_input_tokens: 2 * MILLION },
    });
    expect(cost).toBeCloseTo(6.25 + 2 * 10, 10);
  });

  test("web searches are priced per request", () => {
    expect(costOfUsage("claude-haiku-4-5", { input_tokens: 0, output_tokens: 0, server_tool_use: { web_search_requests: 3 } })).toBeCloseTo(0.03, 10);
  });

  test("dated ids, aliases and provider prefixes find their model", () => {
    const usage = { input_tokens: MILLION, output_tokens: 0 };
    expect(costOfUsage("claude-haiku-4-5-20251001", usage)).toBeCloseTo(1, 10);
    expect(costOfUsage("opus", usage, {})).toBeCloseTo(4, 10);
    expect(costOfUsage("anthropic.claude-opus-4-6-v1", usage)).toBeCloseTo(5, 10);
    expect(costOfUsage("claude-sonnet-5-5[1m]", usage)).toBeCloseTo(2, 10);
  });

  test("Haiku 5.5 costs more per token for a prompt over 100K tokens", () => {
    expect(costOfUsage("claude-haiku-5-5", { input_tokens: 100_000, output_tokens: 0 })).toBeCloseTo(0.01, 10);
    expect(costOfUsage("claude-haiku-5-5", { input_tokens: 50_000, output_tokens: 10_000, cache_read_input_tokens: 60_000 })).toBeCloseTo(
      (50_000 * 0.5 + 10_000 * 2.5 + 60_000 * 0.05) / MILLION,
      10,
    );
  });

  test("an unknown model has no cost (undefined), never a silent 0", () => {
    expect(costOfUsage("claude-made-up-9", { input_tokens: 10, output_tokens: 10 })).toBeUndefined();
    expect(costOfUsage("gpt-5", { input_tokens: 10, output_tokens: 10 })).toBeUndefined();
    expect(costOfUsage("claude-sonnet-5-7", { input_tokens: 10, output_tokens: 10 })).toBeUndefined();
    expect(pricesFor("claude-mythos-preview")).toBeUndefined();
  });

  test("every model the SDK lists has prices, except the one without a published price", () => {
    const unpriced = sdkModelIds().filter((id) => pricesFor(id) === undefined);
    expect(unpriced).toEqual(["claude-mythos-preview"]);
    for (const prices of Object.values(MODEL_PRICES)) {
      expect(prices.cacheRead).toBeLessThan(prices.input);
      expect(prices.cacheWrite5m).toBeGreaterThan(prices.input);
      expect(prices.cacheWrite1h).toBeGreaterThan(prices.cacheWrite5m);
    }
  });
});
