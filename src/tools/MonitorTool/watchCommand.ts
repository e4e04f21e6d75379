/** Runs a shell command in its own process group and hands each stdout line to a callback. */
import { trackProcessGroup, untrackProcessGroup } from "../../tasks/processGroups.ts";
import { newCommandTag, taggedEnvironment } from "../../tasks/processTags.ts";
import { findShell } from "../../tasks/spawnShellCommand.ts";
import { killCommandNow } from "../../tasks/stopCommand.ts";
import { MAX_KEPT_LINES, MAX_LINE_CHARS } from "./prompt.ts";

/** The most of one unfinished line held while its newline has not come (lines are cut at MAX_LINE_CHARS when kept). */
const PENDING_LIMIT = 4 * MAX_LINE_CHARS;

/** Why a watch ended. */
export type WatchEnd = "matched" | "exited" | "timeout" | "aborted";

export interface WatchResult {
  end: WatchEnd;
  exitCode: number | null;
  matchedLine?: string;
  /** The last lines of stdout, oldest first. */
  lines: string[];
  totalLines: number;
  stderrTail: string;
}

export interface WatchOptions {
  command: string;
  cwd: string;
  timeoutMs: number;
  until?: RegExp;
  signal: AbortSignal;
  onLine?: (line: string, lineNumber: number) => void;
}

const STDERR_TAIL_CHARS = 4_000;


async function readTail(stream: ReadableStream<Uint8Array>, limit: number): Promise<string> {
  let tail = "";
  const decoder = new TextDecoder();
  for await (const chunk of stream) tail = (tail + decoder.decode(chunk, { stream: true })).slice(-limit);
  return tail;
}

/** Watches `command` until a line matches `until`, it exits, the deadline passes, or the signal aborts. */
export async function watchCommand(options: WatchOptions): Promise<WatchResult> {
  // Tagged like Bash's commands, so what leaves the process group (setsid) is still found.
  const tag = newCommandTag();
  const killGroup = (pid: number) => killCommandNow(pid, tag);
  const child = Bun.spawn([findShell(), "-c", options.command], {
    cwd: options.cwd,
    env: taggedEnvironment(process.env, tag),
    stdin: "ignore",
    stdout: "pipe",
    stderr: "pipe",
    detached: true,
  });
  // Tracked like Bash's groups, so a toolshed that exits mid-watch leaves no command behind.
  trackProcessGroup(child.pid);
  let stoppedBy: "timeout" | "aborted" | undefined;
  const stop = (why: "timeout" | "aborted") => {
    stoppedBy ??= why;
    killGroup(child.pid);
  };
  const timer = setTimeout(() => stop("timeout"), options.timeoutMs);
  const onAbort = () => stop("aborted");
  if (options.signal.aborted) onAbort();
  else options.signal.addEventListener("abort", onAbort, { once: true });
  // When the command itself exits, whatever it left running in the background goes too, so its
  // output pipe closes and the watch ends.
  const exited = child.exited.then((code) => {
    killGroup(child.pid);
    untrackProcessGroup(child.pid);
    return code;
  });
  const stderrTail = readTail(child.stderr, STDERR_TAIL_CHARS);

  const lines: string[] = [];
  let totalLines = 0;
  let matchedLine: string | undefined;
  const take = (raw: string): boolean => {
    const line = raw.endsWith("\r") ? raw.slice(0, -1) : raw;
    totalLines++;
    lines.push(line.length > MAX_LINE_CHARS ? `${line.slice(0, MAX_LINE_CHARS)}...` : line);
    if (lines.length > MAX_KEPT_LINES) lines.shift();
    options.onLine?.(line, totalLines);
    if (options.until?.test(line)) {
      matchedLine = line;
      return true;
    }
    return false;
  };
  try {
    const decoder = new TextDecoder();
    let pending = "";
    // A line that never ends is kept only up to PENDING_LIMIT characters; the rest is passed over to its newline.
    let skipping = false;
    reading: for await (const chunk of child.stdout) {
      let text = decoder.decode(chunk, { stream: true });
      if (skipping) {
        const end = text.indexOf("\n");
        if (end === -1) continue;
        text = text.slice(end);
        skipping = false;
      }
      pending += text;
      let newline = pending.indexOf("\n");
      while (newline !== -1) {
        const line = pending.slice(0, newline);
        pending = pending.slice(newline + 1);
        if (take(line)) break reading;
        newline = pending.indexOf("\n");
      }
      if (pending.length > PENDING_LIMIT) {
        pending = pending.slice(0, PENDING_LIMIT);
        skipping = true;
      }
    }
    if (matchedLine === undefined && pending !== "") take(pending);
  } finally {
    clearTimeout(timer);
    options.signal.removeEventListener("abort", onAbort);
    if (matchedLine !== undefined || stoppedBy !== undefined) killGroup(child.pid);
  }
  const exitCode = await exited;
  const end: WatchEnd = matchedLine !== undefined ? "matched" : (stoppedBy ?? "exited");
  return {
    end,
    exitCode: end === "exited" ? exitCode : null,
    matchedLine,
    lines,
    totalLines,
    stderrTail: (await stderrTail).trimEnd(),
  };
}
