/**
 * The built-in search engine, used when ripgrep is not on PATH: the same walk (ignore files,
 * hidden files, globs, types), JavaScript regexes translated from ripgrep's syntax, and the
 * same output as `grepRipgrep`.
 */
import { ToolError } from "../errors/ToolError.ts";
import { readBoundedFile } from "../files/readBoundedFile.ts";
import { fileTypeMatcher, FILE_TYPES } from "./fileTypes.ts";
import { binaryMatchLine, MAX_BUILTIN_FILE_BYTES, MAX_GREP_OUTPUT_CHARS, type GrepEngineResult, type GrepRequest } from "./grepTypes.ts";
import { compileOverrideGlobs } from "./overrideGlobs.ts";
import { contentLines, countMatchGroups, findMatches } from "./searchText.ts";
import { translateRegex } from "./translateRegex.ts";
import { FileWalker } from "./walkFiles.ts";

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

/**
 * Most files are read into this one buffer. Its bytes are decoded before the next file is read
 * (nothing awaits in between), so searches running side by side cannot mix their files up.
 */
let scratch: Buffer | undefined;

/**
 * The file's bytes (a view of `scratch` for most): read within MAX_BUILTIN_FILE_BYTES, opened without blocking (a file swapped
 * for a pipe after the walk saw it cannot hang the search). Undefined for what cannot be read.
 */
function readSearchedFile(path: string, result: GrepEngineResult): Uint8Array | undefined {
  try {
    scratch ??= Buffer.allocUnsafe(256 * 1024);
    const read = readBoundedFile(path, MAX_BUILTIN_FILE_BYTES, scratch);
    if (read.kind === "read") return read.bytes;
    if (read.kind === "too-large") result.skippedLargeFiles = (result.skippedLargeFiles ?? 0) + 1;
  } catch {
    // Unreadable (gone, no permission): ripgrep skips such files too.
  }
  return undefined;
}

/** Runs a search with the built-in engine. */
export async function grepBuiltin(request: GrepRequest): Promise<GrepEngineResult> {
  const regex = translateRegex(request.pattern, { multiline: request.multiline, caseInsensitive: request.caseInsensitive });
  const result: GrepEngineResult = { files: [], counts: [], lines: [], moreLines: false };
  const deadline = request.timeoutMs === undefined ? Number.POSITIVE_INFINITY : Date.now() + request.timeoutMs;
  const walker = new FileWalker({
    root: request.root,
    overrides: compileOverrideGlobs(request.globs),
    typeFilter: typeFilter(request.type),
    signal: request.signal,
    deadline,
  });
  let characters = 0;
  let filesSinceYield = 0;
  for (let file = walker.next(); file !== undefined; file = walker.next()) {
    if (++filesSinceYield === 256) {
      filesSinceYield = 0;
      await Promise.resolve(); // let an abort be seen
      if (request.signal?.aborted) break;
    }
    if ((filesSinceYield & 15) === 0 && Date.now() > deadline) {
      result.timedOut = true;
      break;
    }
    const bytes = readSearchedFile(file.path, result);
    if (bytes === undefined) continue;
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
  if (walker.timedOut) result.timedOut = true;
  return result;
}

