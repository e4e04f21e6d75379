/**
 * The scheduler: runs every tool_use block of one assistant message. Consecutive
 * concurrency-safe calls run in parallel (bounded); every other call runs alone, in order.
 * Results come back in the original order, one per block, whatever happens.
 */
import type { AssistantMessage, CanUseTool, Tools, ToolUseContext } from "../Tool.ts";
import { findToolByName } from "../findToolByName.ts";
import { coerceInput } from "./coerceInput.ts";
import { runToolUse, type ToolUseBlock, type ToolUseOutcome } from "./runToolUse.ts";
import { toolInputJSONSchema } from "./toolInputJSONSchema.ts";

export const DEFAULT_MAX_TOOL_CONCURRENCY = 10;

/** `TOOLSHED_MAX_TOOL_CONCURRENCY` when it is a positive whole number, else the default. */
export function maxToolConcurrency(environment: Record<string, string | undefined> = process.env): number {
  const raw = environment.TOOLSHED_MAX_TOOL_CONCURRENCY;
  if (raw === undefined || raw.trim() === "") return DEFAULT_MAX_TOOL_CONCURRENCY;
  const value = Number(raw);
  return Number.isInteger(value) && value >= 1 ? value : DEFAULT_MAX_TOOL_CONCURRENCY;
}

/** A run of calls: several concurrency-safe ones, or one that must run alone. */
export interface Batch {
  concurrent: boolean;
  indexes: number[];
}

/** True only when the tool exists, the input parses, and the tool says this input is safe. */
function isConcurrencySafeCall(toolUse: ToolUseBlock, pool: Tools): boolean {
  const tool = findToolByName(pool, toolUse.name);
  if (tool === undefined) return false;
  const parsed = tool.inputSchema.safeParse(coerceInput(toolUse.input, toolInputJSONSchema(tool)));
  if (!parsed.success) return false;
  try {
    return Boolean(tool.isConcurrencySafe(parsed.data));
  } catch {
    return false;
  }
}

/** Splits calls into batches: runs of safe calls together, every other call alone. */
export function partitionToolUses(toolUses: readonly ToolUseBlock[], pool: Tools): Batch[] {
  const batches: Batch[] = [];
  toolUses.forEach((toolUse, index) => {
    const concurrent = isConcurrencySafeCall(toolUse, pool);
    const last = batches.at(-1);
    if (concurrent && last?.concurrent) last.indexes.push(index);
    else batches.push({ concurrent, indexes: [index] });
  });
  return batches;
}

export interface RunToolsOptions {
  toolUses: readonly ToolUseBlock[];
  context: ToolUseContext;
  canUseTool: CanUseTool;
  parentMessage?: AssistantMessage;
  /** At most this many calls at once; `TOOLSHED_MAX_TOOL_CONCURRENCY` (default 10) when absent. */
  maxConcurrency?: number;
  /** Called as each result is ready (in completion order). */
  onResult?: (outcome: ToolUseOutcome, index: number) => void;
}

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

/** Runs every call of one assistant message and returns the results in order. */
export async function runTools(options: RunToolsOptions): Promise<RunToolsResult> {
  const { toolUses, canUseTool, parentMessage, onResult } = options;
  const limit = Math.max(1, Math.floor(options.maxConcurrency ?? maxToolConcurrency()));
  let context = options.context;
  const outcomes: ToolUseOutcome[] = new Array(toolUses.length);

  const runOne = async (index: number) => {
    const toolUse = toolUses[index] as ToolUseBlock;
    const outcome = await runToolUse({ toolUse, context, canUseTool, parentMessage });
    outcomes[index] = outcome;
    onResult?.(outcome, index);
    return outcome;
  };

  for (const batch of partitionToolUses(toolUses, context.options.tools)) {
    if (batch.concurrent) {
      await runBounded(batch.indexes.map((index) => async () => void (await runOne(index))), limit);
      continue;
    }
    const outcome = await runOne(batch.indexes[0] as number);
    if (outcome.contextModifier !== undefined) context = outcome.contextModifier(context);
  }
  return { outcomes, context };
}
