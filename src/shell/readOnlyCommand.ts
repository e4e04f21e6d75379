/**
 * Which simple commands only read, and which of their arguments are the paths they read.
 * A command keeps that status only without the flags that execute or write (`find -exec`,
 * `sed -i`, `rg --pre`, `sort -o`, `git -c`, `--output`, `man -P`, ...), including abbreviated
 * long options that would expand to one of them. Anything not proven read-only is not.
 */
import { posix } from "node:path";
import { jqHomeFileProblem, readJqCall } from "./programs/jqCall.ts";
import { GREP_FAMILY, grepFollowsLinks, grepIncludeNames, grepRecurses, readGrepCommandLine } from "./grepOptions.ts";
import { readSedCall } from "./programs/sedEffects.ts";
import { checkTestExpression, testExpressionPaths } from "./testExpression.ts";
import type { FolderSpares, ShellWord } from "./types.ts";

/** The verdict for one command: read-only or not (and why), and the paths it reads. */
export interface ReadOnlyVerdict {
  readOnly: boolean;
  reason?: string;
  /** Arguments that name files or folders the command reads. */
  paths: ShellWord[];
  /** The command reads the contents of every file under the folders it is given (`grep -r`, `rg`). */
  recursive?: boolean;
  /** ... following the symlinks it meets there (`grep -R`, `rg -L`, `find -L`). */
  followsLinks?: boolean;
  /** ... leaving alone what its ignore files skip (git, ripgrep) and hidden files (ripgrep without --hidden). */
  spares?: FolderSpares;
  /** ... reaching only files whose names match one of these globs (`grep -r --include='*.ts'`). */
  names?: string[];
}

/** Where a git command line's subcommand is (after any --no-pager). */
function gitSubcommandIndex(words: readonly ShellWord[]): number {
  let index = 1;
  while (words[index]?.value === "--no-pager") index++;
  return index;
}

/**
 * Whether a read-only git command may print the contents of files it names nowhere on its
 * command line: a diff of the working tree, a commit's patch, an object by id, a search. Such a
 * command is judged as reading the whole working folder, as `git grep` is.
 */
function gitReadsContents(words: readonly ShellWord[]): boolean {
  const subcommand = words[gitSubcommandIndex(words)]?.value;
  if (subcommand === "grep" || subcommand === "diff") return true;
  if (subcommand === "show" || subcommand === "cat-file") {
    // Objects named as <rev>:<path> are the paths they name (judged as such); a commit or an object id may be any file.
    const objects = positionals(words).slice(1).filter((word) => word.value !== subcommand);
    const named = subcommand === "cat-file" ? objects.slice(-1) : objects;
    return named.length === 0 || named.some((word) => !word.value.includes(":"));
  }
  if (subcommand !== "log" && subcommand !== "whatchanged") return false;
  return words.some((word) => /^-[A-Za-z]*[pu]/.test(word.value) && !word.value.startsWith("--") || /^-U/.test(word.value) || /^--(?:pa|cc|un|full-diff)/.test(word.value) || word.value === "-c");
}

/** Whether a read-only command reads file contents throughout the folders it names. */
/**
 * The folders a search reads whole however its options are judged (`grep -r -f pats .`, `rg --pre
 * cat k`, which are not read-only; ag, ack, ugrep), and whether it follows links; undefined when
 * it reads none whole. With no path given, the working folder.
 */
export function searchedFolders(words: readonly ShellWord[]): { folders: ShellWord[]; followsLinks: boolean } | undefined {
  const name = words[0]?.value;
  const here: ShellWord = { value: ".", literal: true, glob: false };
  if (name !== undefined && OTHER_SEARCHERS.has(name)) {
    // Their options are not read here: every positional but the first (the pattern) may be a folder, and so may the working folder.
    return { folders: [...positionals(words).slice(1), here], followsLinks: true };
  }
  // git grep (with -O, which runs a program on what it found) reads the working tree.
  if (name === "git") return readsRecursively(words) ? { folders: [here], followsLinks: false } : undefined;
  if (name !== "rg" && (name === undefined || !GREP_FAMILY.has(name))) return undefined;
  if (!readsRecursively(words)) return undefined;
  const line = readGrepCommandLine(words);
  const paths = line.patternAsOption ? line.positionals : line.positionals.slice(1);
  return { folders: paths.length === 0 ? [here] : paths, followsLinks: followsLinks(words) };
}

