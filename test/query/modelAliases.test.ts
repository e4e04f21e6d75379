import { describe, expect, test } from "bun:test";
import { defaultMaxTokens, isKnownModel, MODEL_ALIASES, modelLimits, resolveModel, UNKNOWN_MODEL_LIMITS } from "../../src/query/modelAliases.ts";
import { sdkModelIds } from "../helpers/sdkModels.ts";

describe("model aliases", () => {
  test("each alias names the newest model of its family in the installed SDK's list", () => {
    const ids = sdkModelIds();
    expect(ids.length).toBeGreaterThan(10);
    for (const id of Object.values(MODEL_ALIASES)) expect(ids).toContain(id);
    expect(resolveModel("sonnet", {})).toBe("claude-sonnet-5-5");
    expect(resolveModel("opus", {})).toBe("claude-opus-5-5");
    expect(resolveModel("haiku", {})).toBe("claude-haiku-5-5");
    expect(resolveModel("fable", {})).toBe("claude-fable-5-2");
  });

  test("aliases ignore case and a [1m] tag; full ids pass through as given", () => {
    expect(resolveModel(" Opus ", {})).toBe("claude-opus-5-5");
    expect(resolveModel("sonnet[1m]", {})).toBe("claude-sonnet-5-5");
    expect(resolveModel("claude-opus-4-5-20251101", {})).toBe("claude-opus-4-5-20251101");
    expect(resolveModel("claude-sonnet-4-5[1m]", {})).toBe("claude-sonnet-4-5");
    expect(resolveModel("my-gateway-model", {})).toBe("my-gateway-model");
  });

  test("ANTHROPIC_DEFAULT_<FAMILY>_MODEL points an alias elsewhere", () => {
    expect(resolveModel("haiku", { ANTHROPIC_DEFAULT_HAIKU_MODEL: "claude-haiku-4-5" })).toBe("claude-haiku-4-5");
    expect(resolveModel("opus", { ANTHROPIC_DEFAULT_OPUS_MODEL: " " })).toBe("claude-opus-5-5");
  });
});

describe("model limits", () => {
  test("every model the SDK lists has a context window and an output cap", () => {
    for (const id of sdkModelIds()) expect(isKnownModel(id, {})).toBe(true);
  });

  test("by family, with dated and provider-prefixed ids", () => {
    expect(modelLimits("sonnet", {})).toEqual({ contextWindow: 1_000_000, maxOutputTokens: 128_000 });
    expect(modelLimits("claude-haiku-4-5-20251001", {})).toEqual({ contextWindow: 200_000, maxOutputTokens: 64_000 });
    expect(modelLimits("us.anthropic.claude-sonnet-4-5-20250929-v1:0", {})).toEqual({ contextWindow: 200_000, maxOutputTokens: 64_000 });
    expect(modelLimits("claude-sonnet-4-6", {})).toEqual({ contextWindow: 1_000_000, maxOutputTokens: 64_000 });
  });

  test("an unknown model gets the conservative defaults, and a future minor version is not taken for an older one", () => {
    expect(modelLimits("gpt-9", {})).toEqual(UNKNOWN_MODEL_LIMITS);
    expect(isKnownModel("claude-sonnet-5-7", {})).toBe(false);
    expect(isKnownModel("claude-opus-4", {})).toBe(false);
  });
});

describe("the default max_tokens", () => {
  test("32000, or TOOLSHED_MAX_OUTPUT_TOKENS, lowered to the model's cap", () => {
    expect(defaultMaxTokens("sonnet", {})).toBe(32_000);
    expect(defaultMaxTokens("sonnet", { TOOLSHED_MAX_OUTPUT_TOKENS: "100000" })).toBe(100_000);
    expect(defaultMaxTokens("claude-haiku-4-5", { TOOLSHED_MAX_OUTPUT_TOKENS: "100000" })).toBe(64_000);
    expect(defaultMaxTokens("sonnet", { TOOLSHED_MAX_OUTPUT_TOKENS: "lots" })).toBe(32_000);
    expect(defaultMaxTokens("some-gateway-model", { TOOLSHED_MAX_OUTPUT_TOKENS: "50000" })).toBe(32_000);
  });
});
