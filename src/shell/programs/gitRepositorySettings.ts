/**
 * A repository's own files can make the read-only git commands run programs: its settings
 * (`core.fsmonitor` on `git status`, `diff.external` and textconv drivers on `git diff`, filters,
 * pagers, `man.<tool>.path` on `git help`, an upload-pack command a partial clone's lazy fetch
 * runs, ...), a `post-index-change` hook (git status and git diff write the index), and the
 * settings of submodules, where `git status` runs again. Those files come with the folder, not
 * from the person, so a git command only counts as read-only in a repository that has none of
 * them. The person's own settings (`~/.gitconfig`, the system's) are theirs and are not read.
 * The repository is found as git finds it: from the real path of the folder, upwards.
 */
import { existsSync, lstatSync, readdirSync, readlinkSync, realpathSync, statSync } from "node:fs";
import { dirname, isAbsolute, join, resolve } from "node:path";
import { readBoundedFile } from "../../files/readBoundedFile.ts";
import { listGitlinks } from "./gitIndexEntries.ts";
import { parseGitConfig } from "./gitConfigText.ts";

export { parseGitConfig } from "./gitConfigText.ts";

/** A settings or pointer file larger than this is not read: such a git command is asked. */
const MAX_GIT_FILE_BYTES = 256 * 1024;
/** An index larger than this is not searched for submodules: such a git command is asked. */
const MAX_INDEX_BYTES = 64 * 1024 * 1024;
/** Submodules checked in one repository, and how deep inside each other: more is asked. */
const MAX_SUBMODULES = 50;
const MAX_SUBMODULE_DEPTH = 3;
/** The folders walked up from a command's folder to find its repository. */
const MAX_DEPTH = 512;

/** A file's bytes when it is a regular file of at most `maxBytes` (undefined when absent), or a problem in words. */
function readGitFile(path: string, maxBytes: number): { bytes?: Buffer; problem?: string } {
  try {
    const read = readBoundedFile(path, maxBytes);
    if (read.kind === "read") return { bytes: read.bytes };
    if (read.kind === "too-large") return { problem: `${path} is larger than ${maxBytes} bytes` };
    return { problem: `${path} is not a regular file` };
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === "ENOENT" || code === "ENOTDIR") return {};
    return { problem: `${path} cannot be read` };
  }
}

/** A small file's text (undefined when absent), or a problem in words. */
function readSmallFile(path: string): { text?: string; problem?: string } {
  const read = readGitFile(path, MAX_GIT_FILE_BYTES);
  return read.bytes === undefined ? { problem: read.problem } : { text: read.bytes.toString("utf8") };
}

/** A pointer file's path as git reads it: only line ends are trimmed (a trailing space is part of the path). */
function pointerText(text: string): string {
  return text.replace(/[\r\n]+$/, "");
}

function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

/** The repository folder git uses for `gitDirectory`'s objects and settings: its commondir, or itself. */
function commonDirectory(gitDirectory: string): { path: string } | { problem: string } {
  const pointer = readSmallFile(join(gitDirectory, "commondir"));
  if (pointer.problem !== undefined) return { problem: pointer.problem };
  if (pointer.text === undefined) return { path: gitDirectory };
  return { path: resolve(gitDirectory, pointerText(pointer.text)) };
}

/** Whether HEAD is one git accepts: a link into refs/, `ref: refs/...`, or an object name (else git walks on up); "unknown" when it cannot be read. */
function hasValidHead(folder: string): boolean | "unknown" {
  const head = join(folder, "HEAD");
  try {
    if (lstatSync(head).isSymbolicLink()) return readlinkSync(head).startsWith("refs/");
  } catch {
    return false;
  }
  const read = readSmallFile(head);
  if (read.text === undefined) return read.problem === undefined ? false : "unknown";
  if (read.text.startsWith("ref:")) return /^ref:[ \t]*refs\//.test(read.text);
  return /^[0-9a-f]{40}/.test(read.text);
}

/** Whether git takes `folder` for a repository folder: a valid HEAD, and objects and refs (in its commondir). */
function isGitDirectory(folder: string): boolean | "unknown" {
  try {
    const head = hasValidHead(folder);
    if (head !== true) return head;
    const common = commonDirectory(folder);
    if ("problem" in common) return "unknown";
    return isDirectory(join(common.path, "objects")) && isDirectory(join(common.path, "refs"));
  } catch {
    return "unknown";
  }
}