/** Searchers that read folders whole by default, whose options are not modelled. */
const OTHER_SEARCHERS: ReadonlySet<string> = new Set(["ag", "ack", "ack-grep", "pt", "sift", "rgrep", "ugrep", "ug"]);

function readsRecursively(words: readonly ShellWord[]): boolean {
  const name = words[0]?.value;
  if (name === "rg" || (name === "git" && gitReadsContents(words))) return true;
  if (name === "find") return followsLinks(words);
  if (name !== undefined && GREP_FAMILY.has(name)) return grepRecurses(readGrepCommandLine(words));
  if (name === "diff") {
    // -r in any cluster of short options, or any abbreviation of --recursive.
    return words.slice(1).some((word) => (/^-[A-Za-z]*r/.test(word.value) && !word.value.startsWith("--")) || (word.value.length > 2 && "--recursive".startsWith(word.value.split("=")[0] ?? "")));
  }
  return false;
}

/**
 * What a git read leaves alone: `git diff` of the working tree and index, and `git grep` of them,
 * read only tracked files (`--untracked`: untracked ones too, not ignored ones). Given a revision
 * (`git diff HEAD~1`, `git log -p`, `git show`), git prints whatever that revision holds.
 */
function gitSpares(words: readonly ShellWord[]): FolderSpares | undefined {
  // git's own options (`-C`, `--git-dir`, `-c`) may point it at another index or tree.
  if (words[1]?.value.startsWith("-") !== false) return undefined;
  const subcommand = words[1]?.value;
  const rest = words.slice(2);
  // Spelled whole or cut short, as git takes long options (`--no-ind`, `--untr`).
  if (rest.some((word) => word.value.startsWith("--") && dangerousLongOption(word.value, ["no-index", "no-exclude-standard", "recurse-submodules", "submodule"]) !== undefined)) return undefined;
  const dashes = rest.findIndex((word) => word.value === "--");
  // A pattern after `--` (git skips a `--` before the pattern): the words after it may be revisions.
  if (gitGrepPatternAfterDashes(words) && rest.length > dashes + 2) return undefined;
  const named = (dashes === -1 ? rest : rest.slice(0, dashes)).filter((word) => !word.value.startsWith("-"));
  const patternGiven = rest.some((word) => /^-[A-Za-z]*[ef]$/.test(word.value) || word.value.startsWith("--regexp"));
  const fromIndex = (subcommand === "diff" && named.length === 0) || (subcommand === "grep" && named.length <= (patternGiven ? 0 : 1));
  if (!fromIndex) return undefined;
  return rest.some((word) => word.value.startsWith("--") && dangerousLongOption(word.value, ["untracked"]) !== undefined) ? { gitIgnored: true } : { untracked: true };
}

/** git grep's options that take the next word as their value. */
const GIT_GREP_VALUE_SHORT = "ABCefm";
const GIT_GREP_VALUE_LONG = ["after-context", "before-context", "context", "max-count", "max-depth", "threads", "file", "regexp"];

/**
 * True when a `git grep` has a `--` with no pattern before it: git then skips the `--`, and the
 * first word after it is the pattern, not a path (`git grep --untracked -- key`). So it may be
 * too when an option before it was not read (one cut short may take the next word as its value).
 */
function gitGrepPatternAfterDashes(words: readonly ShellWord[]): boolean {
  const at = gitSubcommandIndex(words);
  if (words[at]?.value !== "grep") return false;
  const dashes = words.findIndex((word, index) => index > at && word.value === "--");
  if (dashes === -1) return false;
  for (let index = at + 1; index < dashes; index++) {
    const value = (words[index] as ShellWord).value;
    if (!value.startsWith("-")) return false;
    if (value.startsWith("--")) {
      if (value.includes("=")) continue;
      const name = value.slice(2);
      if (name === "regexp" || name === "file") return false;
      if (GIT_GREP_VALUE_LONG.includes(name)) index++;
      // A long option cut short may take a value or not: the words after `--` may hold the pattern.
      else if (GIT_GREP_VALUE_LONG.some((full) => full.startsWith(name))) return true;
      continue;
    }
    // A cluster of short options: the first that takes a value takes the rest of the word, or the next one.
    const cluster = value.slice(1);
    const valueAt = [...cluster].findIndex((letter) => GIT_GREP_VALUE_SHORT.includes(letter));
    if (valueAt === -1) continue;
    if (cluster[valueAt] === "e" || cluster[valueAt] === "f") return false;
    if (valueAt === cluster.length - 1) index++;
  }
  return true;
}

