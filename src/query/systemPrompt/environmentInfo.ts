/** The facts about where the agent runs: working folder, platform, date and the repository's state. */
import { osRelease } from "../../paths/operatingSystem.ts";

/** Longest the git status may take before it is left out. */
const GIT_TIMEOUT_MS = 2_000;
/** At most this many status lines are shown. */
const MAX_STATUS_LINES = 40;

export interface EnvironmentInfo {
  cwd: string;
  additionalDirectories: readonly string[];
  platform: string;
  osVersion: string;
  date: string;
  git?: { branch: string; status: string[]; moreChanges: number };
}

/** The repository's branch and short status, as the prompt shows them. */
export type GitState = NonNullable<EnvironmentInfo["git"]>;

/** Most of git's output read; a status longer than this is cut (only MAX_STATUS_LINES are shown anyway). */
const MAX_GIT_OUTPUT_BYTES = 256 * 1024;

/** Reads at most `limit` bytes of a stream, then stops reading. */
async function readAtMost(stream: ReadableStream<Uint8Array>, limit: number): Promise<string> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of stream) {
    chunks.push(chunk);
    size += chunk.byteLength;
    if (size >= limit) break;
  }
  return Buffer.concat(chunks).subarray(0, limit).toString("utf8");
}

/**
 * The repository's branch and short status, or undefined outside a repository (or when git is
 * slow or absent). It does not block: start it early and await it when the prompt is built.
 * `core.fsmonitor` is switched off, so a repository's own configuration cannot run a program.
 */
export async function readGitState(cwd: string): Promise<GitState | undefined> {
  const git = Bun.which("git");
  if (git === null) return undefined;
  try {
    const run = Bun.spawn([git, "-c", "core.fsmonitor=false", "status", "--porcelain=v1", "--branch", "--untracked-files=normal"], {
      cwd, stdin: "ignore", stdout: "pipe", stderr: "ignore", timeout: GIT_TIMEOUT_MS,
    });
    const text = await readAtMost(run.stdout, MAX_GIT_OUTPUT_BYTES);
    if (!run.killed && run.exitCode === null) run.kill();
    if ((await run.exited) !== 0 && text.length < MAX_GIT_OUTPUT_BYTES) return undefined;
    const lines = text.split("\n").filter((line) => line !== "");
    if (text.length >= MAX_GIT_OUTPUT_BYTES) lines.pop(); // the cut line is partial
    const branchLine = lines[0]?.startsWith("## ") ? (lines.shift() as string).slice(3) : "(unknown)";
    return { branch: branchLine.split("...")[0] ?? branchLine, status: lines.slice(0, MAX_STATUS_LINES), moreChanges: Math.max(0, lines.length - MAX_STATUS_LINES) };
  } catch {
    return undefined;
  }
}

/** Reads the environment once, at the start of a run; `git` is a readGitState already under way. */
export async function readEnvironment(cwd: string, additionalDirectories: readonly string[], options: { now?: Date; git?: Promise<GitState | undefined> } = {}): Promise<EnvironmentInfo> {
  const git = await (options.git ?? readGitState(cwd));
  return {
    cwd,
    additionalDirectories,
    platform: process.platform,
    osVersion: osRelease(),
    date: (options.now ?? new Date()).toISOString().slice(0, 10),
    ...(git === undefined ? {} : { git }),
  };
}

/** The environment as lines of the system prompt. */
export function formatEnvironment(info: EnvironmentInfo): string {
  const lines = [`- Working folder: ${info.cwd}`];
  if (info.additionalDirectories.length > 0) lines.push(`- Other folders you may work in: ${info.additionalDirectories.join(", ")}`);
  lines.push(`- Platform: ${info.platform} (${info.osVersion})`, `- Today's date: ${info.date}`);
  if (info.git === undefined) lines.push("- The working folder is not a git repository (or git is not available).");
  else {
    lines.push(`- Git branch: ${info.git.branch}`);
    if (info.git.status.length === 0) lines.push("- Git status: clean");
    else lines.push(`- Git status (short):\n${info.git.status.map((line) => `    ${line}`).join("\n")}${info.git.moreChanges > 0 ? `\n    ... and ${info.git.moreChanges} more` : ""}`);
  }
  return lines.join("\n");
}
