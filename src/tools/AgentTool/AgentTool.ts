/**
 * Agent: hands a task to a sub-agent, a conversation of its own with its type's tools, run under
 * the same permission engine and the caller's way of asking. By default the call returns the
 * sub-agent's final answer with its usage; with run_in_background it returns a task id at once.
 * Several Agent calls in one message run in parallel (it is concurrency-safe); the depth and the
 * number running at once are limited.
 */
import type * as Z from "zod/mini";
import { z } from "../../schema/zod.ts";
import { agentDefinitionsService } from "../../agents/agentDefinitionsService.ts";
import type { AgentDefinition } from "../../agents/agentDefinition.ts";
import { BUILT_IN_AGENTS, EXPLORE_AGENT_TYPE, GENERAL_AGENT_TYPE } from "../../agents/builtInAgents.ts";
import { findAgentDefinition, type AgentDefinitions } from "../../agents/loadAgentDefinitions.ts";
import { ToolError } from "../../errors/ToolError.ts";
import { MODEL_ALIASES } from "../../query/modelAliases.ts";
import { modelService, type ModelAccess } from "../../query/modelAccess.ts";
import type { UsageTotals } from "../../query/usage.ts";
import { buildTool, type ToolCallOptions, type ToolUseContext } from "../../Tool.ts";
import { launchBackgroundAgent } from "./backgroundAgent.ts";
import { AGENT_TOOL_ALIAS, AGENT_TOOL_NAME, DESCRIPTION, renderPrompt } from "./prompt.ts";
import { maxConcurrentSubagents, maxSubagentDepth, runningSubagentsService } from "./subagentLimits.ts";
import { subagentPool } from "./subagentPool.ts";
import { withoutTurnGrants } from "../../permissions/turnGrants.ts";

const MODEL_CHOICES = Object.keys(MODEL_ALIASES) as [keyof typeof MODEL_ALIASES, ...(keyof typeof MODEL_ALIASES)[]];

/** Built on first use: start-up never pays for a schema it does not need. */
const inputSchema = () => z.strictObject({
  description: z.string().check(z.trim(), z.minLength(1, "say in a few words what the agent is for"), z.describe("A short (3-5 word) description of the task")),
  prompt: z.string().check(z.minLength(1, "the prompt is the agent's whole task; it cannot be empty"), z.describe("The task for the agent to perform")),
  subagent_type: z._default(z.string().check(z.trim(), z.minLength(1, "name an agent type, or leave subagent_type out for general-purpose")), GENERAL_AGENT_TYPE)
    .check(z.describe("The type of agent to use (general-purpose when omitted)")),
  model: z.optional(z.enum(MODEL_CHOICES).check(z.describe("A model for this agent; the agent type's, or yours, otherwise"))),
  run_in_background: z.optional(z.boolean().check(z.describe("Start the agent and return at once with a task id; read its answer with TaskOutput"))),
});

type AgentInput = Z.infer<ReturnType<typeof inputSchema>>;

export interface AgentCompleted {
  status: "completed";
  agentId: string;
  agentType: string;
  content: { type: "text"; text: string }[];
  resolvedModel: string;
  totalToolUseCount: number;
  totalDurationMs: number;
  totalTokens: number;
  usage: UsageTotals;
  costUsd: number;
  prompt: string;
}

export interface AgentLaunched {
  status: "async_launched";
  agentId: string;
  agentType: string;
  taskId: string;
  description: string;
  prompt: string;
  outputFile: string;
}

export type AgentOutput = AgentCompleted | AgentLaunched;

/** The type a call names, or a refusal that lists the types there are (and files that were skipped). */
function chooseDefinition(definitions: AgentDefinitions, name: string): AgentDefinition {
  const found = findAgentDefinition(definitions, name);
  if (found !== undefined) return found;
  const skipped = definitions.problems.length === 0 ? "" : `\nThese agent files were skipped:\n${definitions.problems.map((problem) => `- ${problem}`).join("\n")}`;
  throw new ToolError(`There is no agent type "${name}". The types are: ${definitions.agents.map((agent) => agent.name).join(", ")}.${skipped}`);
}

/** The model the sub-agent talks to: the environment's override, the call's, the type's, or the caller's. */
function chooseModel(input: AgentInput, definition: AgentDefinition, context: ToolUseContext, access: ModelAccess): string {
  const caller = (context.agentDepth ?? 0) > 0 ? context.options.model : access.model;
  const override = process.env.TOOLSHED_SUBAGENT_MODEL?.trim();
  const typeModel = definition.model !== undefined && definition.model !== "inherit" ? definition.model : undefined;
  return access.resolveModel(override || input.model || typeModel || caller);
}

function newAgentId(): string {
  return `agent_${crypto.randomUUID().replaceAll("-", "").slice(0, 16)}`;
}