/** What a recursive read leaves alone: git reads only what it tracks; ripgrep skips ignored and hidden files unless told not to. */
function recursiveSpares(words: readonly ShellWord[]): FolderSpares | undefined {
  const name = words[0]?.value;
  if (name === "git") return gitSpares(words);
  // A configuration file may turn on --hidden or --no-ignore.
  if (name !== "rg" || process.env.RIPGREP_CONFIG_PATH !== undefined) return undefined;
  const options = words.slice(1).map((word) => word.value).filter((value) => value.startsWith("-"));
  // A glob (-g, --iglob) lets what it names through whatever the ignore files say.
  if (options.some((value) => /^-[A-Za-z.]*g/.test(value) && !value.startsWith("--") || /^--(?:i?glob|type-add|pre\b)/.test(value))) return undefined;
  const unrestricted = options.filter((value) => value === "--unrestricted").length +
    Math.max(0, ...options.filter((value) => /^-[A-Za-z.]*u/.test(value) && !value.startsWith("--")).map((value) => value.replace(/[^u]/g, "").length));
  const ignored = unrestricted === 0 && !options.some((value) => /^--no-ignore(?!-(?:messages|parent-messages)\b)/.test(value));
  const hidden = unrestricted < 2 && !options.some((value) => value === "--hidden" || (/^-[A-Za-z]*\./.test(value) && !value.startsWith("--")));
  return { ignored, hidden };
}

/** Whether a recursive read follows the symlinks it meets (not only those it is given). */
function followsLinks(words: readonly ShellWord[]): boolean {
  const name = words[0]?.value;
  const options = words.slice(1).filter((word) => word.value.startsWith("-"));
  if (name === "rg") return options.some((word) => /^-[A-Za-z]*L/.test(word.value) || /^--fol/.test(word.value));
  if (name === "find") return options.some((word) => word.value === "-L" || word.value === "-follow");
  // diff -r compares the targets of the links it meets.
  if (name === "diff") return !options.some((word) => word.value === "--no-dereference");
  return grepFollowsLinks(readGrepCommandLine(words));
}

interface CommandSpec {
  /** Long options (without `--`) that execute or write; their abbreviations count too. */
  dangerousLong?: readonly string[];
  /** Short option letters that execute or write, alone or glued to others. */
  dangerousShort?: string;
  /** Which arguments are paths: all positionals, none, all but the first (a pattern), or sed's input files. */
  paths: "all" | "none" | "afterFirst" | "sed" | "test" | "jq";
  /** Arguments may be dynamic (the command only prints them). */
  dynamicArguments?: boolean;
  /** At most this many positionals (`uniq in out` writes `out`). */
  maxPositionals?: number;
  check?(words: readonly ShellWord[]): string | undefined;
  /** Why the command, run in `folder`, may do more than read because of files found there (a repository's git settings). */
  checkFolder?(folder: string, words: readonly ShellWord[]): string | undefined;
  /** Why the command may read more than its paths because of a file it always reads (jq's ~/.jq). */
  checkHome?(home: string): string | undefined;
}

/** A test's words are its expression: its own check reads them all (values only known when it runs included). */
const TEST_SPEC: CommandSpec = { paths: "test", dynamicArguments: true, check: checkTestExpression };

