/** What both grep engines (ripgrep and the built-in one) take and give, so their output is the same. */

export type GrepOutputMode = "content" | "files_with_matches" | "count";

export interface GrepRequest {
  pattern: string;
  /** An absolute folder or file. */
  root: string;
  globs: readonly string[];
  type?: string;
  outputMode: GrepOutputMode;
  caseInsensitive: boolean;
  lineNumbers: boolean;
  onlyMatching: boolean;
  before: number;
  after: number;
  multiline: boolean;
  /** Content mode: stop after this many output lines (the engine may read one more to see if there are more). */
  maxLines?: number;
  signal?: AbortSignal;
  /** Stop the search after this long and return what was found (no limit when absent). */
  timeoutMs?: number;
}

export interface GrepEngineResult {
  /** files_with_matches: matching files, in no particular order. */
  files: string[];
  /** count: per file, in path order. */
  counts: Array<{ path: string; count: number }>;
  /** content: output lines in path order: `path:N:text`, `path-N-text`, or `--` between groups. */
  lines: string[];
  /** content: true when the engine stopped at maxLines with more to come. */
  moreLines: boolean;
  /** True when the search was stopped at its timeout: the result is what it found until then. */
  timedOut?: boolean;
  /** Files the built-in engine did not search because they are larger than MAX_BUILTIN_FILE_BYTES. */
  skippedLargeFiles?: number;
  /** True when the list of files (or counts) was longer than MAX_GREP_OUTPUT_CHARS and was cut. */
  listCut?: boolean;
}

/** Longer line texts are cut in content mode, by both engines alike. */
export const MAX_GREP_LINE_CHARS = 500;
/** Content mode never gathers more than this many characters, whatever head_limit says; nor file lists. */
export const MAX_GREP_OUTPUT_CHARS = 20_000_000;
/** The built-in engine reads each file whole: a larger one is skipped (and counted), so memory stays bounded. */
export const MAX_BUILTIN_FILE_BYTES = 32 * 1024 * 1024;

/** One content line as both engines print it. */
export function formatGrepLine(path: string, lineNumber: number | undefined, isMatch: boolean, text: string): string {
  const separator = isMatch ? ":" : "-";
  const clean = text.endsWith("\r") ? text.slice(0, -1) : text;
  const shown = clean.length > MAX_GREP_LINE_CHARS
    ? `${clean.slice(0, MAX_GREP_LINE_CHARS)} [... ${clean.length - MAX_GREP_LINE_CHARS} more characters]`
    : clean;
  return lineNumber === undefined ? `${path}${separator}${shown}` : `${path}${separator}${lineNumber}${separator}${shown}`;
}

/** What a search of a binary file named directly prints in content mode. */
export function binaryMatchLine(path: string): string {
  return `${path}: binary file matches (its lines are not shown)`;
}
