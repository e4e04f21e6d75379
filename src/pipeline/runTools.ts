/**
 * The scheduler: runs every tool_use block of one assistant message. Consecutive
 * concurrency-safe calls run in parallel (bounded); every other call runs alone, in order.
 * Results come back in the original order, one per block, whatever happens. Context modifiers
 * are applied in call order: a call's before the next batch starts, a parallel batch's after
 * the whole batch.
 */
import type { AssistantMessage, CanUseTool, Tools, ToolUseContext } from "../Tool.ts";
import { logError } from "../errors/logError.ts";
import { findToolByName } from "../findToolByName.ts";
import { exceedsDepth } from "./exceedsDepth.ts";
import { isConcurrencySafeCall } from "./isConcurrencySafeCall.ts";
import { MAX_INPUT_DEPTH } from "./limits.ts";
import { parseToolInput } from "./parseToolInput.ts";
import { runToolUse, type ToolUseBlock, type ToolUseOutcome } from "./runToolUse.ts";

/** How many concurrency-safe calls run at once when nothing says otherwise. */
export const DEFAULT_MAX_TOOL_CONCURRENCY = 10;

/**
 * `TOOLSHED_MAX_TOOL_CONCURRENCY` when it is a positive whole number written in decimal digits
 * ("8", not "1e1" or "0x8"), else the default.
 */
export function maxToolConcurrency(environment: Record<string, string | undefined> = process.env): number {
  const raw = environment.TOOLSHED_MAX_TOOL_CONCURRENCY?.trim() ?? "";
  const value = /^\d+$/.test(raw) ? Number(raw) : 0;
  return Number.isSafeInteger(value) && value >= 1 ? value : DEFAULT_MAX_TOOL_CONCURRENCY;
}

/** A run of calls: several concurrency-safe ones, or one that must run alone. */
export interface Batch {
  concurrent: boolean;
  indexes: number[];
}

/** True only when the tool exists, the input parses, and the tool says this input is safe. */
function isConcurrencySafeToolUse(toolUse: ToolUseBlock, pool: Tools): boolean {
  const tool = findToolByName(pool, toolUse.name);
  if (tool === undefined || exceedsDepth(toolUse.input, MAX_INPUT_DEPTH)) return false;
  const parsed = parseToolInput(tool, toolUse.input);
  return parsed.success && isConcurrencySafeCall(tool, parsed.data);
}

/** Splits calls into batches: runs of safe calls together, every other call alone. */
export function partitionToolUses(toolUses: readonly ToolUseBlock[], pool: Tools): Batch[] {
  // A lone call runs alone whatever it is: no need to parse its input twice.
  if (toolUses.length === 1) return [{ concurrent: false, indexes: [0] }];
  const batches: Batch[] = [];
  toolUses.forEach((toolUse, index) => {
    const concurrent = isConcurrencySafeToolUse(toolUse, pool);
    const last = batches.at(-1);
    if (concurrent && last?.concurrent) last.indexes.push(index);
    else batches.push({ concurrent, indexes: [index] });
  });
  return batches;
}

/** The calls of one assistant message and the session they run in. */
export interface RunToolsOptions {
  toolUses: readonly ToolUseBlock[];
  context: ToolUseContext;
  canUseTool: CanUseTool;
  parentMessage?: AssistantMessage;
  /** At most this many calls at once; `TOOLSHED_MAX_TOOL_CONCURRENCY` (default 10) when absent.
   *  Anything below 1 (or not a number) means one at a time. */
  maxConcurrency?: number;
  /** Called as each result is ready (in completion order); a throw here is logged, not raised. */
  onResult?: (outcome: ToolUseOutcome, index: number) => void;
}

/** Every call's outcome, and the context the next turn continues with. */
export interface RunToolsResult {
  /** One outcome per tool_use block, in the original order. */
  outcomes: ToolUseOutcome[];
  /** The context after every context modifier was applied. */
  context: ToolUseContext;
}

/** Runs `tasks` with at most `limit` in flight at once. */
async function runBounded(tasks: Array<() => Promise<void>>, limit: number): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < tasks.length) {
      const task = tasks[next++];
      if (task !== undefined) await task();
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, tasks.length) }, worker));
}

/** The modified context, or the same one when the tool's modifier throws (a bug, logged). */
function applyContextModifier(outcome: ToolUseOutcome, context: ToolUseContext): ToolUseContext {
  try {
    return outcome.contextModifier?.(context) ?? context;
  } catch (error) {
    logError(error, context.sessionDirectory, `${outcome.tool?.name ?? "tool"} context modifier`);
    return context;
  }
}

/** Runs every call of one assistant message and returns the results in order. */
export async function runTools(options: RunToolsOptions): Promise<RunToolsResult> {
  const { toolUses, canUseTool, parentMessage, onResult } = options;
  const requested = options.maxConcurrency ?? maxToolConcurrency();
  // NaN fails the comparison too, so a nonsense limit runs the calls one by one.
  const limit = requested >= 1 ? Math.floor(requested) : 1;
  let context = options.context;
  const outcomes: ToolUseOutcome[] = new Array(toolUses.length);

  const runOne = async (index: number) => {
    const toolUse = toolUses[index] as ToolUseBlock;
    const outcome = await runToolUse({ toolUse, context, canUseTool, parentMessage });
    outcomes[index] = outcome;
    try {
      onResult?.(outcome, index);
    } catch (error) {
      logError(error, context.sessionDirectory, "runTools onResult");
    }
    return outcome;
  };

  for (const batch of partitionToolUses(toolUses, context.options.tools)) {
    if (batch.concurrent) await runBounded(batch.indexes.map((index) => async () => void (await runOne(index))), limit);
    else await runOne(batch.indexes[0] as number);
    for (const index of batch.indexes) {
      const outcome = outcomes[index];
      if (outcome?.contextModifier !== undefined) context = applyContextModifier(outcome, context);
    }
  }
  return { outcomes, context };
}