const COMMANDS: Record<string, CommandSpec> = {
  ls: { paths: "all" },
  cat: { paths: "all" },
  head: { paths: "all" },
  tail: { paths: "all" },
  wc: { paths: "all" },
  stat: { paths: "all" },
  du: { paths: "all" },
  diff: { paths: "all" },
  nl: { paths: "all" },
  tac: { paths: "all" },
  cut: { paths: "all" },
  // Encoders, dumps and checksums print what they read (a checksum's -c reads the files a list
  // names, hexdump's -f a format file; binutils' strings reads `@file` arguments, so it is not here).
  base64: { paths: "all" },
  base32: { paths: "all" },
  basenc: { paths: "all" },
  od: { paths: "all" },
  hexdump: { paths: "all", dangerousShort: "f", dangerousLong: ["format-file"] },
  cksum: { paths: "all", dangerousShort: "c", dangerousLong: ["check"] },
  md5sum: { paths: "all", dangerousShort: "c", dangerousLong: ["check"] },
  sha1sum: { paths: "all", dangerousShort: "c", dangerousLong: ["check"] },
  sha224sum: { paths: "all", dangerousShort: "c", dangerousLong: ["check"] },
  sha256sum: { paths: "all", dangerousShort: "c", dangerousLong: ["check"] },
  sha384sum: { paths: "all", dangerousShort: "c", dangerousLong: ["check"] },
  sha512sum: { paths: "all", dangerousShort: "c", dangerousLong: ["check"] },
  b2sum: { paths: "all", dangerousShort: "c", dangerousLong: ["check"] },
  realpath: { paths: "all" },
  readlink: { paths: "all" },
  cd: { paths: "all", maxPositionals: 1 },
  file: { paths: "all", dangerousShort: "C", dangerousLong: ["compile"] },
  tree: { paths: "all", dangerousShort: "o", dangerousLong: ["output"] },
  uniq: { paths: "all", maxPositionals: 1 },
  sort: { paths: "all", dangerousShort: "o", dangerousLong: ["output", "compress-program", "temporary-directory"] },
  grep: { paths: "afterFirst", dangerousShort: "f", dangerousLong: ["file"] },
  egrep: { paths: "afterFirst", dangerousShort: "f", dangerousLong: ["file"] },
  fgrep: { paths: "afterFirst", dangerousShort: "f", dangerousLong: ["file"] },
  rg: { paths: "afterFirst", dangerousShort: "fz", dangerousLong: ["pre", "file", "search-zip", "ignore-file", "hostname-bin"] },
  find: { paths: "all", check: checkFind },
  sed: { paths: "sed", check: checkSed },
  git: { paths: "none", check: checkGit, checkFolder: checkGitRepository },
  man: { paths: "none", dangerousShort: "PHp", dangerousLong: ["pager", "html", "browser", "preprocessor"] },
  echo: { paths: "none", dynamicArguments: true },
  // printf -v sets a shell variable (CDPATH, PATH, ...).
  printf: { paths: "none", dynamicArguments: true, dangerousShort: "v" },
  pwd: { paths: "none" },
  which: { paths: "none" },
  type: { paths: "none" },
  basename: { paths: "none" },
  dirname: { paths: "none" },
  seq: { paths: "none" },
  true: { paths: "none" },
  // Ending the shell changes nothing (`cd x || exit 1`).
  exit: { paths: "none", maxPositionals: 1 },
  return: { paths: "none", maxPositionals: 1 },
  false: { paths: "none" },
  whoami: { paths: "none" },
  uname: { paths: "none" },
  printenv: { paths: "none" },
  tr: { paths: "none", maxPositionals: 2 },
  date: { paths: "none", dangerousShort: "sf", dangerousLong: ["set", "file"] },
  // jq reads the files it is given and writes only to standard output (see programs/jqCall.ts).
  jq: { paths: "jq", check: (words) => readJqCall(words).problem, checkHome: jqHomeFileProblem },
  // Test expressions look at strings and at the files their file tests name (see testExpression.ts).
  test: TEST_SPEC,
  "[": TEST_SPEC,
  "[[": TEST_SPEC,
};

/** The commands that can run without asking, for help texts and tests. */
export const READ_ONLY_COMMAND_NAMES: readonly string[] = Object.keys(COMMANDS);

function isOption(word: ShellWord): boolean {
  return word.value.startsWith("-") && word.value !== "-";
}

/** The dangerous long option `option` stands for, if any (exact, with a value, or abbreviated). */
function dangerousLongOption(option: string, dangerous: readonly string[]): string | undefined {
  const name = option.slice(2).split("=")[0] ?? "";
  if (name === "") return undefined;
  return dangerous.find((candidate) => candidate === name || candidate.startsWith(name));
}

function checkOptions(words: readonly ShellWord[], spec: CommandSpec): string | undefined {
  for (const word of words.slice(1)) {
    if (word.value === "--") break;
    if (!isOption(word)) continue;
    if (word.value.startsWith("--")) {
      const match = dangerousLongOption(word.value, spec.dangerousLong ?? []);
      if (match !== undefined) return `${word.value} (--${match}) can execute or write`;
    } else if (spec.dangerousShort !== undefined) {
      const letter = [...word.value.slice(1)].find((character) => spec.dangerousShort?.includes(character));
      if (letter !== undefined) return `-${letter} in ${word.value} can execute or write`;
    }
  }
  return undefined;
}

