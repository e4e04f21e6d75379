/**
 * Which paths a search skips, as ripgrep decides: `.gitignore` (inside a git repository),
 * `.ignore` and `.rgignore` files of every folder from the filesystem root down, the
 * repository's `.git/info/exclude`, and the deeper, more specific file winning.
 */
import { existsSync, readFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import ignore, { type Ignore } from "ignore";

/** A verdict: skip, keep explicitly (a `!pattern`), or no opinion. */
export type IgnoreVerdict = "ignore" | "whitelist" | "none";

interface Level {
  folder: string;
  hasGit: boolean;
  rgignore?: Ignore;
  ignore?: Ignore;
  gitignore?: Ignore;
  exclude?: Ignore;
}

function loadPatterns(path: string): Ignore | undefined {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch {
    return undefined;
  }
  if (text.trim() === "") return undefined;
  return ignore({ ignorecase: false, allowRelativePaths: true }).add(text);
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

interface RuleSet {
  test(path: string, checkUnignored: boolean, mode: string): { ignored: boolean; unignored: boolean };
}

/**
 * Tests one path against a file's patterns without also testing its parent folders: the walk has
 * already judged those, and ripgrep searches a root it was given even inside an ignored folder.
 * node-ignore's public test() always climbs the parents, so this uses its (pinned) rule list.
 */
function testOnePath(matcher: Ignore, path: string): { ignored: boolean; unignored: boolean } {
  const rules = (matcher as unknown as { _rules?: RuleSet })._rules;
  return typeof rules?.test === "function" ? rules.test(path, true, "regex") : matcher.test(path);
}

function verdictOf(matcher: Ignore | undefined, path: string): IgnoreVerdict {
  if (matcher === undefined || path === "" || path.startsWith("..")) return "none";
  const result = testOnePath(matcher, path);
  return result.ignored ? "ignore" : result.unignored ? "whitelist" : "none";
}

/** The ignore files in force in one folder: its own and every ancestor's. Immutable; cheap to extend. */
export class IgnoreStack {
  private constructor(private readonly levels: readonly Level[], private readonly anyGit: boolean) {}

  /** The stack for `folder`, with the ignore files of every folder above it. */
  static forFolder(folder: string): IgnoreStack {
    const chain: string[] = [];
    for (let current = folder; ; current = dirname(current)) {
      chain.unshift(current);
      if (dirname(current) === current) break;
    }
    const levels = chain.map((current) => loadLevel(current)).filter((level) => level.hasGit || level.rgignore || level.ignore || level.gitignore);
    return new IgnoreStack(levels, levels.some((level) => level.hasGit));
  }

  /** The stack for a child folder, given the names of its entries. */
  child(folder: string, names: ReadonlySet<string>): IgnoreStack {
    if (!names.has(".git") && !names.has(".gitignore") && !names.has(".ignore") && !names.has(".rgignore")) return this;
    const level = loadLevel(folder, names);
    if (!level.hasGit && !level.rgignore && !level.ignore && !level.gitignore) return this;
    return new IgnoreStack([...this.levels, level], this.anyGit || level.hasGit);
  }

  /** The verdict for an absolute path, a folder when `isDirectory`. */
  verdict(path: string, isDirectory: boolean): IgnoreVerdict {
    if (this.levels.length === 0) return "none";
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
    for (const verdict of [rgignore, plain, git, exclude]) if (verdict !== "none") return verdict;
    return "none";
  }
}
