/** Grep's text for the model, the same whichever engine searched. */
import { statSync } from "node:fs";
import { MAX_BUILTIN_FILE_BYTES, type GrepEngineResult, type GrepOutputMode } from "../../search/grepTypes.ts";
import { GREP_TIMEOUT_MS } from "./limits.ts";

export interface GrepOutput {
  mode: GrepOutputMode;
  result: GrepEngineResult;
  offset: number;
  /** 0: no limit. */
  headLimit: number;
}

function page<T>(items: readonly T[], offset: number, headLimit: number): { shown: T[]; more: boolean } {
  const end = headLimit === 0 ? items.length : offset + headLimit;
  return { shown: items.slice(offset, end), more: items.length > end };
}

function pagingNote(offset: number, headLimit: number, count: number, more: boolean): string {
  if (!more) return offset > 0 ? `\n(Skipped the first ${offset}.)` : "";
  return `\n(Showing ${count} from offset ${offset}; there are more. Pass offset=${offset + count} to see the next ${headLimit}, or narrow the search.)`;
}

/** Newest first; equal times by path, so the order is stable. */
export function sortByModifiedTime(paths: readonly string[]): string[] {
  const timed = paths.map((path) => {
    let mtimeMs = 0;
    try {
      mtimeMs = statSync(path).mtimeMs;
    } catch {
      // Gone since the search: keep it last.
    }
    return { path, mtimeMs };
  });
  timed.sort((a, b) => b.mtimeMs - a.mtimeMs || (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  return timed.map((entry) => entry.path);
}

/**
 * The engine's result in the order Grep shows it: a list of files newest first. Done once, when
 * the call ends, because the result is mapped again for the terminal and mapping reads no files.
 */
export function orderGrepResult(result: GrepEngineResult, mode: GrepOutputMode): GrepEngineResult {
  return mode === "files_with_matches" ? { ...result, files: sortByModifiedTime(result.files) } : result;
}

/** What the result leaves out, said after it: a timeout, files too large, a list cut short. */
function incompleteNotes(result: GrepEngineResult): string {
  const notes: string[] = [];
  if (result.timedOut) {
    notes.push(`The search was stopped after ${GREP_TIMEOUT_MS / 1000} seconds: these are the results found until then. Narrow the path, glob or type to search the rest.`);
  }
  const skipped = result.skippedLargeFiles ?? 0;
  if (skipped > 0) {
    notes.push(`${skipped} file${skipped === 1 ? " larger than" : "s larger than"} ${MAX_BUILTIN_FILE_BYTES / 1024 / 1024} MB ${skipped === 1 ? "was" : "were"} not searched (the built-in engine reads files whole); install ripgrep to search ${skipped === 1 ? "it" : "them"}.`);
  }
  if (result.listCut) notes.push("The list of results was too long to gather and was cut; narrow the search.");
  return notes.map((note) => `\n(${note})`).join("");
}

/** The model's text for a search result, with what it leaves out. */
export function formatGrepOutput(output: GrepOutput): string {
  return formatResult(output) + incompleteNotes(output.result);
}

function formatResult({ mode, result, offset, headLimit }: GrepOutput): string {
  if (mode === "files_with_matches") {
    if (result.files.length === 0) return "No files found";
    const { shown, more } = page(result.files, offset, headLimit);
    if (shown.length === 0) return `No files past offset ${offset} (${result.files.length} files matched).`;
    const noun = result.files.length === 1 ? "file" : "files";
    return `Found ${result.files.length} ${noun}\n${shown.join("\n")}${pagingNote(offset, headLimit, shown.length, more)}`;
  }
  if (mode === "count") {
    if (result.counts.length === 0) return "No matches found";
    const { shown, more } = page(result.counts, offset, headLimit);
    const total = result.counts.reduce((sum, entry) => sum + entry.count, 0);
    const lines = shown.map((entry) => `${entry.path}:${entry.count}`).join("\n");
    const summary = `Found ${total} total ${total === 1 ? "occurrence" : "occurrences"} across ${result.counts.length} ${result.counts.length === 1 ? "file" : "files"}.`;
    return `${lines}${pagingNote(offset, headLimit, shown.length, more)}\n\n${summary}`;
  }
  if (result.lines.length === 0) return "No matches found";
  const shown = result.lines.slice(offset);
  if (shown.length === 0) return `No lines past offset ${offset}.`;
  return shown.join("\n") + pagingNote(offset, headLimit, shown.length, result.moreLines);
}
