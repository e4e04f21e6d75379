/**
 * The commands hidden in git's own options: `git -c core.pager='rm x' log` runs `rm x` through
 * the shell, and so do editors, diff drivers, filters, credential helpers and `!` aliases. Such
 * values are handed back to be analyzed as command text; options that run programs or scripts
 * the analysis cannot see (`--exec-path`, `core.hooksPath`, `include.path`, `--config-env`) are
 * reported as problems.
 */
import type { ShellWord } from "./types.ts";

export interface GitHiddenCommands {
  /** Command text git would run through the shell. */
  commands: string[];
  problems: string[];
}

// The last key segment of settings whose value git runs as a shell command.
const COMMAND_KEYS = /^(?:pager|editor|sshcommand|askpass|fsmonitor|gitproxy|external|textconv|command|driver|clean|smudge|process|helper|program|cmd|browser|uploadpack|receivepack|packobjectshook|proxycommand|exec)$/;
// Settings that make git run programs or read settings from a file the analysis cannot see.
const OPAQUE_KEYS = /^(?:core\.hookspath|include\.path|includeif\..*\.path|core\.worktree)$/;

function judgeSetting(setting: string, found: GitHiddenCommands): void {
  const equals = setting.indexOf("=");
  const key = (equals === -1 ? setting : setting.slice(0, equals)).toLowerCase();
  const value = equals === -1 ? "" : setting.slice(equals + 1);
  const segments = key.split(".");
  const last = segments.at(-1) ?? "";
  if (OPAQUE_KEYS.test(key)) {
    found.problems.push(`git -c ${key} makes git run or read files the analysis cannot see`);
  } else if (segments[0] === "alias") {
    if (value.startsWith("!")) found.commands.push(value.slice(1));
    else if (value.trim() !== "") found.commands.push(`git ${value}`);
  } else if (segments[0] === "pager" || COMMAND_KEYS.test(last)) {
    if (value.trim() !== "") found.commands.push(value);
  }
}

/** The commands and problems in git's options before its subcommand (`words[0]` is `git`). */
export function gitHiddenCommands(words: readonly ShellWord[]): GitHiddenCommands {
  const found: GitHiddenCommands = { commands: [], problems: [] };
  for (let index = 1; index < words.length; index++) {
    const word = words[index] as ShellWord;
    const value = word.value;
    if (!value.startsWith("-")) break;
    if (value === "-c" || value === "-C" || value === "--git-dir" || value === "--work-tree" || value === "--namespace") {
      const next = words[index + 1];
      index++;
      if (value !== "-c" || next === undefined) continue;
      if (!next.literal) found.problems.push(`git -c with a setting only known when it runs (${next.value})`);
      else judgeSetting(next.value, found);
    } else if (value.startsWith("-c")) {
      if (!word.literal) found.problems.push(`git ${value} is only known when it runs`);
      else judgeSetting(value.slice(2), found);
    } else if (value.startsWith("--exec-path=") || value.startsWith("--config-env")) {
      found.problems.push(`git ${value.split("=")[0]} makes git run programs the analysis cannot see`);
    }
  }
  return found;
}
