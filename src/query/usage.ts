/**
 * Usage summed over the requests of a run: the totals (the result's `usage`) and the per-model
 * breakdown shaped like the leading agent's `modelUsage`. Cost is priced request by request,
 * because a price can depend on the size of one request's prompt; a model without prices keeps
 * `costUSD: null` and is named in `unpricedModels`, so an unknown cost is never shown as 0.
 */
import { modelLimits } from "./modelAliases.ts";
import { costOfUsage, type PricedUsage } from "./pricing.ts";

/** The usage fields summed (the result line's `usage`). */
export interface UsageTotals {
  input_tokens: number;
  output_tokens: number;
  cache_creation_input_tokens: number;
  cache_read_input_tokens: number;
  server_tool_use: { web_search_requests: number; web_fetch_requests: number };
}

/** One model's share, in the leading agent's `modelUsage` shape. */
export interface ModelUsage {
  inputTokens: number;
  outputTokens: number;
  cacheReadInputTokens: number;
  cacheCreationInputTokens: number;
  webSearchRequests: number;
  /** Null when the model has no prices. */
  costUSD: number | null;
  contextWindow: number;
  maxOutputTokens: number;
}

/** A request's usage as the API reports it (the SDK's Usage fits). */
export type RequestUsage = PricedUsage;

export interface UsageSummary {
  usage: UsageTotals;
  modelUsage: Record<string, ModelUsage>;
  /** The sum of the costs that are known. */
  totalCostUSD: number;
  /** Models whose cost is not in totalCostUSD because they have no prices. */
  unpricedModels: string[];
}

/** All zeros. */
export function emptyUsage(): UsageTotals {
  return {
    input_tokens: 0,
    output_tokens: 0,
    cache_creation_input_tokens: 0,
    cache_read_input_tokens: 0,
    server_tool_use: { web_search_requests: 0, web_fetch_requests: 0 },
  };
}

/** The sum of two usages, as a new object. */
export function addUsage(total: UsageTotals, usage: RequestUsage): UsageTotals {
  return {
    input_tokens: total.input_tokens + usage.input_tokens,
    output_tokens: total.output_tokens + usage.output_tokens,
    cache_creation_input_tokens: total.cache_creation_input_tokens + (usage.cache_creation_input_tokens ?? 0),
    cache_read_input_tokens: total.cache_read_input_tokens + (usage.cache_read_input_tokens ?? 0),
    server_tool_use: {
      web_search_requests: total.server_tool_use.web_search_requests + (usage.server_tool_use?.web_search_requests ?? 0),
      web_fetch_requests: total.server_tool_use.web_fetch_requests + (usage.server_tool_use?.web_fetch_requests ?? 0),
    },
  };
}

/** Sums usage over requests; add each request's usage once. */
export interface UsageTracker {
  /** Adds one request's usage. With a message id, a second add for the same id is ignored. */
  add(model: string, usage: RequestUsage, messageId?: string): void;
  summary(): UsageSummary;
}

/** A tracker with nothing added yet. */
export function createUsageTracker(env?: Record<string, string | undefined>): UsageTracker {
  let total = emptyUsage();
  const perModel = new Map<string, ModelUsage>();
  const seen = new Set<string>();
  return {
    add(model, usage, messageId) {
      if (messageId !== undefined) {
        if (seen.has(messageId)) return;
        seen.add(messageId);
      }
      total = addUsage(total, usage);
      const limits = modelLimits(model, env);
      const entry = perModel.get(model) ?? {
        inputTokens: 0,
        outputTokens: 0,
        cacheReadInputTokens: 0,
        cacheCreationInputTokens: 0,
        webSearchRequests: 0,
        costUSD: 0,
        contextWindow: limits.contextWindow,
        maxOutputTokens: limits.maxOutputTokens,
      };
      const cost = costOfUsage(model, usage, env);
      perModel.set(model, {
        ...entry,
        inputTokens: entry.inputTokens + usage.input_tokens,
        outputTokens: entry.outputTokens + usage.output_tokens,
        cacheReadInputTokens: entry.cacheReadInputTokens + (usage.cache_read_input_tokens ?? 0),
        cacheCreationInputTokens: entry.cacheCreationInputTokens + (usage.cache_creation_input_tokens ?? 0),
        webSearchRequests: entry.webSearchRequests + (usage.server_tool_use?.web_search_requests ?? 0),
        costUSD: cost === undefined || entry.costUSD === null ? null : entry.costUSD + cost,
      });
    },
    summary() {
      const modelUsage = Object.fromEntries(perModel);
      const entries = [...perModel.entries()];
      return {
        usage: addUsage(emptyUsage(), total),
        modelUsage,
        totalCostUSD: entries.reduce((sum, [, entry]) => sum + (entry.costUSD ?? 0), 0),
        unpricedModels: entries.filter(([, entry]) => entry.costUSD === null).map(([model]) => model),
      };
    },
  };
}
