/**
 * Which paths a search skips, as ripgrep decides: `.gitignore` (inside a git repository),
 * `.ignore` and `.rgignore` files of every folder from the filesystem root down, the
 * repository's `.git/info/exclude`, and the deeper, more specific file winning.
 */
import { existsSync } from "node:fs";
import { readBoundedFile } from "../files/readBoundedFile.ts";
import { MAX_IGNORE_FILE_BYTES } from "../files/limits.ts";
import { dirname, join, relative } from "node:path";
import { compileIgnoreFile, joinSources, type IgnoreFileRules, type IgnoreVerdict, type RuleSources } from "./ignoreFileRules.ts";
import { isFolder } from "../files/statOrUndefined.ts";

export type { IgnoreVerdict } from "./ignoreFileRules.ts";

interface Level {
  folder: string;
  hasGit: boolean;
  rgignore?: IgnoreFileRules;
  ignore?: IgnoreFileRules;
  gitignore?: IgnoreFileRules;
  exclude?: IgnoreFileRules;
}

/** An ignore file's rules; one that cannot be read, is too large, or is a pipe or device (which would block) counts as absent. */
function loadPatterns(path: string): IgnoreFileRules | undefined {
  let text: string;
  try {
    const read = readBoundedFile(path, MAX_IGNORE_FILE_BYTES);
    if (read.kind !== "read") return undefined;
    text = read.bytes.toString("utf8");
  } catch {
    return undefined;
  }
  if (text.trim() === "") return undefined;
  // git and ripgrep keep a tab at a line's end and a byte order mark past the file's start as part of
  // the pattern (so the line names no ordinary file); the parser would drop them: such lines are left out.
  const lines = text.replace(/^\ufeff/, "").split("\n").filter((line) => !line.includes("\ufeff") && !/\t[\t ]*\r?$/.test(line));
  return compileIgnoreFile(lines.join("\n"));
}

/** A folder's ignore files; `names` (its entries, when the caller has listed it) saves failed opens. */
function loadLevel(folder: string, names?: ReadonlySet<string>): Level {
  const has = (name: string) => (names === undefined ? true : names.has(name));
  const hasGit = names === undefined ? existsSync(join(folder, ".git")) : names.has(".git");
  return {
    folder,
    hasGit,
    rgignore: has(".rgignore") ? loadPatterns(join(folder, ".rgignore")) : undefined,
    ignore: has(".ignore") ? loadPatterns(join(folder, ".ignore")) : undefined,
    gitignore: has(".gitignore") ? loadPatterns(join(folder, ".gitignore")) : undefined,
    exclude: hasGit ? loadPatterns(join(folder, ".git", "info", "exclude")) : undefined,
  };
}

/** `path` relative to `folder`, which is known to contain it (cheaper than path.relative). */
function below(folder: string, path: string): string {
  if (path.startsWith(folder) && (folder.endsWith("/") || path[folder.length] === "/")) {
    return path.slice(folder.endsWith("/") ? folder.length : folder.length + 1);
  }
  return relative(folder, path);
}

function verdictOf(matcher: IgnoreFileRules | undefined, path: string): IgnoreVerdict {
  if (matcher === undefined || path === "" || path.startsWith("..")) return "none";
  return matcher.verdict(path);
}

/** A quick test that passes every path some rule of the stack could match (and a few more). */
interface QuickCheck {
  /** Rules that look at the last name only, every level's joined. */
  name?: RegExp;
  /** Per level, its other rules joined, tested against the path below that level's folder. */
  paths: Array<{ folder: string; regex: RegExp }>;
  /** True when joining failed somewhere: no quick answer, every path is judged in full. */
  judgeAll: boolean;
}

/** The ignore files in force in one folder: its own and every ancestor's. Immutable; cheap to extend. */
export class IgnoreStack {
  private quickForFiles: QuickCheck | undefined;
  private quickForFolders: QuickCheck | undefined;

  private constructor(private readonly levels: readonly Level[], private readonly anyGit: boolean) {}

  /** The stack for `folder`, with the ignore files of every folder above it. */
  static forFolder(folder: string): IgnoreStack {
    const chain: string[] = [];
    for (let current = folder; ; current = dirname(current)) {
      chain.unshift(current);
      if (dirname(current) === current) break;
    }
    const loaded = chain.map((current) => loadLevel(current));
    // git's ignore files count from the repository's top down, not above it (.ignore and .rgignore do).
    const top = loaded.findLastIndex((level) => level.hasGit);
    const levels = loaded.map((level, index) => (index < top ? { ...level, gitignore: undefined, exclude: undefined } : level))
      .filter((level) => level.hasGit || level.rgignore || level.ignore || level.gitignore);
    return new IgnoreStack(levels, levels.some((level) => level.hasGit));
  }

  /** The stack for a child folder, given the names of its entries. */
  child(folder: string, names: ReadonlySet<string>): IgnoreStack {
    if (!names.has(".git") && !names.has(".gitignore") && !names.has(".ignore") && !names.has(".rgignore")) return this;
    const level = loadLevel(folder, names);
    if (!level.hasGit && !level.rgignore && !level.ignore && !level.gitignore) return this;
    // A repository inside another is its own: the outer one's git ignore files stop at its top (as in forFolder).
    const above = level.hasGit ? this.levels.map((each) => ({ ...each, gitignore: undefined, exclude: undefined })) : this.levels;
    return new IgnoreStack([...above, level], this.anyGit || level.hasGit);
  }

  /** The files the verdict consults at a level. */
  private filesOf(level: Level): IgnoreFileRules[] {
    const files = [level.rgignore, level.ignore];
    if (this.anyGit) files.push(level.gitignore, level.exclude);
    return files.filter((file): file is IgnoreFileRules => file !== undefined);
  }

