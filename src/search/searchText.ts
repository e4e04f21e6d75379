/** Finds a regex's matches in one file's text and turns them into Grep's output for that file. */
import { formatGrepLine, type GrepRequest } from "./grepTypes.ts";

export interface TextMatch {
  /** 1-based first and last line the match covers. */
  startLine: number;
  endLine: number;
  /** Text of each covered line's part of the match (for -o). */
  parts: string[];
}

/** Start offset of every line. */
function lineStarts(text: string): number[] {
  const starts = [0];
  for (let at = text.indexOf("\n"); at !== -1; at = text.indexOf("\n", at + 1)) starts.push(at + 1);
  return starts;
}

function lineAt(starts: readonly number[], offset: number): number {
  let low = 0;
  let high = starts.length - 1;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if ((starts[middle] as number) <= offset) low = middle;
    else high = middle - 1;
  }
  return low + 1;
}

/** Every match of `regex` (global) in `text`, with the lines it covers. */
export function findMatches(text: string, regex: RegExp, limit = Number.POSITIVE_INFINITY): { matches: TextMatch[]; lines: string[] } | undefined {
  regex.lastIndex = 0;
  let match = regex.exec(text);
  if (match === null) return undefined;
  const starts = lineStarts(text);
  const lines = text.split("\n");
  if (lines.at(-1) === "") lines.pop();
  const matches: TextMatch[] = [];
  while (match !== null && matches.length < limit) {
    const index = match.index;
    const length = match[0].length;
    // An empty match after the final line end is not on a line.
    if (!(length === 0 && index === text.length && (text.endsWith("\n") || text === ""))) {
      const startLine = lineAt(starts, index);
      const endLine = length === 0 ? startLine : lineAt(starts, index + length - 1);
      matches.push({ startLine, endLine, parts: match[0].split("\n") });
    }
    if (length === 0) regex.lastIndex = index + 1;
    match = regex.exec(text);
  }
  return matches.length === 0 ? undefined : { matches, lines };
}

/** Matches grouped the way ripgrep reports them: matches that share a line form one group. */
export function countMatchGroups(matches: readonly TextMatch[], multiline: boolean): number {
  if (!multiline) return new Set(matches.map((match) => match.startLine)).size;
  let groups = 0;
  let lastLine = 0;
  for (const match of matches) {
    if (match.startLine > lastLine) groups++;
    lastLine = Math.max(lastLine, match.endLine);
  }
  return groups;
}

/** Content-mode lines for one file; `needSeparator` says a group was printed before this file. */
export function contentLines(options: {
  path: string;
  lines: readonly string[];
  matches: readonly TextMatch[];
  request: GrepRequest;
  needSeparator: boolean;
}): string[] {
  const { path, lines, matches, request } = options;
  const number = (line: number) => (request.lineNumbers ? line : undefined);
  const matchParts = new Map<number, string[]>();
  for (const match of matches) {
    for (let line = match.startLine; line <= match.endLine; line++) {
      const parts = matchParts.get(line) ?? [];
      const part = match.parts[line - match.startLine];
      if (part !== undefined && part !== "") parts.push(part);
      matchParts.set(line, parts);
    }
  }
  const matchLines = [...matchParts.keys()].sort((a, b) => a - b);
  const out: string[] = [];
  const withContext = request.before > 0 || request.after > 0;
  let printedUpTo = 0;
  let first = true;
  for (let index = 0; index < matchLines.length; index++) {
    const line = matchLines[index] as number;
    const from = Math.max(1, line - request.before, printedUpTo + 1);
    if (withContext && from > printedUpTo + 1 && (!first || options.needSeparator)) out.push("--");
    else if (withContext && first && options.needSeparator) out.push("--");
    first = false;
    for (let context = from; context < line; context++) {
      if (!matchParts.has(context)) out.push(formatGrepLine(path, number(context), false, lines[context - 1] ?? ""));
    }
    if (request.onlyMatching) {
      for (const part of matchParts.get(line) ?? []) out.push(formatGrepLine(path, number(line), true, part));
    } else out.push(formatGrepLine(path, number(line), true, lines[line - 1] ?? ""));
    printedUpTo = line;
    const nextMatch = matchLines[index + 1] ?? Number.POSITIVE_INFINITY;
    const to = Math.min(lines.length, line + request.after, nextMatch - 1);
    for (let context = line + 1; context <= to; context++) out.push(formatGrepLine(path, number(context), false, lines[context - 1] ?? ""));
    printedUpTo = Math.max(printedUpTo, to);
  }
  return out;
}
