/**
 * What the person typed before, per project: one JSON line per prompt in the user config folder
 * (`history.jsonl`), newest last, shared by every project and read back for this one. Reading
 * is bounded (the file's last megabyte); a file that cannot be read or written is no reason to
 * stop the session, so failures only lose history.
 */
import { appendFileSync, mkdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { readFileEnd } from "../../files/readBoundedFile.ts";
import { userConfigDirectory } from "../../settings/settingsPaths.ts";

/** How much of the end of the file is read. */
const TAIL_BYTES = 1024 * 1024;
/** How many of this project's prompts are kept for Up and Down. */
export const MAX_HISTORY = 200;
/** Longer prompts are not kept (a pasted log is not worth recalling). */
const MAX_ENTRY_CHARS = 10_000;

export interface PromptHistory {
  /** Oldest first. */
  readonly entries: readonly string[];
  add(text: string): void;
}

/** The history file: `history.jsonl` in the user config folder. */
export function historyPath(): string {
  return join(userConfigDirectory(), "history.jsonl");
}

function readTail(path: string): string {
  try {
    return readFileEnd(path, TAIL_BYTES).text;
  } catch {
    return "";
  }
}

function entryFor(line: string, project: string): string | undefined {
  try {
    const value: unknown = JSON.parse(line);
    if (typeof value !== "object" || value === null) return undefined;
    const { display, project: where } = value as { display?: unknown; project?: unknown };
    return where === project && typeof display === "string" ? display : undefined;
  } catch {
    return undefined;
  }
}

/** The history of `project` (its folder), read from `path`. */
export function openPromptHistory(project: string, path: string = historyPath()): PromptHistory {
  const entries = readTail(path).split("\n").flatMap((line) => entryFor(line, project) ?? []).slice(-MAX_HISTORY);
  return {
    entries,
    add(text) {
      // Blank, huge, or the same as the last one: nothing worth keeping.
      if (text.trim() === "" || text.length > MAX_ENTRY_CHARS || entries.at(-1) === text) return;
      entries.push(text);
      if (entries.length > MAX_HISTORY) entries.shift();
      try {
        mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
        appendFileSync(path, `${JSON.stringify({ display: text, project, timestamp: Date.now() })}\n`, { mode: 0o600 });
      } catch {
        // History is a convenience: a read-only config folder only loses it.
      }
    },
  };
}