  private buildQuickCheck(pick: (file: IgnoreFileRules) => RuleSources): QuickCheck {
    const nameSources: string[] = [];
    const paths: QuickCheck["paths"] = [];
    let judgeAll = false;
    for (const level of this.levels) {
      const pathSources: string[] = [];
      for (const file of this.filesOf(level)) {
        nameSources.push(...pick(file).name);
        pathSources.push(...pick(file).path);
      }
      if (pathSources.length === 0) continue;
      const regex = joinSources(pathSources);
      if (regex === undefined) judgeAll = true;
      else paths.push({ folder: level.folder, regex });
    }
    const name = joinSources(nameSources);
    if (nameSources.length > 0 && name === undefined) judgeAll = true;
    return { name, paths, judgeAll };
  }

  /** False only when no rule of the stack can match the path, so its verdict is "none". */
  private mayMatch(path: string, isDirectory: boolean, name: string): boolean {
    const quick = isDirectory
      ? (this.quickForFolders ??= this.buildQuickCheck((file) => file.forFolders))
      : (this.quickForFiles ??= this.buildQuickCheck((file) => file.forFiles));
    if (quick.judgeAll) return true;
    const suffix = isDirectory ? "/" : "";
    if (quick.name !== undefined && quick.name.test(isDirectory ? `${name}/` : name)) return true;
    for (const { folder, regex } of quick.paths) if (regex.test(below(folder, path) + suffix)) return true;
    return false;
  }

  /** The verdict for an absolute path, a folder when `isDirectory`; `name` is its last part. */
  verdict(path: string, isDirectory: boolean, name = path.slice(path.lastIndexOf("/") + 1), gitOnly = false): IgnoreVerdict {
    if (this.levels.length === 0 || !this.mayMatch(path, isDirectory, name)) return "none";
    let rgignore: IgnoreVerdict = "none";
    let plain: IgnoreVerdict = "none";
    let git: IgnoreVerdict = "none";
    let exclude: IgnoreVerdict = "none";
    // Deepest folder first: the first file with an opinion decides for its kind.
    for (let index = this.levels.length - 1; index >= 0; index--) {
      const level = this.levels[index] as Level;
      const rel = below(level.folder, path) + (isDirectory ? "/" : "");
      if (rgignore === "none") rgignore = verdictOf(level.rgignore, rel);
      if (plain === "none") plain = verdictOf(level.ignore, rel);
      if (this.anyGit && git === "none") git = verdictOf(level.gitignore, rel);
      if (this.anyGit && exclude === "none") exclude = verdictOf(level.exclude, rel);
    }
    if (!gitOnly && rgignore !== "none") return rgignore;
    if (!gitOnly && plain !== "none") return plain;
    return git !== "none" ? git : exclude;
  }
}

/** Names whose presence in a folder gives it ignore rules of its own. */
const IGNORE_NAMES = [".git", ".gitignore", ".ignore", ".rgignore"];

/** The ignore stack in force in each folder at or below `root`, built once per folder as asked. */
function folderStacks(root: string): (folder: string) => IgnoreStack {
  const stacks = new Map<string, IgnoreStack>();
  const stackOf = (folder: string): IgnoreStack => {
    let stack = stacks.get(folder);
    if (stack === undefined) {
      stack = folder === root || !folder.startsWith(`${root}/`) ? IgnoreStack.forFolder(folder)
        : stackOf(dirname(folder)).child(folder, new Set(IGNORE_NAMES.filter((each) => existsSync(join(folder, each)))));
      stacks.set(folder, stack);
    }
    return stack;
  };
  return stackOf;
}

/**
 * Tells whether a path below `root` is skipped by the ignore files from the filesystem root down
 * to it: it, or a folder on the way to it, is ignored; with `gitOnly`, by git's own (.gitignore and
 * the repository's exclude file), not ripgrep's .ignore and .rgignore. Ripgrep does not search such
 * a file; git leaves one alone only when it also does not track it. Each folder's ignore files are
 * read once, however many paths below it are asked about.
 */
export function ignoredBelow(root: string): (path: string, gitOnly?: boolean) => boolean {
  const stackOf = folderStacks(root);
  return (path, gitOnly = false) => {
    if (!path.startsWith(`${root}/`)) return false;
    let current = root;
    const names = path.slice(root.length + 1).split("/").filter((name) => name !== "");
    for (let index = 0; index < names.length; index++) {
      const name = names[index] as string;
      const next = `${current}/${name}`;
      const last = index === names.length - 1;
      const isDirectory = !last || isFolder(next);
      if (stackOf(current).verdict(next, isDirectory, name, gitOnly) === "ignore") return true;
      if (last) break;
      current = next;
    }
    return false;
  };
}

/**
 * Tells whether the walk keeps a file below `root` that a listing handed out without judging it
 * (`rg --type` lists hidden files): judged as the walk judges an entry, by the ignore files in
 * force in its folder and, unless `hidden`, by a leading ".". The folders on the way are not
 * judged: the listing entered them.
 */
export function keptBelow(root: string, hidden: boolean): (path: string) => boolean {
  const stackOf = folderStacks(root);
  return (path) => {
    if (!path.startsWith(`${root}/`)) return false;
    const name = path.slice(path.lastIndexOf("/") + 1);
    const verdict = stackOf(dirname(path)).verdict(path, false, name);
    return verdict === "whitelist" || (verdict === "none" && (hidden || name.charCodeAt(0) !== 46 /* "." */));
  };
}