/** The arguments that are not options (everything after `--` counts). */
export function positionals(words: readonly ShellWord[]): ShellWord[] {
  const result: ShellWord[] = [];
  let afterDashes = false;
  for (const word of words.slice(1)) {
    if (!afterDashes && word.value === "--") {
      afterDashes = true;
      continue;
    }
    if (afterDashes || !isOption(word)) result.push(word);
  }
  return result;
}

const FIND_DANGEROUS = /^-(?:exec|execdir|ok|okdir|delete|fprint|fprint0|fprintf|fls)$/;

function checkFind(words: readonly ShellWord[]): string | undefined {
  const bad = words.find((word) => FIND_DANGEROUS.test(word.value));
  return bad === undefined ? undefined : `find ${bad.value} can execute or write`;
}

/** Why a sed call may run commands or write files itself, or undefined (its scripts only print, read and substitute). */
function checkSed(words: readonly ShellWord[]): string | undefined {
  const call = readSedCall(words);
  const effects = call.effects;
  const reason = effects.problems[0] ?? effects.unknown[0];
  if (reason !== undefined) return reason;
  if (effects.runs.length > 0) return `sed runs ${effects.runs[0]?.text ?? "a command"}`;
  const write = effects.touches.find((touch) => touch.access === "write");
  if (write !== undefined) return `sed writes ${write.word.value}`;
  if (call.inPlace) return "sed -i edits files in place";
  return undefined;
}

const GIT_READ_ONLY = new Set([
  "status", "log", "diff", "show", "rev-parse", "ls-files", "blame", "describe", "shortlog", "cat-file",
  "ls-tree", "merge-base", "show-ref", "grep", "branch", "tag", "remote", "rev-list", "help", "version",
]);
const GIT_DANGEROUS_LONG = ["output", "ext-diff", "textconv", "exec", "upload-pack", "open-files-in-pager", "no-index", "receive-pack"];

/** The repository's own settings, hooks and submodules (read only when a git command is judged: start-up never loads the reader). */
function checkGitRepository(folder: string, words: readonly ShellWord[]): string | undefined {
  const settings = require("./programs/gitRepositorySettings.ts") as typeof import("./programs/gitRepositorySettings.ts");
  return settings.repositorySettingsProblem(folder, settings.gitGoesIntoSubmodules(words), 0, settings.gitChecksSignatures(words));
}

function checkGit(words: readonly ShellWord[]): string | undefined {
  const index = gitSubcommandIndex(words);
  const subcommand = words[index];
  if (subcommand === undefined) return "git without a subcommand";
  if (isOption(subcommand)) return `the git option ${subcommand.value} (such as -c or -C) can change what git runs`;
  if (!GIT_READ_ONLY.has(subcommand.value)) return `git ${subcommand.value} is not a read-only git command`;
  const rest = words.slice(index + 1);
  for (const word of rest) {
    if (word.value === "--") break;
    if (word.value.startsWith("--") && dangerousLongOption(word.value, GIT_DANGEROUS_LONG) !== undefined) {
      return `${word.value} can execute, write or read outside the repository`;
    }
    if (subcommand.value === "grep" && /^-[A-Za-z]*O/.test(word.value)) return `git grep ${word.value} opens a program`;
  }
  const listing = ["branch", "tag", "remote"].includes(subcommand.value);
  if (listing) {
    const listingOptions = /^(?:-a|-r|-v|-vv|--all|--remotes|--list|-l|--show-current|--verbose|--no-color|--color|--sort=\S+|--contains|--merged|--no-merged)$/;
    const bad = rest.find((word) => !listingOptions.test(word.value));
    if (bad !== undefined) return `git ${subcommand.value} ${bad.value} can change the repository`;
  }
  return undefined;
}

