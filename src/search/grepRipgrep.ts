/**
 * Runs a search with ripgrep (no shell: arguments are passed as a list, and the pattern after
 * `-e`, so a pattern starting with "-" is still a pattern) and reshapes its output into the
 * form the built-in engine gives.
 */
import { statSync } from "node:fs";
import { dirname } from "node:path";
import { errorCode } from "../errors/fileSystemErrorMessage.ts";
import { ToolError } from "../errors/ToolError.ts";
import { trackChildProcess, untrackChildProcess } from "../tasks/processGroups.ts";
import { closeScratchFile, openScratchFile, readScratchFile } from "./scratchFile.ts";
import { binaryMatchLine, formatGrepLine, MAX_GREP_OUTPUT_CHARS, type GrepEngineResult, type GrepRequest } from "./grepTypes.ts";

const MATCH_SEPARATOR = "\x1fM";
const CONTEXT_SEPARATOR = "\x1fC";

/** The path of `rg`, unless TOOLSHED_GREP_ENGINE=builtin asks for the built-in engine. */
export function findRipgrep(environment: Record<string, string | undefined> = process.env): string | undefined {
  if (environment.TOOLSHED_GREP_ENGINE === "builtin") return undefined;
  return Bun.which("rg", { PATH: environment.PATH ?? "" }) ?? undefined;
}

/** ripgrep's arguments for a request. */
export function ripgrepArguments(request: GrepRequest): string[] {
  const args = ["--no-config", "--no-ignore-global", "--no-messages", "--color", "never"];
  if (request.outputMode === "files_with_matches") args.push("--files-with-matches");
  else {
    args.push("--sort", "path", "--with-filename");
    if (request.outputMode === "count") args.push("--count");
    else {
      args.push("--field-match-separator", MATCH_SEPARATOR, "--field-context-separator", CONTEXT_SEPARATOR);
      args.push(request.lineNumbers ? "--line-number" : "--no-line-number");
      if (request.onlyMatching) args.push("--only-matching");
      if (request.after > 0) args.push("--after-context", String(request.after));
      if (request.before > 0) args.push("--before-context", String(request.before));
    }
  }
  if (request.caseInsensitive) args.push("--ignore-case");
  if (request.multiline) args.push("--multiline", "--multiline-dotall");
  for (const glob of request.globs) args.push("--glob", glob);
  if (request.type !== undefined) args.push("--type", request.type);
  args.push("--regexp", request.pattern, "--", request.root);
  return args;
}

/** One line of ripgrep's content output in the common form, or undefined for a line to drop. */
function reshapeContentLine(line: string, request: GrepRequest): string | undefined {
  if (line === "--") return line;
  const matchAt = line.indexOf(MATCH_SEPARATOR);
  const contextAt = line.indexOf(CONTEXT_SEPARATOR);
  if (matchAt === -1 && contextAt === -1) {
    // "path: binary file matches (...)" for a binary file named directly; warnings are dropped.
    return line.includes(": binary file matches") ? binaryMatchLine(request.root) : undefined;
  }
  const isMatch = contextAt === -1 || (matchAt !== -1 && matchAt < contextAt);
  const separator = isMatch ? MATCH_SEPARATOR : CONTEXT_SEPARATOR;
  const at = isMatch ? matchAt : contextAt;
  const path = line.slice(0, at);
  let rest = line.slice(at + separator.length);
  let lineNumber: number | undefined;
  if (request.lineNumbers) {
    const end = rest.indexOf(separator);
    lineNumber = Number(rest.slice(0, end));
    rest = rest.slice(end + separator.length);
  }
  return formatGrepLine(path, lineNumber, isMatch, rest);
}

/** Starts ripgrep; arguments the system cannot pass (too long: E2BIG) are a ToolError. */
function spawnRipgrep(rgPath: string, request: GrepRequest, cwd: string, scratch: number | undefined) {
  try {
    return Bun.spawn([rgPath, ...ripgrepArguments(request)], { cwd, stdin: "ignore", stdout: scratch ?? "pipe", stderr: "pipe" });
  } catch (error) {
    if (errorCode(error) === "E2BIG") {
      throw new ToolError("The search's pattern and globs are too long to pass to ripgrep (E2BIG). Use a shorter pattern, or several searches.");
    }
    throw error;
  }
}

