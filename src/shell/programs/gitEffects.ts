/**
 * git runs commands from its settings and arguments: `-c core.pager='rm x'` (and editors, diff
 * drivers, filters, credential helpers, `!` aliases), the same settings given through
 * `GIT_CONFIG_COUNT` / `GIT_CONFIG_KEY_n` / `GIT_CONFIG_VALUE_n` or `GIT_CONFIG_PARAMETERS`, the
 * `ext::` transport (`git clone 'ext::sh -c rm% x'`), `--upload-pack`, `--receive-pack` and
 * `--exec`. It writes files through `--output`, `format-patch -o`, `archive -o` and `git config`.
 * Settings that make git run programs or read settings the analysis cannot see are unknown code.
 */
import { literalWord, noEffects, type ProgramEffects } from "./effects.ts";
import { cutShort } from "./readOptions.ts";
import type { ShellAssignment, ShellWord } from "../types.ts";

// The last key segment of settings whose value git runs as a shell command.
const COMMAND_KEYS = /^(?:pager|editor|sshcommand|askpass|fsmonitor|gitproxy|external|textconv|command|driver|clean|smudge|process|helper|program|cmd|browser|uploadpack|receivepack|packobjectshook|proxycommand|exec|sequenceeditor|difffilter|sendmailcmd|tocmd|cccmd|headercmd|defaultkeycommand|alternaterefscommand)$/;
// Settings that make git run programs or read settings from a file the analysis cannot see.
const OPAQUE_KEYS = /^(?:core\.hookspath|include\.path|includeif\..*\.path|core\.worktree|protocol\..*allow|uploadpack\.packobjectshook)$/;

/** Judges one `key=value` setting git is given. */
export function judgeGitSetting(setting: string, via: string, effects: ProgramEffects): void {
  const equals = setting.indexOf("=");
  const key = (equals === -1 ? setting : setting.slice(0, equals)).toLowerCase();
  const value = equals === -1 ? "" : setting.slice(equals + 1);
  const segments = key.split(".");
  const last = segments.at(-1) ?? "";
  if (segments[0] === "alias") {
    if (value.startsWith("!")) effects.runs.push({ text: value.slice(1), via: `${via} alias` });
    else if (value.trim() !== "") effects.runs.push({ text: `git ${value}`, via: `${via} alias` });
  } else if (segments[0] === "submodule" && last === "update") {
    // `!command` runs the command in each submodule; the rest name how to update.
    if (value.startsWith("!")) effects.runs.push({ text: value.slice(1), via: `${via} ${key}` });
  } else if (key === "sendemail.smtpserver") {
    // A full path is a sendmail-like program to run; anything else names a server.
    if (value.startsWith("/")) effects.runs.push({ words: [literalWord(value)], via: `${via} ${key}` });
  } else if (segments[0] === "pager" || COMMAND_KEYS.test(last)) {
    // A credential helper given as `!command` is that shell command.
    const command = last === "helper" && value.startsWith("!") ? value.slice(1) : value;
    if (command.trim() !== "") effects.runs.push({ text: command, via: `${via} ${key}` });
    if (OPAQUE_KEYS.test(key)) effects.unknown.push(`${via} ${key} makes git run programs the analysis cannot see`);
  } else if (OPAQUE_KEYS.test(key)) {
    effects.problems.push(`${via} ${key} makes git run or read files toolshed cannot see`);
  }
}

/** The command an `ext::` URL runs: `% ` is a space, `%%` a percent sign, `%s`/`%S`/`%G` fill-ins. */
function extCommand(url: string): string {
  return url.slice(url.indexOf("ext::") + 5).replace(/%(.)/g, (_whole, next: string) => (next === " " ? " " : next === "%" ? "%" : "x"));
}

const OUTPUT_SUBCOMMAND_SHORT: Readonly<Record<string, string>> = { "format-patch": "o", archive: "o" };
const LOCAL_COMMAND_OPTIONS = ["upload-pack", "receive-pack", "exec"];

