/**
 * When the loop compacts on its own: once the last answer's prompt (input, cache reads and cache
 * writes) passes a share of the model's usable window (its context window less the output asked
 * for), the conversation is compacted before the next request. TOOLSHED_AUTOCOMPACT_PCT_OVERRIDE
 * (a percentage, like the leading agent's CLAUDE_AUTOCOMPACT_PCT_OVERRIDE) moves that share.
 * Also: which failures mean the prompt no longer fits, so a compaction may rescue the request.
 */
import type { Usage } from "@anthropic-ai/sdk/resources/messages";
import { ModelRequestError } from "./ModelRequestError.ts";
import { modelLimits } from "./modelAliases.ts";

/** The share of the usable window, in percent, at which the loop compacts. */
export const AUTOCOMPACT_DEFAULT_PERCENT = 90;

/** What the loop remembers about the conversation's size from one run to the next. */
export interface ContextWindowState {
  /** The prompt size of the last answer, in tokens (unknown before the first). */
  lastPromptTokens?: number;
}

/** The percentage in force: the override when it is a number above 0 and at most 100, else the default. */
export function autoCompactPercent(env: Record<string, string | undefined> = process.env): number {
  const text = env.TOOLSHED_AUTOCOMPACT_PCT_OVERRIDE?.trim();
  const value = text === undefined || text === "" ? Number.NaN : Number(text);
  return Number.isFinite(value) && value > 0 && value <= 100 ? value : AUTOCOMPACT_DEFAULT_PERCENT;
}

/** The prompt size, in tokens, past which a conversation with `model` is compacted. */
export function autoCompactThreshold(model: string, maxOutputTokens: number, env: Record<string, string | undefined> = process.env): number {
  const usable = Math.max(modelLimits(model, env).contextWindow - maxOutputTokens, 0);
  return Math.floor((usable * autoCompactPercent(env)) / 100);
}

/** The prompt of an answer, in tokens: what the conversation took up when it was sent. */
export function promptTokensOf(usage: Pick<Usage, "input_tokens" | "cache_read_input_tokens" | "cache_creation_input_tokens">): number {
  return usage.input_tokens + (usage.cache_read_input_tokens ?? 0) + (usage.cache_creation_input_tokens ?? 0);
}

/** True when a request failed because its prompt is longer than the model's window. */
export function isPromptTooLong(error: unknown): boolean {
  if (!(error instanceof ModelRequestError)) return false;
  if (error.status === 413) return true;
  return error.status === 400 && /prompt is too long|context (window|length)|too many (input )?tokens/i.test(error.error.message);
}
