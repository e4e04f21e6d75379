/**
 * One agent file: Markdown with frontmatter (`name`, `description`, and optionally `tools`,
 * `disallowedTools`, `model`, `maxTurns`), the body being the agent's system prompt. A file that
 * is not a valid agent is refused with what is wrong, so the person can fix it.
 */
import { parseFrontmatter } from "../markdown/frontmatter.ts";
import { listField } from "../markdown/listField.ts";
import { AGENT_NAME_PATTERN, type AgentDefinition, type AgentSource } from "./agentDefinition.ts";

export type AgentFileResult = { ok: true; agent: AgentDefinition; notes: string[] } | { ok: false; problem: string };

/** Longer descriptions are cut: every one is part of the Agent tool's text. Fields toolshed does not use (color, memory, hooks, ...) are accepted and ignored. */
const MAX_DESCRIPTION_CHARS = 2000;
export const MAX_AGENT_NAME_CHARS = 64;

function list(fields: { [key: string]: unknown }, key: string): readonly string[] | undefined | string {
  const value = listField(fields[key]);
  if (value !== undefined && !Array.isArray(value)) return `${key}: ${value.problem}`;
  return value;
}

/** `Bash(git log:*)` as the tool name it starts with. */
function nameOnly(entry: string): string {
  const open = entry.indexOf("(");
  return (open === -1 ? entry : entry.slice(0, open)).trim();
}

/** Reads the text of the file at `path`. */
export function parseAgentFile(text: string, path: string, source: AgentSource): AgentFileResult {
  const parsed = parseFrontmatter(text);
  if (!parsed.ok) return { ok: false, problem: parsed.reason };
  const fields: { [key: string]: unknown } = parsed.data;
  const name = fields.name;
  if (typeof name !== "string" || name.trim() === "") return { ok: false, problem: "name: an agent file needs a name (lowercase letters, digits and hyphens)" };
  if (name.trim().length > MAX_AGENT_NAME_CHARS) return { ok: false, problem: `name: "${name.trim().slice(0, 80)}..." is longer than ${MAX_AGENT_NAME_CHARS} characters` };
  if (!AGENT_NAME_PATTERN.test(name.trim())) return { ok: false, problem: `name: "${name}" may hold only lowercase letters, digits and hyphens, and must not start with a hyphen` };
  const description = fields.description;
  if (typeof description !== "string" || description.trim() === "") return { ok: false, problem: "description: an agent file needs a description saying when to use it" };
  const tools = list(fields, "tools");
  if (typeof tools === "string") return { ok: false, problem: tools };
  const disallowedTools = list(fields, "disallowedTools");
  if (typeof disallowedTools === "string") return { ok: false, problem: disallowedTools };
  const model = fields.model;
  if (model !== undefined && (typeof model !== "string" || model.trim() === "")) return { ok: false, problem: "model: must be sonnet, opus, haiku, fable, inherit or a model id" };
  const maxTurnsText = fields.maxTurns;
  const maxTurns = typeof maxTurnsText === "string" && /^\d+$/.test(maxTurnsText.trim()) ? Number(maxTurnsText) : undefined;
  if (maxTurnsText !== undefined && (maxTurns === undefined || maxTurns < 1)) {
    return { ok: false, problem: "maxTurns: must be a whole number of at least 1" };
  }
  const notes: string[] = [];
  const withRules = [...(tools ?? []), ...(disallowedTools ?? [])].filter((entry) => entry.includes("("));
  if (withRules.length > 0) {
    notes.push(`tools: ${withRules.join(", ")}: an agent's tools are tool names; the part in parentheses is ignored and the whole tool is meant (permission rules narrow what it may run)`);
  }
  const toolNames = tools?.map(nameOnly);
  const disallowedNames = disallowedTools?.map(nameOnly);
  const mode = fields.permissionMode;
  if (mode !== undefined && mode !== "plan" && mode !== "default") {
    notes.push(`permissionMode: ${JSON.stringify(mode)} is ignored: an agent file can hold its agent to plan (read-only), but it never loosens the session's mode`);
  }
  const body = parsed.body.trim();
  if (body === "") return { ok: false, problem: "the file has no body: the text after the frontmatter is the agent's instructions" };
  return {
    ok: true,
    agent: {
      name: name.trim(),
      description: description.trim().slice(0, MAX_DESCRIPTION_CHARS),
      ...(toolNames === undefined ? {} : { tools: toolNames }),
      ...(disallowedNames === undefined ? {} : { disallowedTools: disallowedNames }),
      ...(typeof model === "string" ? { model: model.trim() } : {}),
      ...(typeof maxTurns === "number" ? { maxTurns } : {}),
      ...(mode === "plan" ? { permissionMode: "plan" as const } : {}),
      systemPrompt: body,
      readsProjectInstructions: true,
      source,
      path,
    },
    notes,
  };
}