/** A repository: its git folder, the folder its settings and hooks live in, and its work tree (none when bare). */
export interface FoundRepository {
  gitDirectory: string;
  commonDirectory: string;
  workTree?: string;
}

/** The repository git would use in `folder`: none outside one, or a problem in words. */
export function findRepository(folder: string): { repository?: FoundRepository } | { problem: string } {
  let current: string;
  try {
    current = realpathSync(folder);
  } catch {
    return { problem: `the folder ${folder} cannot be found` };
  }
  for (let depth = 0; depth < MAX_DEPTH; depth++) {
    const dotGit = join(current, ".git");
    let gitDirectory: string | undefined;
    let stats: ReturnType<typeof lstatSync> | undefined;
    try {
      stats = statSync(dotGit);
    } catch {
      stats = undefined;
    }
    if (stats?.isFile()) {
      // A worktree or submodule: `.git` is a file that says where the repository is.
      const pointer = readSmallFile(dotGit);
      if (pointer.problem !== undefined || pointer.text === undefined) return { problem: pointer.problem ?? `${dotGit} cannot be read` };
      const text = pointerText(pointer.text);
      if (!text.startsWith("gitdir: ")) return { problem: `${dotGit} does not say where its repository is` };
      gitDirectory = resolve(current, text.slice("gitdir: ".length));
    } else if (stats?.isDirectory()) {
      const verdict = isGitDirectory(dotGit);
      if (verdict === "unknown") return { problem: `whether ${dotGit} is a repository cannot be told` };
      if (verdict) gitDirectory = dotGit;
    }
    if (gitDirectory !== undefined) {
      const common = commonDirectory(gitDirectory);
      if ("problem" in common) return { problem: common.problem };
      return { repository: { gitDirectory, commonDirectory: common.path, workTree: current } };
    }
    // An empty or broken .git folder is skipped, as git skips it; a bare repository is its own git folder.
    const bare = isGitDirectory(current);
    if (bare === "unknown") return { problem: `whether ${current} is a repository cannot be told` };
    if (bare) {
      const common = commonDirectory(current);
      if ("problem" in common) return { problem: common.problem };
      return { repository: { gitDirectory: current, commonDirectory: common.path } };
    }
    const parent = dirname(current);
    if (parent === current) return {};
    current = parent;
  }
  return { problem: `${folder} is more than ${MAX_DEPTH} folders deep` };
}

function sameFolder(a: string, b: string): boolean {
  try {
    return realpathSync(a) === realpathSync(b);
  } catch {
    return false;
  }
}

/** Read as true or false by git: such a value names no program (`pager.log = false`, `core.fsmonitor = true`). Quotes keep spaces. */
const BOOLEAN = /^(?:true|false|yes|no|on|off|1|0|)$/i;

/** `core.` settings that are data: anything else in core (fsmonitor, pager, sshCommand, alternateRefsCommand, worktree, ...) is asked about. */
const CORE_DATA = new Set([
  "repositoryformatversion", "filemode", "bare", "logallrefupdates", "ignorecase", "precomposeunicode", "protecthfs", "protectntfs",
  "symlinks", "autocrlf", "eol", "safecrlf", "quotepath", "checkstat", "trustctime", "untrackedcache", "splitindex", "commitgraph",
  "multipackindex", "abbrev", "compression", "loosecompression", "bigfilethreshold", "sparsecheckout", "sparsecheckoutcone",
  "excludesfile", "attributesfile", "whitespace", "fsync", "fsyncmethod", "preloadindex", "deltabasecachelimit", "packedgitlimit",
  "packedgitwindowsize", "packedrefstimeout", "filesreflocktimeout", "createobject", "notesref", "warnambiguousrefs", "commentchar",
  "commentstring", "checkroundtripencoding", "longpaths", "fscache", "hidedotfiles", "restrictinheritedhandles", "unsetenvvars",
  "hookspath", "sharedrepository", "editor", "pager",
]);

/** `remote.<name>.` settings that name programs (the others are addresses, refspecs and switches). */
const REMOTE_PROGRAMS = new Set(["uploadpack", "receivepack", "vcs"]);

/** `diff.` and `diff.<driver>.` settings that name programs. */
const DIFF_PROGRAMS = new Set(["external", "textconv", "command"]);