/** Runs ripgrep at `rgPath` for the request. */
export async function grepRipgrep(rgPath: string, request: GrepRequest): Promise<GrepEngineResult> {
  // ripgrep anchors globs with a "/" at its working folder: make that the search root.
  const cwd = statSync(request.root).isDirectory() ? request.root : dirname(request.root);
  // A list of files or counts has a line per file and is read whole, so it goes through a file;
  // content can be long and stops early at maxLines, so it streams through a pipe.
  const scratch = request.outputMode === "content" ? undefined : openScratchFile();
  let child: ReturnType<typeof spawnRipgrep>;
  try {
    child = spawnRipgrep(rgPath, request, cwd, scratch);
  } catch (error) {
    if (scratch !== undefined) closeScratchFile(scratch);
    throw error;
  }
  // Stopped with toolshed: a SIGTERM must not leave a search running on its own.
  trackChildProcess(child.pid);
  void child.exited.then(() => untrackChildProcess(child.pid));
  const onAbort = () => child.kill();
  request.signal?.addEventListener("abort", onAbort, { once: true });
  let timedOut = false;
  const timer = request.timeoutMs === undefined ? undefined : setTimeout(() => {
    timedOut = true;
    child.kill();
  }, request.timeoutMs);
  const result: GrepEngineResult = { files: [], counts: [], lines: [], moreLines: false };
  const stderrText = new Response(child.stderr).text();
  let stopped = false;
  let characters = 0;
  const take = (line: string) => {
    if (request.outputMode === "files_with_matches") result.files.push(line);
    else if (request.outputMode === "count") {
      const colon = line.lastIndexOf(":");
      result.counts.push({ path: line.slice(0, colon), count: Number(line.slice(colon + 1)) });
    } else {
      const shaped = reshapeContentLine(line, request);
      if (shaped === undefined) return;
      if ((request.maxLines !== undefined && result.lines.length >= request.maxLines) || characters > MAX_GREP_OUTPUT_CHARS) {
        result.moreLines = true;
        stopped = true;
        return;
      }
      result.lines.push(shaped);
      characters += shaped.length + 1;
    }
  };
  try {
    if (scratch !== undefined) {
      await child.exited;
      const { text, cut } = readScratchFile(scratch, MAX_GREP_OUTPUT_CHARS);
      const lines = text.split("\n");
      // A cut (or a search stopped mid-line) leaves a partial last line: it is dropped.
      if (lines.at(-1) === "" || cut || timedOut) lines.pop();
      for (const line of lines) take(line);
      if (cut) result.listCut = true;
      if (timedOut) result.timedOut = true;
      return await finish(child, result, stderrText, timedOut);
    }
    const stdout = child.stdout as ReadableStream<Uint8Array>;
    const decoder = new TextDecoder();
    let pending = "";
    for await (const chunk of stdout) {
      pending += decoder.decode(chunk, { stream: true });
      let newline = pending.indexOf("\n");
      let from = 0;
      while (newline !== -1 && !stopped) {
        take(pending.slice(from, newline));
        from = newline + 1;
        newline = pending.indexOf("\n", from);
      }
      pending = pending.slice(from);
      if (stopped) {
        child.kill();
        break;
      }
    }
    if (!stopped && !timedOut && pending !== "") take(pending);
    if (timedOut) result.timedOut = true;
    return await finish(child, result, stderrText, stopped || timedOut);
  } finally {
    clearTimeout(timer);
    request.signal?.removeEventListener("abort", onAbort);
    if (scratch !== undefined) closeScratchFile(scratch);
  }
}

/** Waits for ripgrep to exit and turns a failed search into a ToolError. */
async function finish(child: { exited: Promise<number> }, result: GrepEngineResult, stderrText: Promise<string>, stopped: boolean): Promise<GrepEngineResult> {
  const exitCode = await child.exited;
  if (!stopped && exitCode === 2 && result.files.length + result.counts.length + result.lines.length === 0) {
    const message = (await stderrText).trim().replace(/^rg: /, "");
    throw new ToolError(`ripgrep could not run this search: ${message || "exit status 2"}`);
  }
  // A trailing "--" can be left when a dropped warning ended the output.
  if (result.lines.at(-1) === "--") result.lines.pop();
  return result;
}
