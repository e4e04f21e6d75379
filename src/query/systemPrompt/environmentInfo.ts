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

/** The repository's branch and short status, or undefined outside a repository (or when git is slow or absent). */
function gitState(cwd: string): EnvironmentInfo["git"] {
  const git = Bun.which("git");
  if (git === null) return undefined;
  try {
    const run = Bun.spawnSync([git, "status", "--porcelain=v1", "--branch", "--untracked-files=normal"], { cwd, stdout: "pipe", stderr: "ignore", timeout: GIT_TIMEOUT_MS });
    if (run.exitCode !== 0) return undefined;
    const lines = run.stdout.toString("utf8").split("\n").filter((line) => line !== "");
    const branchLine = lines[0]?.startsWith("## ") ? (lines.shift() as string).slice(3) : "(unknown)";
    return { branch: branchLine.split("...")[0] ?? branchLine, status: lines.slice(0, MAX_STATUS_LINES), moreChanges: Math.max(0, lines.length - MAX_STATUS_LINES) };
  } catch {
    return undefined;
  }
}

/** Reads the environment once, at the start of a run. */
export function readEnvironment(cwd: string, additionalDirectories: readonly string[], now: Date = new Date()): EnvironmentInfo {
  return {
    cwd,
    additionalDirectories,
    platform: process.platform,
    osVersion: osRelease(),
    date: now.toISOString().slice(0, 10),
    git: gitState(cwd),
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
