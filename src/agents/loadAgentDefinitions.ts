/**
 * The sub-agent types of a session: the built-in ones, then agent files from the user's folders
 * (`~/.claude/agents/`, then toolshed's config folder's `agents/`), then the project's
 * (`.claude/agents/` and `.toolshed/agents/` in each folder from the repository root down to the
 * working folder). A later definition of a name replaces an earlier one, so the project's own
 * closest file wins. Folders are read recursively within limits; a file that is not a valid agent
 * is skipped with what is wrong.
 */
import { closeSync, constants, fstatSync, openSync, readdirSync, readSync, realpathSync } from "node:fs";
import { join, sep } from "node:path";
import { foldersDownTo } from "../query/systemPrompt/projectInstructions.ts";
import { userConfigDirectory } from "../settings/settingsPaths.ts";
import type { AgentDefinition, AgentSource } from "./agentDefinition.ts";
import { BUILT_IN_AGENTS } from "./builtInAgents.ts";
import { parseAgentFile } from "./parseAgentFile.ts";

/** Limits on what is read: agent files are small, and a folder may hold anything. */
export const MAX_AGENT_FILE_BYTES = 256 * 1024;
const MAX_AGENT_FILES = 500;
const MAX_FOLDER_DEPTH = 5;
const MAX_FOLDERS = 200;

export interface AgentDefinitions {
  /** Every type, each name once, in the order they were found (built-in first). */
  agents: AgentDefinition[];
  /** Files that were skipped, each with its path and what is wrong. */
  problems: string[];
}

/** The user's folder of the other agent's files (`CLAUDE_CONFIG_DIR`, or ~/.claude). */
function claudeUserDirectory(env: NodeJS.ProcessEnv): string {
  const override = env.CLAUDE_CONFIG_DIR;
  return override !== undefined && override !== "" ? override : join(env.HOME ?? "/", ".claude");
}

/** The folders agent files are read from, lowest precedence first. */
export function agentFolders(cwd: string, env: NodeJS.ProcessEnv = process.env): AgentFolder[] {
  const folders: AgentFolder[] = [
    { folder: join(claudeUserDirectory(env), "agents"), source: "user" },
    { folder: join(userConfigDirectory(), "agents"), source: "user" },
  ];
  for (const folder of foldersDownTo(cwd)) {
    folders.push({ folder: join(folder, ".claude", "agents"), source: "project", within: folder });
    folders.push({ folder: join(folder, ".toolshed", "agents"), source: "project", within: folder });
  }
  return folders;
}

export interface AgentFolder {
  folder: string;
  source: AgentSource;
  /** A project's folder: its agent files must really be inside it (a link out of it is refused). */
  within?: string;
}

/** Why a project's agents folder is not read: it leads out of the project. */
function leadsOutside(entry: AgentFolder): string | undefined {
  if (entry.within === undefined) return undefined;
  let real: string;
  let root: string;
  try {
    real = realpathSync(entry.folder);
    root = realpathSync(entry.within);
  } catch {
    return undefined; // Not there: nothing to read.
  }
  if (real === root || real.startsWith(`${root}${sep}`)) return undefined;
  return `is a link to ${real}, outside ${entry.within}; a project's agent files must be inside the project, so it is not read`;
}

/** The Markdown files under `folder`, sorted, within the depth, folder and file limits (symbolic links to folders are not followed). */
function markdownFiles(folder: string, depth = 0, found: string[] = [], visited = { folders: 0 }): string[] {
  if (depth > MAX_FOLDER_DEPTH || visited.folders >= MAX_FOLDERS) return found;
  visited.folders++;
  let entries: import("node:fs").Dirent[];
  try {
    entries = readdirSync(folder, { withFileTypes: true });
  } catch {
    return found;
  }
  entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const entry of entries) {
    if (found.length >= MAX_AGENT_FILES) break;
    const path = join(folder, entry.name);
    if (entry.isDirectory()) markdownFiles(path, depth + 1, found, visited);
    else if (entry.name.endsWith(".md")) found.push(path);
  }
  return found;
}

/** The file's text, or why it cannot be read (not a regular file, too large). Never blocks on a pipe. */
function readAgentText(path: string): { text: string } | { problem: string } {
  let descriptor: number | undefined;
  try {
    descriptor = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK);
    const stat = fstatSync(descriptor);
    if (!stat.isFile()) return { problem: "is not a regular file" };
    if (stat.size > MAX_AGENT_FILE_BYTES) return { problem: `is ${stat.size} bytes; agent files may be at most ${MAX_AGENT_FILE_BYTES}` };
    const buffer = Buffer.alloc(stat.size);
    const read = readSync(descriptor, buffer, 0, buffer.length, 0);
    return { text: buffer.subarray(0, read).toString("utf8") };
  } catch (error) {
    return { problem: `could not be read (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})` };
  } finally {
    if (descriptor !== undefined) closeSync(descriptor);
  }
}

/** Every agent type for a session in `cwd`. */
export function loadAgentDefinitions(cwd: string, env: NodeJS.ProcessEnv = process.env): AgentDefinitions {
  const byName = new Map<string, AgentDefinition>();
  for (const agent of BUILT_IN_AGENTS) byName.set(agent.name, agent);
  const problems: string[] = [];
  const seen = new Set<string>();
  for (const entry of agentFolders(cwd, env)) {
    const { folder, source } = entry;
    if (seen.has(folder)) continue;
    seen.add(folder);
    const outside = leadsOutside(entry);
    if (outside !== undefined) {
      problems.push(`${folder}: ${outside}`);
      continue;
    }
    for (const path of markdownFiles(folder)) {
      const read = readAgentText(path);
      if ("problem" in read) {
        problems.push(`${path}: ${read.problem}`);
        continue;
      }
      const parsed = parseAgentFile(read.text, path, source);
      if (!parsed.ok) {
        problems.push(`${path}: ${parsed.problem}`);
        continue;
      }
      for (const note of parsed.notes) problems.push(`${path}: ${note}`);
      byName.delete(parsed.agent.name);
      byName.set(parsed.agent.name, parsed.agent);
    }
  }
  return { agents: [...byName.values()], problems };
}

/** The type named exactly `name` (exactly, so an `Agent(name)` rule always names what runs). */
export function findAgentDefinition(definitions: AgentDefinitions, name: string): AgentDefinition | undefined {
  return definitions.agents.find((agent) => agent.name === name);
}
