/** What a sub-agent type is: its name, when to use it, the tools it gets, its model and its instructions. */
import type { PermissionMode } from "../permissions/types.ts";

/** Where a definition came from; a higher place wins a name clash. */
export type AgentSource = "built-in" | "user" | "project";

export interface AgentDefinition {
  /** What `subagent_type` names it by: lowercase letters, digits and hyphens. */
  name: string;
  /** When the model should hand work to it. */
  description: string;
  /** The tools it may use, as names or MCP prefixes (`mcp__server`, `mcp__server__*`); every tool a sub-agent may have when absent. */
  tools?: readonly string[];
  /** Tools taken away, applied before `tools`. */
  disallowedTools?: readonly string[];
  /** An alias (sonnet, opus, haiku, fable), a full model id, or `inherit` (the caller's model, the default). */
  model?: string;
  /** The system prompt of its conversation. */
  systemPrompt: string;
  /** A mode it is held to, whatever the session's mode (the explorer's is `plan`: it can change nothing). */
  permissionMode?: PermissionMode;
  /** Tool-use turns it may take before it is stopped. */
  maxTurns?: number;
  /** Whether the project's instruction files (TOOLSHED.md, CLAUDE.md, ...) are part of its prompt. */
  readsProjectInstructions: boolean;
  source: AgentSource;
  /** The file it was read from; absent for built-in types. */
  path?: string;
}

/** The name rule for agent types. */
export const AGENT_NAME_PATTERN = /^[a-z0-9][a-z0-9-]*$/;
