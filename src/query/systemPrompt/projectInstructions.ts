/**
 * The project's own instruction files: TOOLSHED.md, AGENTS.md and CLAUDE.md in every folder from
 * the repository root (or the working folder, outside a repository) down to the working folder,
 * after the user's own file in the config folder. Each file is read with a size limit.
 */
import { closeSync, existsSync, openSync, readSync, statSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { userConfigDirectory } from "../../settings/settingsPaths.ts";

/** The names read in each folder, in this order. */
export const INSTRUCTION_FILE_NAMES = ["TOOLSHED.md", "AGENTS.md", "CLAUDE.md"] as const;

/** Longest part of one file that is used; the rest is cut with a note. */
export const MAX_INSTRUCTION_FILE_BYTES = 64 * 1024;

/** One instruction file as the model sees it. */
export interface InstructionFile {
  path: string;
  text: string;
  truncated: boolean;
}

/** The folders from the repository root (the folder holding `.git`) down to `cwd`; just `cwd` outside one. */
export function foldersDownTo(cwd: string): string[] {
  const chain: string[] = [];
  for (let folder = cwd; ; folder = dirname(folder)) {
    chain.unshift(folder);
    if (existsSync(join(folder, ".git"))) return chain;
    if (dirname(folder) === folder) return [cwd];
  }
}

function readLimited(path: string): InstructionFile | undefined {
  let descriptor: number | undefined;
  try {
    if (!statSync(path).isFile()) return undefined;
    descriptor = openSync(path, "r");
    const buffer = Buffer.alloc(MAX_INSTRUCTION_FILE_BYTES + 1);
    const read = readSync(descriptor, buffer, 0, buffer.length, 0);
    const truncated = read > MAX_INSTRUCTION_FILE_BYTES;
    const text = buffer.subarray(0, Math.min(read, MAX_INSTRUCTION_FILE_BYTES)).toString("utf8").trim();
    return text === "" ? undefined : { path, text, truncated };
  } catch {
    return undefined;
  } finally {
    if (descriptor !== undefined) closeSync(descriptor);
  }
}

/** Every instruction file that applies to `cwd`, the user's first, then from the root down. */
export function readProjectInstructions(cwd: string, configDirectory: string = userConfigDirectory()): InstructionFile[] {
  const files: InstructionFile[] = [];
  const seen = new Set<string>();
  const add = (path: string) => {
    if (seen.has(path)) return;
    seen.add(path);
    const file = readLimited(path);
    if (file !== undefined) files.push(file);
  };
  for (const name of INSTRUCTION_FILE_NAMES) add(join(configDirectory, name));
  for (const folder of foldersDownTo(cwd)) for (const name of INSTRUCTION_FILE_NAMES) add(join(folder, name));
  return files;
}

/** How one file is shown: its path (relative to the working folder when inside it) and its text. */
export function formatInstructionFile(file: InstructionFile, cwd: string): string {
  const shown = file.path.startsWith(`${cwd}/`) ? relative(cwd, file.path) : file.path;
  const note = file.truncated ? `\n(cut at ${MAX_INSTRUCTION_FILE_BYTES / 1024} KB)` : "";
  return `<instructions path="${shown}">\n${file.text}${note}\n</instructions>`;
}
