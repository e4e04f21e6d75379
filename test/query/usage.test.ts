import { describe, expect, test } from "bun:test";
import { addUsage, createUsageTracker, emptyUsage } from "../../src/query/usage.ts";

describe("usage", () => {
  test("sums every count over requests", () => {
    const total = addUsage(addUsage(emptyUsage(), { input_tokens: 1, output_tokens: 2, cache_creation_input_tokens: 3, cache_read_input_tokens: 4, server_tool_use: { web_search_requests: 1 } }), {
      input_tokens: 10,
      output_tokens: 20,
      cache_creation_input_tokens: null,
      cache_read_input_tokens: 40,
      server_tool_use: null,
    });
    expect(total).toEqual({ input_tokens: 11, output_tokens: 22, cache_creation_input_tokens: 3, cache_read_input_tokens: 44, server_tool_use: { web_search_requests: 1, web_fetch_requests: 0 } });
  });

  test("the per-model breakdown has the leading agent's modelUsage shape, with cost, window and output cap", () => {
    const tracker = createUsageTracker({});
    tracker.add("claude-sonnet-4-5", { input_tokens: 1_000_000, output_tokens: 0 });
    tracker.add("claude-sonnet-4-5", { input_tokens: 0, output_tokens: 1_000_000, cache_read_input_tokens: 10 });
    tracker.add("haiku", { input_tokens: 100, output_tokens: 100, server_tool_use: { web_search_requests: 2 } });
    const summary = tracker.summary();
    expect(summary.modelUsage["claude-sonnet-4-5"]).toEqual({
      inputTokens: 1_000_000,
      outputTokens: 1_000_000,
      cacheReadInputTokens: 10,
      cacheCreationInputTokens: 0,
      webSearchRequests: 0,
      costUSD: 18.000003,
      contextWindow: 200_000,
      maxOutputTokens: 64_000,
    });
    expect(summary.modelUsage.haiku?.webSearchRequests).toBe(2);
    expect(summary.usage.input_tokens).toBe(1_000_100);
    expect(summary.totalCostUSD).toBeCloseTo(18.000003 + (100 * 0.1 + 100 * 0.5) / 1_000_000 + 0.02, 9);
    expect(summary.unpricedModels).toEqual([]);
  });

  test("a model without prices keeps costUSD null and is named, and the known costs still add up", () => {
    const tracker = createUsageTracker({});
    tracker.add("claude-sonnet-4-5", { input_tokens: 1_000_000, output_tokens: 0 });
    tracker.add("local-model", { input_tokens: 5, output_tokens: 5 });
    const summary = tracker.summary();
    expect(summary.modelUsage["local-model"]?.costUSD).toBeNull();
    expect(summary.unpricedModels).toEqual(["local-model"]);
    expect(summary.totalCostUSD).toBeCloseTo(3, 10);
  });

  test("the same message counted twice is counted once", () => {
    const tracker = createUsageTracker({});
    tracker.add("claude-sonnet-4-5", { input_tokens: 7, output_tokens: 1 }, "msg_1");
    tracker.add("claude-sonnet-4-5", { input_tokens: 7, output_tokens: 1 }, "msg_1");
    expect(tracker.summary().usage.input_tokens).toBe(7);
  });
});