/** Reads a git call (`words[0]` is git). */
export function gitEffects(words: readonly ShellWord[]): ProgramEffects {
  const effects = noEffects();
  let index = 1;
  for (; index < words.length; index++) {
    const word = words[index] as ShellWord;
    const value = word.value;
    if (!value.startsWith("-")) break;
    if (value === "-c" || value === "-C" || value === "--git-dir" || value === "--work-tree" || value === "--namespace") {
      const next = words[index + 1];
      index++;
      if (value !== "-c" || next === undefined) continue;
      if (!next.literal) effects.problems.push(`git -c is given a setting only known when it runs (${next.value})`);
      else judgeGitSetting(next.value, "git -c", effects);
    } else if (value.startsWith("-c")) {
      if (!word.literal) effects.problems.push(`git ${value} is only known when it runs`);
      else judgeGitSetting(value.slice(2), "git -c", effects);
    } else if (value.startsWith("--exec-path=") || value.startsWith("--config-env")) {
      effects.problems.push(`git ${value.split("=")[0]} makes git run programs toolshed cannot see`);
    }
  }
  const subcommand = words[index]?.value;
  const rest = words.slice(index + 1);
  for (let at = 0; at < rest.length; at++) {
    const word = rest[at] as ShellWord;
    const text = word.value;
    if (text.includes("ext::")) {
      if (word.literal) effects.runs.push({ text: extCommand(text), via: "git ext::" });
      else effects.unknown.push("git is given an ext:: address only known when it runs");
    }
    const long = /^--([a-z-]+)(?:=(.*))?$/s.exec(text);
    const name = long?.[1];
    // Cut short to any length git may take as the option (`--u` is --upload-pack to ls-remote, `--e` --exec to push).
    const option = name === undefined ? undefined : LOCAL_COMMAND_OPTIONS.find((candidate) => candidate.startsWith(name));
    const valueOf = (): ShellWord | undefined => (long?.[2] !== undefined ? literalWord(long[2], word) : rest[++at]);
    if (option !== undefined) {
      const command = valueOf();
      if (command?.literal) effects.runs.push({ text: command.value, via: `git --${option}` });
      else effects.unknown.push(`git --${option} runs a program only known when it runs`);
    } else if (/^-[a-z]*u/.test(text) && !text.startsWith("--") && (subcommand === "clone" || subcommand === "ls-remote")) {
      // -u is --upload-pack (to fetch, --update-head-ok), alone, after other letters (`-qu`) or with its value joined (`-u'cmd'`).
      const joined = text.slice(text.indexOf("u") + 1);
      const command = joined !== "" ? literalWord(joined, word) : rest[++at];
      if (command?.literal) effects.runs.push({ text: command.value, via: "git -u" });
      else if (command !== undefined) effects.unknown.push("git -u runs a program only known when it runs");
    } else if (name !== undefined && name.length >= 4 && "output".startsWith(name)) {
      const file = valueOf();
      if (file !== undefined) effects.touches.push({ word: file, access: "write" });
    } else if (name !== undefined && name.length >= 8 && "output-directory".startsWith(name)) {
      const file = valueOf();
      if (file !== undefined) effects.touches.push({ word: file, access: "write" });
    } else if (subcommand !== undefined && text === `-${OUTPUT_SUBCOMMAND_SHORT[subcommand] ?? "\0"}`) {
      const file = rest[++at];
      if (file !== undefined) effects.touches.push({ word: file, access: "write" });
    }
  }
  if (subcommand === "config") gitConfigWrite(rest, effects);
  subcommandCommands(subcommand, rest, effects);
  return effects;
}

/** `--tree-filter` and the other filter-branch options whose value is a command. */
const FILTER_OPTIONS = ["--tree-filter", "--index-filter", "--msg-filter", "--env-filter", "--commit-filter", "--parent-filter", "--tag-name-filter"];
const SEND_EMAIL_COMMANDS = ["--to-cmd", "--cc-cmd", "--header-cmd", "--sendmail-cmd"];

/** True when `option` is `full` or an abbreviation git takes for it (a long option cut short, as parse-options allows). */
function spells(option: string, full: string, shortest = 4): boolean {
  return cutShort(option, full, shortest);
}

