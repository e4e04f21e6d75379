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

/** Limits on the listing of agent types, which goes with every request: a folder of many files must not fill the context. */
export const MAX_LISTED_DESCRIPTION_CHARS = 300;
export const MAX_LISTING_CHARS = 12_000;
export const MAX_LISTED_NAMES = 100;

function shorten(text: string, max: number): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

/** One line per type while the listing fits its limit; then the names only; then a count. */
export function listAgentTypes(agents: readonly AgentDefinition[]): string {
  const lines: string[] = [];
  let length = 0;
  let index = 0;
  for (; index < agents.length; index++) {
    const agent = agents[index] as AgentDefinition;
    const line = `- ${agent.name}: ${shorten(agent.description, MAX_LISTED_DESCRIPTION_CHARS)} (Tools: ${shorten(describeTools(agent), MAX_LISTED_DESCRIPTION_CHARS)})`;
    if (length + line.length > MAX_LISTING_CHARS) break;
    lines.push(line);
    length += line.length + 1;
  }
  const rest = agents.slice(index);
  if (rest.length > 0) {
    const named = rest.slice(0, MAX_LISTED_NAMES).map((agent) => agent.name);
    const more = rest.length > named.length ? ` and ${rest.length - named.length} more` : "";
    lines.push(`- Also (no room to describe them): ${named.join(", ")}${more}`);
  }
  return lines.join("\n");
}

/** The prompt, listing the session's agent types. */
export function renderPrompt(agents: readonly AgentDefinition[]): string {
  const types = listAgentTypes(agents);
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
