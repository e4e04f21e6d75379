/**
 * Model names people type: the aliases `sonnet`, `opus`, `haiku` and `fable` stand for the newest
 * model of each family in the installed SDK's list (`Model` in @anthropic-ai/sdk 1.14.0), and can
 * be pointed elsewhere with the leading agent's ANTHROPIC_DEFAULT_<FAMILY>_MODEL variables. Full
 * ids pass through. Also here: each model's context window and output cap, for modelUsage and for
 * the default max_tokens.
 */
import type { Model } from "@anthropic-ai/sdk/resources/messages";
import { findByModelId } from "./findByModelId.ts";

/**
 * The aliases and their models. `fable` points at Fable 5.2, the newest Fable the SDK lists (the
 * leading agent's docs of 2026-08 still sent it to Fable 5.1, which predates 5.2).
 */
export const MODEL_ALIASES = {
  sonnet: "claude-sonnet-5-5",
  opus: "claude-opus-5-5",
  haiku: "claude-haiku-5-5",
  fable: "claude-fable-5-2",
} as const satisfies Record<string, Model>;

export type ModelAlias = keyof typeof MODEL_ALIASES;

/** The variable that overrides each alias, as in the leading agent. */
export const ALIAS_OVERRIDE_VARIABLES: Readonly<Record<ModelAlias, string>> = {
  sonnet: "ANTHROPIC_DEFAULT_SONNET_MODEL",
  opus: "ANTHROPIC_DEFAULT_OPUS_MODEL",
  haiku: "ANTHROPIC_DEFAULT_HAIKU_MODEL",
  fable: "ANTHROPIC_DEFAULT_FABLE_MODEL",
};

function isAlias(name: string): name is ModelAlias {
  return Object.hasOwn(MODEL_ALIASES, name);
}

/**
 * The API model id for a name: an alias becomes its model (or its override), a full id stays as
 * it is. A `[1m]` tag is dropped: every current model has its 1M window without asking.
 */
export function resolveModel(name: string, env: Record<string, string | undefined> = process.env): string {
  const trimmed = name.trim().replace(/\[1m\]$/i, "");
  const lower = trimmed.toLowerCase();
  if (!isAlias(lower)) return trimmed;
  const override = env[ALIAS_OVERRIDE_VARIABLES[lower]]?.trim();
  return override === undefined || override === "" ? MODEL_ALIASES[lower] : override.replace(/\[1m\]$/i, "");
}

export interface ModelLimits {
  /** Tokens of input the model reads. */
  contextWindow: number;
  /** The most output tokens one request may ask for. */
  maxOutputTokens: number;
}

/** For ids nobody listed: the leading agent's output default for unknown models, and a 200K window. */
export const UNKNOWN_MODEL_LIMITS: ModelLimits = { contextWindow: 200_000, maxOutputTokens: 32_000 };

const ONE_MILLION_128K: ModelLimits = { contextWindow: 1_000_000, maxOutputTokens: 128_000 };
const TWO_HUNDRED_K_64K: ModelLimits = { contextWindow: 200_000, maxOutputTokens: 64_000 };

/** From the model overview pages of platform.claude.com (read 2026-12-01). */
const LIMITS: Readonly<Record<string, ModelLimits>> = {
  "claude-fable-5-2": ONE_MILLION_128K,
  "claude-fable-5-1": ONE_MILLION_128K,
  "claude-fable-5": ONE_MILLION_128K,
  "claude-mythos-5-2": ONE_MILLION_128K,
  "claude-mythos-5-1": ONE_MILLION_128K,
  "claude-mythos-5": ONE_MILLION_128K,
  "claude-mythos-preview": ONE_MILLION_128K,
  "claude-opus-5-5": ONE_MILLION_128K,
  "claude-opus-5": ONE_MILLION_128K,
  "claude-opus-4-8": ONE_MILLION_128K,
  "claude-opus-4-7": ONE_MILLION_128K,
  "claude-opus-4-6": ONE_MILLION_128K,
  "claude-opus-4-5": TWO_HUNDRED_K_64K,
  "claude-sonnet-5-5": ONE_MILLION_128K,
  "claude-sonnet-5": ONE_MILLION_128K,
  "claude-sonnet-4-6": { contextWindow: 1_000_000, maxOutputTokens: 64_000 },
  "claude-sonnet-4-5": TWO_HUNDRED_K_64K,
  "claude-haiku-5-5": ONE_MILLION_128K,
  "claude-haiku-4-5": TWO_HUNDRED_K_64K,
};

/** The model's window and output cap (aliases resolved first); UNKNOWN_MODEL_LIMITS when not listed. */
export function modelLimits(model: string, env?: Record<string, string | undefined>): ModelLimits {
  return findByModelId(LIMITS, resolveModel(model, env)) ?? UNKNOWN_MODEL_LIMITS;
}

/** Whether the model is one this table lists (for warnings about made-up ids). */
export function isKnownModel(model: string, env?: Record<string, string | undefined>): boolean {
  return findByModelId(LIMITS, resolveModel(model, env)) !== undefined;
}

/** max_tokens when TOOLSHED_MAX_OUTPUT_TOKENS does not set it (the leading agent's default, 32000). */
export const DEFAULT_MAX_OUTPUT_TOKENS = 32_000;

/**
 * The max_tokens to ask for: TOOLSHED_MAX_OUTPUT_TOKENS (a positive whole number) or 32000,
 * lowered to the model's output cap.
 */
export function defaultMaxTokens(model: string, env: Record<string, string | undefined> = process.env): number {
  const text = env.TOOLSHED_MAX_OUTPUT_TOKENS?.trim();
  const asked = text !== undefined && /^\d+$/.test(text) && Number(text) > 0 ? Number(text) : DEFAULT_MAX_OUTPUT_TOKENS;
  return Math.min(asked, modelLimits(model, env).maxOutputTokens);
}