/** Commands git subcommands run from their own options and arguments. */
function subcommandCommands(subcommand: string | undefined, args: readonly ShellWord[], effects: ProgramEffects): void {
  const take = (command: ShellWord | undefined, via: string) => {
    if (command === undefined) return;
    if (command.literal) effects.runs.push({ text: command.value, via });
    else effects.unknown.push(`${via} runs a command only known when it runs`);
  };
  args.forEach((word, index) => {
    const [option = "", glued] = word.value.split(/=(.*)/s);
    const value = glued !== undefined ? literalWord(glued, word) : args[index + 1];
    if (subcommand === "grep" && (spells(option, "--open-files-in-pager") || /^-O./.test(word.value))) take(glued !== undefined ? literalWord(glued, word) : literalWord(word.value.slice(2), word), "git grep -O");
    if ((subcommand === "rebase" && (word.value === "-x" || spells(option, "--exec"))) || (subcommand === "difftool" && (word.value === "-x" || spells(option, "--extcmd")))) take(value, `git ${subcommand} ${option}`);
    if (subcommand === "filter-branch" && FILTER_OPTIONS.some((full) => spells(option, full))) take(value, `git filter-branch ${option}`);
    // Cut short no further than past --to, --cc and --header, which are options of their own.
    if (subcommand === "send-email" && SEND_EMAIL_COMMANDS.some((full) => spells(option, full, full.length - 2))) take(value, `git send-email ${option}`);
    if (subcommand === "send-email" && spells(option, "--smtp-server") && value?.value.startsWith("/") === true) effects.runs.push({ words: [value], via: "git send-email --smtp-server" });
    if ((subcommand === "clone" || subcommand === "init" || subcommand === "submodule") && (word.value === "-c" || /^-c./s.test(word.value) || spells(option, "--config"))) {
      const setting = /^-c./s.test(word.value) ? literalWord(word.value.slice(2), word) : value;
      if (setting?.literal) judgeGitSetting(setting.value, `git ${subcommand} --config`, effects);
      else effects.problems.push(`git ${subcommand} --config is given a setting only known when it runs`);
    }
    if ((subcommand === "clone" || subcommand === "init") && spells(option, "--template")) effects.unknown.push(`git ${subcommand} --template copies hooks the analysis does not read`);
  });
  const first = args.findIndex((word) => !word.value.startsWith("-"));
  if (subcommand === "submodule" && args[first]?.value === "foreach") {
    const script = args.slice(first + 1).filter((word) => !word.value.startsWith("--"));
    if (script.every((word) => word.literal)) effects.runs.push({ text: script.map((word) => word.value).join(" "), via: "git submodule foreach" });
    else effects.unknown.push("git submodule foreach runs a command only known when it runs");
  }
  if (subcommand === "bisect" && args[first]?.value === "run" && args.length > first + 1) effects.runs.push({ words: args.slice(first + 1), via: "git bisect run" });
}

/** `git config` that sets a value writes the repository's config (or the global one, or `--file`). */
function gitConfigWrite(args: readonly ShellWord[], effects: ProgramEffects): void {
  const reading = args.some((word) => /^(?:--get|--get-all|--get-regexp|--get-urlmatch|--list|-l|--show-origin|--show-scope|--name-only|get|list)$/.test(word.value));
  const positionals = args.filter((word, index) => !word.value.startsWith("-") && !["-f", "--file", "--blob"].includes(args[index - 1]?.value ?? ""));
  const setting = args.some((word) => /^(?:--add|--replace-all|--unset|--unset-all|--rename-section|--remove-section|--edit|-e|set|unset|edit|rename-section|remove-section)$/.test(word.value)) ||
    positionals.length >= 2;
  if (reading || !setting) return;
  const fileAt = args.findIndex((word) => word.value === "-f" || word.value === "--file" || word.value.startsWith("--file="));
  const file = fileAt === -1 ? undefined : args[fileAt]?.value.startsWith("--file=") ? literalWord(args[fileAt]?.value.slice(7) ?? "") : args[fileAt + 1];
  const global = args.some((word) => word.value === "--global");
  const target = file ?? literalWord(global ? `${process.env.HOME ?? "~"}/.gitconfig` : ".git/config");
  effects.touches.push({ word: target, access: "write" });
  if (args.some((word) => word.value === "--edit" || word.value === "-e" || word.value === "edit")) effects.unknown.push("git config --edit starts an editor");
  // A value that is a command (core.pager, alias.x = !cmd) runs later: judge it now.
  const key = positionals.find((word) => word.value !== "set")?.value;
  const value = positionals.at(-1)?.value;
  if (key !== undefined && value !== undefined && positionals.length >= 2) judgeGitSetting(`${key}=${value}`, "git config", effects);
}

/** What git does with the settings given in its environment: `GIT_CONFIG_KEY_n`/`VALUE_n`, `GIT_CONFIG_PARAMETERS`. */
export function gitEnvironmentSettings(assignments: readonly ShellAssignment[], effects: ProgramEffects): void {
  const byName = new Map(assignments.map((assignment) => [assignment.name, assignment.value]));
  for (const assignment of assignments) {
    const key = /^GIT_CONFIG_KEY_(\d+)$/.exec(assignment.name);
    if (key !== null) {
      const value = byName.get(`GIT_CONFIG_VALUE_${key[1]}`);
      if (!assignment.value.literal || value === undefined || !value.literal) effects.problems.push("git settings in GIT_CONFIG_KEY_n are only known when they run");
      else judgeGitSetting(`${assignment.value.value}=${value.value}`, assignment.name, effects);
    }
    if (assignment.name === "GIT_CONFIG_PARAMETERS") {
      if (!assignment.value.literal) effects.problems.push("GIT_CONFIG_PARAMETERS is only known when it runs");
      else for (const match of assignment.value.value.matchAll(/'((?:[^'\\]|\\.)*)'(?:='((?:[^'\\]|\\.)*)')?/g)) judgeGitSetting(`${match[1]}=${match[2] ?? ""}`, "GIT_CONFIG_PARAMETERS", effects);
    }
  }
}
