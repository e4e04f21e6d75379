/** Every word the model reads about Agent. */
import type { AgentDefinition } from "../../agents/agentDefinition.ts";

export const AGENT_TOOL_NAME = "Agent";
/** The name older prompts and the leading agent's init message use. */
export const AGENT_TOOL_ALIAS = "Task";

export const DESCRIPTION = "Hand a task to a sub-agent";

function describeTools(agent: AgentDefinition): string {
  if (agent.tools !== undefined) return agent.tools.join(", ");
  const without = agent.disallowedTools?.length ? ` except ${agent.disallowedTools.join(", ")}` : "";
  return agent.permissionMode === "plan" ? `every tool${without}, for reading only` : `every tool${without}`;
}

/** The prompt, listing the session's agent types. */
export function renderPrompt(agents: readonly AgentDefinition[]): string {
  const types = agents.map((agent) => `- ${agent.name}: ${agent.description} (Tools: ${describeTools(agent)})`).join("\n");
  return `Starts a sub-agent: a new conversation of its own that works on one task with its own tools and returns its final answer to you. Use it for searches and multi-step work whose details you do not need to keep in your own context, and for independent pieces of work you can run at once.

The agent types:
${types}

How to use it:
- Give subagent_type to choose a type; without it the general-purpose type is used.
- description is a few words (3 to 5) saying what the agent is for; people see it.
- prompt is everything the agent knows: it sees none of this conversation. Say what to do, what you already know, what to leave alone, and exactly what to report back (and whether it should change files or only research).
- To run several agents at once, call Agent several times in one message.
- The agent's answer comes back to you only; the person does not see it. Tell the person what matters from it.
- Trust the answer as a report of what was found or done, but check changes the agent made when they matter.
- run_in_background starts the agent and returns at once with a task id; read its answer later with TaskOutput (or stop it with TaskStop). Use it when you have other work to do meanwhile.
- model picks a model for this agent (sonnet, opus, haiku or fable); the agent type's own model, or yours, is used otherwise.`;
}