/** `core.` settings that name programs only fetching and pushing run: a partial clone's lazy fetch aside, read-only commands never do. */
const CORE_TRANSPORT = new Set(["sshcommand", "askpass", "gitproxy"]);

/** `gpg.` settings that name programs (`gpg.format` and the rest are data). */
const GPG_PROGRAMS = new Set(["program", "defaultkeycommand"]);

/** Sections whose every setting can run a program, or include settings toolshed cannot see. */
const PROGRAM_SECTIONS = new Set(["filter", "man", "web", "browser", "include", "includeif", "hook", "uploadpack", "trace2", "instaweb", "guitool", "sendemail"]);

/** Sections a lazy fetch reads (a partial clone fetches missing objects on git show and git log -p): not data there. */
const TRANSPORT_SECTIONS = new Set(["credential", "url", "protocol"]);

/** What `git lfs install --local` writes: git-lfs from the person's PATH, nothing the repository names. */
const LFS_FILTER = /^filter\.lfs\.(?:clean|smudge|process|required)$/;
const LFS_COMMAND = /^git-lfs (?:clean|smudge|filter-process)(?: -- %f)?$/;

/**
 * Why one setting of the repository's own makes a read-only git command run a program, or
 * undefined. Pagers are not: toolshed's shell commands write to a file, never a terminal, so git
 * starts no pager for them (and `git -p` is not a read-only command).
 */
function settingProblem(key: string, value: string, partialClone: boolean, verifiesSignatures: boolean): string | undefined {
  const segments = key.split(".");
  const section = segments[0] ?? "";
  const name = segments.at(-1) ?? "";
  const named = `${key} = ${value}`;
  if (LFS_FILTER.test(key)) return name === "required" || LFS_COMMAND.test(value.trim()) ? undefined : named;
  if (PROGRAM_SECTIONS.has(section)) return named;
  if (section === "core") {
    // A true/false or a number names no program (core.useReplaceRefs, core.fsmonitor = true, ...).
    if (BOOLEAN.test(value) || /^-?\d+[kmg]?$/i.test(value.trim())) return undefined;
    if (CORE_TRANSPORT.has(name)) return partialClone ? `${named} (a partial clone fetches what it lacks)` : undefined;
    return CORE_DATA.has(name) ? undefined : named;
  }
  if (section === "pager") return undefined;
  if (section === "diff") return DIFF_PROGRAMS.has(name) ? named : undefined;
  // Only commands that check signatures run gpg (git log and git show, with log.showSignature or --show-signature).
  if (section === "gpg") return verifiesSignatures && GPG_PROGRAMS.has(name) ? named : undefined;
  if (section === "remote" && REMOTE_PROGRAMS.has(name)) return named;
  if (section === "submodule" && name === "update") return value.startsWith("!") ? named : undefined;
  if (partialClone && TRANSPORT_SECTIONS.has(section)) return `${named} (a partial clone fetches what it lacks, through these settings)`;
  return undefined;
}

/** Whether the settings make a partial clone, whose read-only commands may fetch. */
function isPartialClone(settings: readonly string[]): boolean {
  return settings.some((setting) => /^extensions\.partialclone=/.test(setting) || /^remote\..+\.promisor=(?:true|yes|on|1)?$/i.test(setting));
}

/** The settings files git reads for this repository: its config, the worktree's, and a linked worktree's common one. */
function settingsFiles(repository: FoundRepository): string[] {
  const files = [join(repository.commonDirectory, "config"), join(repository.gitDirectory, "config.worktree")];
  if (repository.gitDirectory !== repository.commonDirectory) files.push(join(repository.gitDirectory, "config"));
  return files;
}

