/** The facts about where the agent runs: working folder, platform, date and the repository's state. */
import { osRelease } from "../../paths/operatingSystem.ts";
import { readStreamText } from "../../files/readStreamText.ts";
import { repositorySettingsProblem } from "../../shell/programs/gitRepositorySettings.ts";

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

/**
 * The repository's branch and short status, or undefined outside a repository (or when git is
 * slow or absent). It does not block: start it early and await it when the prompt is built.
 * It runs before anyone is asked anything, so nothing the repository chose may run: in a
 * repository whose own settings, hooks or submodules would make git run a program, the status
 * is left out; `--no-optional-locks` keeps git from writing its index (and so from its hooks), and
 * `core.fsmonitor` is off.
 */
export async function readGitState(cwd: string): Promise<GitState | undefined> {
  // After what was started with it (the session's MCP servers) has had its turn: the checks below take a few milliseconds.
  await Bun.sleep(0);
  const git = Bun.which("git", { PATH: process.env.PATH ?? "" });
  if (git === null) return undefined;
  try {
    if (repositorySettingsProblem(cwd, true) !== undefined) return undefined;
    const run = Bun.spawn([git, "--no-optional-locks", "-c", "core.fsmonitor=false", "status", "--porcelain=v1", "--branch", "--untracked-files=normal"], {
      cwd, stdin: "ignore", stdout: "pipe", stderr: "ignore", timeout: GIT_TIMEOUT_MS,
    });
    // A child of git left holding the pipe cannot keep the read going past the deadline.
    const output = await readStreamText(run.stdout, MAX_GIT_OUTPUT_BYTES, AbortSignal.timeout(GIT_TIMEOUT_MS));
    if (!run.killed && run.exitCode === null) run.kill();
    const status = await Promise.race([run.exited, Bun.sleep(GIT_TIMEOUT_MS).then(() => -1)]);
    if (output.stopped || (status !== 0 && !output.cut)) return undefined;
    const lines = output.text.split("\n").filter((line) => line !== "");
    if (output.cut) lines.pop(); // the cut line is partial
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