/** Decides whether `words` (a command with its wrappers stripped) only reads. */
export function classifyReadOnly(words: readonly ShellWord[]): ReadOnlyVerdict {
  const name = words[0];
  if (name === undefined) return { readOnly: false, reason: "no command", paths: [] };
  const spec = name.literal ? COMMANDS[name.value] : undefined;
  if (spec === undefined) return { readOnly: false, reason: `${name.value} is not a known read-only command`, paths: [] };
  if (!spec.dynamicArguments) {
    const dynamic = words.find((word) => !word.literal);
    if (dynamic !== undefined) return { readOnly: false, reason: `the argument ${dynamic.value} is only known when the command runs`, paths: [] };
  }
  const problem = checkOptions(words, spec) ?? spec.check?.(words);
  if (problem !== undefined) return { readOnly: false, reason: problem, paths: [] };
  const args = positionals(words);
  if (spec.maxPositionals !== undefined && args.length > spec.maxPositionals) {
    return { readOnly: false, reason: `${name.value} with ${args.length} arguments can write`, paths: [] };
  }
  const recursive = readsRecursively(words);
  const names = recursive ? grepIncludeNames(words) : undefined;
  return { readOnly: true, paths: readPaths(words, spec, args), recursive, followsLinks: recursive && followsLinks(words), ...(recursive ? { spares: recursiveSpares(words) } : {}), ...(names === undefined ? {} : { names }) };
}

/**
 * classifyReadOnly, and then what the folder the command runs in says (`folder` undefined: not
 * known, so a command that depends on it is not read-only): a repository's own git settings can
 * make `git status` run a program.
 */
export function classifyReadOnlyIn(words: readonly ShellWord[], folder: string | undefined): ReadOnlyVerdict {
  const verdict = classifyReadOnly(words);
  const spec = verdict.readOnly ? COMMANDS[words[0]?.value ?? ""] : undefined;
  const homeProblem = spec?.checkHome?.(process.env.HOME ?? "/");
  if (homeProblem !== undefined) return { readOnly: false, reason: homeProblem, paths: [] };
  const check = spec?.checkFolder;
  if (check === undefined) return verdict;
  const problem = folder === undefined ? `${words[0]?.value} runs in a folder only known when it runs` : check(folder, words);
  return problem === undefined ? verdict : { readOnly: false, reason: problem, paths: [] };
}

function readPaths(words: readonly ShellWord[], spec: CommandSpec, args: ShellWord[]): ShellWord[] {
  // `git grep`, `git diff`, `git show`, ... read every tracked file under the working folder (pathspecs are mentioned paths).
  if (words[0]?.value === "git" && gitReadsContents(words)) {
    // Pathspecs after `--` limit it to themselves (`git diff -- src`); not a pattern git takes from there.
    const dashes = words.findIndex((word) => word.value === "--");
    const pathspecs = dashes === -1 || gitGrepPatternAfterDashes(words) ? [] : words.slice(dashes + 1);
    return pathspecs.length > 0 ? pathspecs : [{ value: ".", literal: true, glob: false }];
  }
  if (spec.paths === "none") return [];
  // sed's files are read; what its scripts read (`r file`) reaches the engine as the part's touches.
  if (spec.paths === "sed") return readSedCall(words).files;
  if (spec.paths === "test") return testExpressionPaths(words);
  if (spec.paths === "jq") return readJqCall(words).files;
  const name = words[0]?.value;
  let paths = args;
  if (name === "find") {
    const starts: ShellWord[] = [];
    for (const word of words.slice(1)) {
      if (/^[-(!]/.test(word.value)) break;
      starts.push(word);
    }
    paths = starts.length > 0 ? starts : [{ value: ".", literal: true, glob: false }];
  } else if (spec.paths === "afterFirst") {
    // Options that take a value are read as such (`rg -C 3 key` searches `.`), so a value is never taken for the pattern.
    const line = readGrepCommandLine(words);
    paths = line.patternAsOption ? line.positionals : line.positionals.slice(1);
    if (paths.length === 0 && name !== "sed") paths = [{ value: ".", literal: true, glob: false }];
  } else if (name === "cd" && args.length === 0) {
    paths = [{ value: process.env.HOME ?? "/", literal: true, glob: false }];
  } else if (name === "cd" && !words.some((word) => /^-[a-zA-Z@]*P/.test(word.value))) {
    // cd (without -P) cleans `..` from the text before it follows links: `cd link/..` stays here.
    paths = args.map((word) => ({ ...word, value: posix.normalize(word.value) }));
  } else if ((name === "ls" || name === "du" || name === "tree") && args.length === 0) {
    paths = [{ value: ".", literal: true, glob: false }];
  }
  // A value glued to a long option may be a path too (`--files0-from=/etc/x`).
  const optionValues = words
    .filter((word) => word.value.startsWith("--") && word.value.includes("=/"))
    .map((word) => ({ ...word, value: word.value.slice(word.value.indexOf("=") + 1) }));
  return [...paths, ...optionValues];
}
