/**
 * The built-in search engine, used when ripgrep is not on PATH: the same walk (ignore files,
 * hidden files, globs, types), JavaScript regexes translated from ripgrep's syntax, and the
 * same output as `grepRipgrep`.
 */
import { readFileSync } from "node:fs";
import { ToolError } from "../errors/ToolError.ts";
import { fileTypeMatcher, FILE_TYPES } from "./fileTypes.ts";
import { binaryMatchLine, MAX_GREP_OUTPUT_CHARS, type GrepEngineResult, type GrepRequest } from "./grepTypes.ts";
import { compileOverrideGlobs } from "./overrideGlobs.ts";
import { contentLines, countMatchGroups, findMatches } from "./searchText.ts";
import { translateRegex } from "./translateRegex.ts";
import { walkFiles } from "./walkFiles.ts";

/** ripgrep decides a file is binary from the first buffer it reads. */
const BINARY_SNIFF_BYTES = 64 * 1024;
const decoder = new TextDecoder();

/** The text to search: a walked binary file is skipped; text after a late NUL byte is not searched. */
function searchableText(bytes: Uint8Array, explicit: boolean): { text: string; binary: boolean } | undefined {
  const nul = bytes.indexOf(0);
  if (nul === -1) return { text: decoder.decode(bytes), binary: false };
  if (explicit) return { text: decoder.decode(bytes).replaceAll("\0", "\n"), binary: true };
  if (nul < BINARY_SNIFF_BYTES) return undefined;
  const lineStart = bytes.lastIndexOf(0x0a, nul) + 1;
  return { text: decoder.decode(bytes.subarray(0, lineStart)), binary: false };
}

function typeFilter(type: string | undefined): ((name: string) => boolean) | undefined {
  if (type === undefined) return undefined;
  const matcher = fileTypeMatcher(type);
  if (matcher === undefined) {
    throw new ToolError(`Unknown file type "${type}". The built-in search knows: ${Object.keys(FILE_TYPES).join(", ")}. Use glob for other files.`);
  }
  return matcher;
}

/** Runs a search with the built-in engine. */
export async function grepBuiltin(request: GrepRequest): Promise<GrepEngineResult> {
  const regex = translateRegex(request.pattern, { multiline: request.multiline, caseInsensitive: request.caseInsensitive });
  const result: GrepEngineResult = { files: [], counts: [], lines: [], moreLines: false };
  const walk = walkFiles({
    root: request.root,
    overrides: compileOverrideGlobs(request.globs),
    typeFilter: typeFilter(request.type),
    signal: request.signal,
  });
  let characters = 0;
  let filesSinceYield = 0;
  for (const file of walk) {
    if (++filesSinceYield === 256) {
      filesSinceYield = 0;
      await Promise.resolve(); // let an abort be seen
      if (request.signal?.aborted) break;
    }
    let bytes: Uint8Array;
    try {
      bytes = readFileSync(file.path);
    } catch {
      continue;
    }
    const searchable = searchableText(bytes, file.explicit);
    if (searchable === undefined) continue;
    if (request.outputMode === "files_with_matches") {
      regex.lastIndex = 0;
      if (regex.test(searchable.text)) result.files.push(file.path);
      continue;
    }
    const found = findMatches(searchable.text, regex);
    if (found === undefined) continue;
    if (request.outputMode === "count") {
      result.counts.push({ path: file.path, count: countMatchGroups(found.matches, request.multiline) });
      continue;
    }
    const lines = searchable.binary
      ? [binaryMatchLine(file.path)]
      : contentLines({ path: file.path, lines: found.lines, matches: found.matches, request, needSeparator: result.lines.length > 0 });
    for (const line of lines) {
      if (request.maxLines !== undefined && result.lines.length >= request.maxLines) {
        result.moreLines = true;
        return result;
      }
      result.lines.push(line);
      characters += line.length + 1;
      if (characters > MAX_GREP_OUTPUT_CHARS) {
        result.moreLines = true;
        return result;
      }
    }
  }
  return result;
}