/** Why the repository's hooks or (for a command that goes into them) submodules may run something, or undefined. */
function hooksAndSubmodulesProblem(repository: FoundRepository, hooksPath: string | undefined, intoSubmodules: boolean, depth: number): string | undefined {
  const hooks = hooksPath === undefined
    ? join(repository.commonDirectory, "hooks")
    : isAbsolute(hooksPath) ? hooksPath : resolve(repository.workTree ?? repository.gitDirectory, hooksPath);
  // git status and git diff write the index, and that runs this hook.
  if (existsSync(join(hooks, "post-index-change"))) return `the repository has a post-index-change hook (${join(hooks, "post-index-change")}), which runs when git writes its index`;
  if (!intoSubmodules || repository.workTree === undefined) return undefined;
  const index = join(repository.gitDirectory, "index");
  const read = readGitFile(index, MAX_INDEX_BYTES);
  if (read.problem !== undefined) return `its index cannot be checked: ${read.problem}`;
  if (read.bytes === undefined) return undefined;
  const found = listGitlinks(read.bytes, MAX_SUBMODULES);
  if (found.kind === "unreadable") return `its index ${index} cannot be read by toolshed (${found.reason})`;
  if (found.more) return `the repository has more than ${MAX_SUBMODULES} submodules, where git status runs again with their own settings`;
  // git goes into a submodule that is checked out (it has a .git), with that repository's own settings.
  for (const path of found.paths) {
    const folder = join(repository.workTree, path);
    if (!existsSync(join(folder, ".git"))) continue;
    if (depth >= MAX_SUBMODULE_DEPTH) return `the submodule ${path} holds submodules more than ${MAX_SUBMODULE_DEPTH} deep`;
    const inside = repositorySettingsProblem(folder, true, depth + 1, false);
    if (inside !== undefined) return `in the submodule ${path}, ${inside}`;
  }
  return undefined;
}

/** A git command line's subcommand: its first word after git that is not an option. */
function gitSubcommand(values: readonly string[]): string | undefined {
  return values.slice(1).find((value) => !value.startsWith("-"));
}

/** Whether a git command line may check signatures (and so run gpg.program): log and show, or --show-signature. */
export function gitChecksSignatures(words: readonly { value: string }[]): boolean {
  const values = words.map((word) => word.value);
  if (values.some((value) => value === "--show-signature" || value.startsWith("--verify"))) return true;
  const subcommand = gitSubcommand(values);
  return subcommand === "log" || subcommand === "show";
}

/** Whether a git command line goes into submodules: status, diff and show do, log with a patch, and anything asked to recurse. */
export function gitGoesIntoSubmodules(words: readonly { value: string }[]): boolean {
  const values = words.map((word) => word.value);
  if (values.some((value) => value.startsWith("--recurse-submodules") || value.startsWith("--submodule"))) return true;
  const subcommand = gitSubcommand(values);
  if (subcommand === "status" || subcommand === "diff" || subcommand === "show") return true;
  return subcommand === "log" && values.some((value) => value === "-p" || value === "-u" || value === "--patch" || /^-[A-Za-z]*p/.test(value));
}

/**
 * Why git, run in `folder`, may run a program its repository's own files name (or read files
 * toolshed cannot see), or undefined when they name none. `intoSubmodules`: the command goes
 * into submodules (git status, git diff), so theirs count too.
 */
export function repositorySettingsProblem(folder: string, intoSubmodules = true, depth = 0, verifiesSignatures = true): string | undefined {
  let found: ReturnType<typeof findRepository>;
  try {
    found = findRepository(folder);
  } catch {
    return `the git repository around ${folder} cannot be read`;
  }
  if ("problem" in found) return `the repository's git settings cannot be checked: ${found.problem}`;
  const repository = found.repository;
  if (repository === undefined) return undefined;
  const all: { file: string; settings: string[] }[] = [];
  for (const file of settingsFiles(repository)) {
    const read = readSmallFile(file);
    if (read.problem !== undefined) return `the repository's git settings cannot be checked: ${read.problem}`;
    if (read.text === undefined) continue;
    const settings = parseGitConfig(read.text);
    if (settings === undefined) return `the repository's git settings in ${file} cannot be read by toolshed`;
    all.push({ file, settings });
  }
  const partialClone = all.some(({ settings }) => isPartialClone(settings));
  let hooksPath: string | undefined;
  for (const { file, settings } of all) {
    for (const setting of settings) {
      const equals = setting.indexOf("=");
      const key = setting.slice(0, equals);
      const value = setting.slice(equals + 1);
      if (key === "core.hookspath") hooksPath = value;
      // A submodule's settings name its own work tree: that is where git already is.
      if (key === "core.worktree" && repository.workTree !== undefined && sameFolder(resolve(repository.gitDirectory, value), repository.workTree)) continue;
      const problem = settingProblem(key, value, partialClone, verifiesSignatures);
      if (problem !== undefined) return `the repository's own git settings can make git run a program (${file}: ${problem})`;
    }
  }
  const other = hooksAndSubmodulesProblem(repository, hooksPath, intoSubmodules, depth);
  return other === undefined ? undefined : `git may run a program the repository chose: ${other}`;
}