async function runAgent(input: AgentInput, options: ToolCallOptions): Promise<AgentOutput> {
  const { context } = options;
  const depth = (context.agentDepth ?? 0) + 1;
  const maxDepth = maxSubagentDepth();
  if (depth > maxDepth) throw new ToolError(`Sub-agents may go ${maxDepth} layers deep, and this one would be layer ${depth}; do the work here instead.`);
  const definition = chooseDefinition(context.services.use(agentDefinitionsService), input.subagent_type);
  const access = context.services.use(modelService);
  const running = context.services.use(runningSubagentsService);
  const limit = maxConcurrentSubagents();
  if (running.count >= limit) throw new ToolError(`Concurrent subagent limit reached: ${limit} sub-agents are running already. Wait for some to finish (do not retry at once).`);
  // The slot is taken in the same step as the check: calls of one parallel batch cannot all pass it.
  running.count++;
  let handedOver = false;
  try {
    const outcome = await startAgent(input, options, { definition, access, depth, maxDepth, running });
    handedOver = outcome.status === "async_launched";
    return outcome;
  } finally {
    if (!handedOver) running.count--;
  }
}

interface AgentStart {
  definition: AgentDefinition;
  access: ModelAccess;
  depth: number;
  maxDepth: number;
  /** The slot this call holds; a background agent releases it when it ends. */
  running: { count: number };
}

async function startAgent(input: AgentInput, options: ToolCallOptions, { definition, access, depth, maxDepth, running }: AgentStart): Promise<AgentOutput> {
  const { context } = options;
  const { runSubagent } = await import("./runSubagent.ts");
  const run = {
    agentId: newAgentId(),
    definition,
    model: chooseModel(input, definition, context, access),
    prompt: input.prompt,
    context,
    tools: subagentPool({ parent: context.options.tools, definition, self: AgentTool, mayStartAgents: depth < maxDepth }),
    hiddenTools: subagentPool({ parent: context.options.hiddenTools, definition, self: AgentTool, mayStartAgents: depth < maxDepth }),
    canUseTool: options.canUseTool,
    access,
    parentToolUseId: options.toolUseId,
    signal: options.signal,
  };
  if (input.run_in_background === true) {
    // It goes on after this turn ends, so what was granted for the turn only (a skill's allowed-tools) stays behind.
    const task = launchBackgroundAgent({ run: { ...run, context: withoutTurnGrants(context) }, description: input.description, running, runSubagent });
    return { status: "async_launched", agentId: run.agentId, agentType: definition.name, taskId: task.id, description: input.description, prompt: input.prompt, outputFile: task.outputPath };
  }
  const started = performance.now();
  const outcome = await runSubagent({ ...run, onEvent: (event) => options.onProgress({ forwardedEvent: event }) });
  const { result } = outcome;
  if (result.subtype !== "success") {
    const said = outcome.text.trim() === "" ? "" : `\nIts last message:\n${outcome.text.trim()}`;
    throw new ToolError(`The ${definition.name} agent stopped before it finished: ${(result.errors ?? [result.subtype]).join("; ")}.${said}`);
  }
  return {
    status: "completed",
    agentId: run.agentId,
    agentType: definition.name,
    content: [{ type: "text", text: outcome.text }],
    resolvedModel: run.model,
    totalToolUseCount: outcome.toolUseCount,
    totalDurationMs: Math.round(performance.now() - started),
    totalTokens: outcome.totalTokens,
    usage: outcome.usage,
    costUsd: outcome.costUsd,
    prompt: input.prompt,
  };
}

function resultText(output: AgentOutput): string {
  if (output.status === "async_launched") {
    return `Started the ${output.agentType} agent in the background as task ${output.taskId}. ` +
      `Its answer will be written to ${output.outputFile}; read it with TaskOutput (task_id "${output.taskId}") when you need it, or stop it with TaskStop. Meanwhile, go on with other work.`;
  }
  const answer = output.content.map((part) => part.text).join("\n").trim() || "(The agent finished without a final message.)";
  const seconds = Math.round(output.totalDurationMs / 100) / 10;
  return `${answer}\n\n(agent ${output.agentId}, ${output.agentType}: ${output.totalToolUseCount} tool call${output.totalToolUseCount === 1 ? "" : "s"}, ${output.totalTokens} tokens, ${seconds} s)`;
}

export const AgentTool = buildTool({
  name: AGENT_TOOL_NAME,
  aliases: [AGENT_TOOL_ALIAS],
  searchHint: "sub-agent delegate task parallel research",
  inputSchema,
  maxResultSizeChars: 100_000,
  // Sub-agents run side by side: each call works in its own child context.
  isConcurrencySafe: () => true,
  // The explorer can change nothing (it runs in plan mode); other types' own calls are each judged.
  isReadOnly: (input) => input.subagent_type === EXPLORE_AGENT_TYPE,
  // `Agent(Explore)` rules match the type a call starts (the default type when it names none).
  permissionSubjects: (input) => [{ kind: "named", name: input.subagent_type }],
  // Starting a sub-agent changes nothing by itself: every call it makes faces the permission engine.
  checkPermissions: async () => ({ behavior: "allow", reason: "each call the sub-agent makes is judged on its own" }),
  interruptBehavior: () => "cancel",
  userFacingName: () => AGENT_TOOL_NAME,
  getToolUseSummary: (input) => input?.description ?? null,
  description: async (input) => `Run a sub-agent: ${input.description}`,
  prompt: async (options) => renderPrompt(options.services?.use(agentDefinitionsService).agents ?? BUILT_IN_AGENTS),
  call: async (input, options) => ({ data: await runAgent(input, options) }),
  mapToolResultToToolResultBlockParam(output: AgentOutput, toolUseId) {
    return { type: "tool_result", tool_use_id: toolUseId, content: resultText(output) };
  },
});
