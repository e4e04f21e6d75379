/**
 * One sub-agent's run: a child context with the type's pool (and its mode, for a read-only type),
 * the type's system prompt with the environment (and the project's instruction files, unless the
 * type leaves them out), the task as the only user message, and the agent loop under the same
 * permission engine and the caller's way of asking. Every event is passed to `onEvent` as it
 * happens; usage is counted in the sub-agent's own totals and the caller's at once.
 */
import { join } from "node:path";
import type { AgentDefinition } from "../../agents/agentDefinition.ts";
import type { QueryEvent, ResultEvent } from "../../query/events.ts";
import { createChildAccounting } from "../../query/childAccounting.ts";
import type { ModelAccess } from "../../query/modelAccess.ts";
import { runTurns } from "../../query/runTurns.ts";
import { buildSystemPrompt } from "../../query/systemPrompt/buildSystemPrompt.ts";
import { readEnvironment } from "../../query/systemPrompt/environmentInfo.ts";
import { readProjectInstructions } from "../../query/systemPrompt/projectInstructions.ts";
import { TranscriptWriter } from "../../query/transcript/TranscriptWriter.ts";
import type { UsageTotals } from "../../query/usage.ts";
import { createChildContext } from "../../session/createChildContext.ts";
import type { CanUseTool, Tools, ToolUseContext } from "../../Tool.ts";
import { todoListService } from "../TodoWriteTool/todoList.ts";

export interface SubagentRun {
  agentId: string;
  definition: AgentDefinition;
  /** The resolved model id the sub-agent talks to. */
  model: string;
  prompt: string;
  /** The caller's context (the Agent call's own). */
  context: ToolUseContext;
  tools: Tools;
  /** Tools the sub-agent reaches through a tool that hosts others (REPL mode). */
  hiddenTools: Tools;
  canUseTool: CanUseTool;
  access: ModelAccess;
  /** The Agent call's id: the sub-agent's events carry it as parent_tool_use_id. */
  parentToolUseId: string;
  signal: AbortSignal;
  onEvent?: (event: QueryEvent) => void;
}

export interface SubagentOutcome {
  result: ResultEvent;
  /** The text of its last answer (also when it stopped early). */
  text: string;
  toolUseCount: number;
  totalTokens: number;
  usage: UsageTotals;
  costUsd: number;
  transcriptPath: string;
}

function totalTokens(usage: UsageTotals): number {
  return usage.input_tokens + usage.output_tokens + usage.cache_creation_input_tokens + usage.cache_read_input_tokens;
}

/** Runs the sub-agent to its end; never throws for what happens inside its conversation. */
export async function runSubagent(run: SubagentRun): Promise<SubagentOutcome> {
  const { definition, context } = run;
  const child = createChildContext(context, {
    tools: run.tools,
    hiddenTools: run.hiddenTools,
    agentId: run.agentId,
    model: run.model,
    signal: run.signal,
    ...(definition.permissionMode === undefined ? {} : { permissionMode: definition.permissionMode }),
  });
  const environment = await readEnvironment(context.cwd, context.getAppState().toolPermissionContext.additionalDirectories);
  const system = buildSystemPrompt({
    replacement: definition.systemPrompt,
    environment,
    instructions: definition.readsProjectInstructions ? readProjectInstructions(context.cwd) : [],
  });
  const accounting = createChildAccounting(run.access.accounting);
  const transcriptPath = join(context.sessionDirectory, "subagents", `${run.agentId}.jsonl`);
  const transcript = new TranscriptWriter(transcriptPath, context.sessionId, context.cwd, null, (text) => context.onWarning?.(text));
  const messages = [{ role: "user" as const, content: run.prompt }];
  transcript.append("user", messages[0] as { role: "user"; content: string });
  let toolUseCount = 0;
  let lastText = "";
  const turns = runTurns({
    context: child,
    canUseTool: run.canUseTool,
    messages,
    model: { ...run.access, model: run.model, accounting },
    system,
    ...(definition.maxTurns === undefined ? {} : { maxTurns: definition.maxTurns }),
    transcript,
    parentToolUseId: run.parentToolUseId,
    stopHook: { event: "SubagentStop", agentId: run.agentId, agentType: definition.name },
    signal: child.abortController.signal,
  });
  let step = await turns.next();
  while (!step.done) {
    const event = step.value;
    if (event.type === "assistant") {
      toolUseCount += event.message.content.filter((block) => block.type === "tool_use").length;
      const text = event.message.content.flatMap((block) => (block.type === "text" ? [block.text] : [])).join("");
      if (text.trim() !== "") lastText = text;
    }
    if (event.type !== "stream_event") run.onEvent?.(event);
    step = await turns.next();
  }
  const result = step.value;
  // Its todo list was its own work plan; it ends with it.
  context.services.use(todoListService).set(run.agentId, []);
  const summary = accounting.usage.summary();
  return {
    result,
    text: result.subtype === "success" ? result.result : lastText,
    toolUseCount,
    totalTokens: totalTokens(summary.usage),
    usage: summary.usage,
    costUsd: summary.totalCostUSD,
    transcriptPath,
  };
}
