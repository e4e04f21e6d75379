/**
 * Reads of whole folders (`grep -r x .`, `rg x`, `git grep`): the command cannot be shown to skip
 * the files a Read deny or ask rule names, so the folder is searched for one. Only where the rule
 * can name something: under its fixed leading folder, or anywhere for a bare name (`.env`). The
 * search is bounded; a search cut short counts as a match (asked, never allowed).
 */
import { existsSync, lstatSync, readdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { isPathWithin } from "../paths/isInsideDirectories.ts";
import { walkFolder, type WalkResult } from "../paths/walkFolder.ts";
import { anchorPattern, matchPathPattern } from "./matchPathPattern.ts";
import type { PathContext } from "./pathJudgment.ts";
import type { PermissionRule } from "./types.ts";
import type { FolderSpares } from "../shell/types.ts";
import { ignoredBelow } from "../search/ignoreRules.ts";
import { pathForms } from "../paths/pathForms.ts";
import { hardLinkRuleMatch } from "./hardLinks.ts";
import { readBoundedFile } from "../files/readBoundedFile.ts";
import { listGitlinks, listTrackedPaths } from "../shell/programs/gitIndexEntries.ts";
import { findRepository } from "../shell/programs/gitRepositorySettings.ts";
import { isFolder, realPathOrUndefined } from "../files/statOrUndefined.ts";

/** At most this many entries are searched per rule under a folder read as a whole. */
export const MAX_RECURSIVE_SCAN = 5000;

/**
 * A file under `folder` the rule covers, none, or the limit reached first. With `followLinks`
 * (`grep -R`, `rg -L`) the folders links lead to are searched too, and each file is tried by the
 * path it is reached through and by its real path.
 */
export function coveredFileUnder(rule: PermissionRule, folder: string, context: PathContext, followLinks = false, spares: Spares = {}): WalkResult {
  const globs = spares.names?.map((name) => new Bun.Glob(name));
  let tracked: ((path: string) => boolean) | undefined;
  let ignored: ReturnType<typeof ignoredBelow> | undefined;
  const isIgnored = (path: string, gitOnly: boolean) => (ignored ??= ignoredBelow(folder))(path, gitOnly);
  // A file is reached by its own name, or (namedFolders) by the name of any folder it lies in,
  // `folder` itself included (find tests its start folders' names too), as reached and as it really
  // is (a walk that follows links reaches a folder once, maybe through a link of another name).
  const namesOn = (path: string, base: string) => [base.slice(base.lastIndexOf("/") + 1), ...path.slice(base.length).split("/")].filter((name) => name !== "");
  const matches = (names: readonly string[]) => globs?.some((glob) => names.some((name) => glob.match(name))) === true;
  let realFolder: string | undefined;
  const reachedByName = (path: string) => {
    if (spares.namedFolders !== true) return matches([path.slice(path.lastIndexOf("/") + 1)]);
    if (matches(namesOn(path, folder))) return true;
    const real = realPathOrUndefined(path);
    realFolder ??= realPathOrUndefined(folder) ?? folder;
    return real !== undefined && matches(real.startsWith(`${realFolder}/`) ? namesOn(real, realFolder) : real.split("/"));
  };
  const spared = (path: string) => (globs !== undefined && !reachedByName(path)) ||
    (spares.hidden === true && isHiddenBelow(folder, path)) || (spares.ignored === true && isIgnored(path, false)) ||
    (spares.gitIgnored === true && isIgnored(path, true)) ||
    (spares.untracked === true && !(tracked ??= trackedByGit(folder))(path) && !(spares.unlessIgnored === true && isIgnored(path, true)));
  const found = coveredFileUnderAll(rule, folder, context, followLinks, spared);
  if (found.kind !== "none" || (globs === undefined && Object.values(spares).every((value) => value !== true))) return found;
  // Left alone by name, a file may still be another name of a covered one (`ln .env notes.ts`).
  return walkFolder(folder, MAX_RECURSIVE_SCAN, (path, entry) => {
    if (!entry.isFile() || linkCount(path) < 2 || spared(path)) return false;
    return hardLinkRuleMatch(rule, pathForms(path, folder), context).kind !== "none";
  }, { followLinks });
}

function linkCount(path: string): number {
  try {
    return lstatSync(path).nlink;
  } catch {
    return 1;
  }
}

/** What a whole-folder read or change leaves alone (see FolderSpares), and the only names it reaches. */
export interface Spares extends FolderSpares {
  /** Only files whose names match one of these globs are reached. */
  names?: readonly string[];
  /** A file is reached too when a folder it lies in matches one of `names` (find's -name meets folders). */
  namedFolders?: boolean;
}

/** The index's largest size read to tell tracked files from untracked ones. */
const MAX_INDEX_BYTES = 64 * 1024 * 1024;

/** Whether git tracks a path under `folder`: by its repository's index; every path counts as tracked when that cannot be read. */
function trackedByGit(folder: string): (path: string) => boolean {
  const found = findRepository(folder);
  const repository = "repository" in found ? found.repository : undefined;
  if (repository?.workTree === undefined) return () => true;
  let read: ReturnType<typeof readBoundedFile>;
  try {
    read = readBoundedFile(join(repository.gitDirectory, "index"), MAX_INDEX_BYTES);
  } catch (error) {
    // No index yet: nothing is tracked.
    return (error as NodeJS.ErrnoException).code === "ENOENT" ? () => false : () => true;
  }
  if (read.kind !== "read") return () => true;
  const listed = listTrackedPaths(read.bytes, Number.MAX_SAFE_INTEGER);
  if (listed.kind !== "listed") return () => true;
  // Submodules are repositories of their own, with indexes of their own: nothing is known untracked there.
  const gitlinks = listGitlinks(read.bytes);
  if (gitlinks.kind !== "listed" || gitlinks.paths.length > 0) return () => true;
  const paths = new Set(listed.paths);
  const top = repository.workTree;
  return (path) => {
    const relative = path.startsWith(`${top}/`) ? path.slice(top.length + 1) : undefined;
    // A folder is tracked when a tracked file lies in it.
    return relative === undefined || paths.has(relative) || [...paths].some((each) => each.startsWith(`${relative}/`));
  };
}

/** True when a name on the way from `folder` down to `path` starts with a dot. */
function isHiddenBelow(folder: string, path: string): boolean {
  return path.startsWith(`${folder}/`) && path.slice(folder.length + 1).split("/").some((name) => name.startsWith("."));
}

function coveredFileUnderAll(rule: PermissionRule, folder: string, context: PathContext, followLinks: boolean, spared: (path: string) => boolean): WalkResult {
  const pattern = rule.ruleContent;
  if (pattern === undefined) return { kind: "found", path: folder };
  const options = { ...context, baseDirectory: rule.baseDirectory, strict: true };
  const anchored = anchorPattern(pattern, options);
  const lastName = lastNameTest(anchored.pattern);
  if (followLinks) {
    return walkFolder(folder, MAX_RECURSIVE_SCAN, (path, entry) => {
      const isDirectory = entry.isDirectory() || (entry.isSymbolicLink() && context.canonical(path) !== path && isFolder(path));
      return [path, context.canonical(path)].some((each) => matchPathPattern(pattern, each, { ...options, isDirectory })) && !spared(path);
    }, { followLinks: true });
  }
  if (anchored.pattern.replace(/\/$/, "").includes("/")) {
    const body = anchored.pattern.replace(/^\//, "").replace(/\/$/, "");
    const globAt = body.search(/[*?[]/);
    // The folder the rule's fixed names lead to: the one its first glob is in, or the one holding
    // the last name (which may be a file; the walk meets it there). Up to the first name with
    // letters beyond ASCII: on disk it may be spelled with its accents composed otherwise.
    const fixed = body.slice(0, body.lastIndexOf("/", globAt === -1 ? body.length : globAt) + 1).split("/");
    const plain = fixed.findIndex((segment) => /[^\u0000-\u007f]/.test(segment));
    const starts: string[] = [];
    const roots = rootsOnDisk(anchored.base, plain === -1 ? fixed : fixed.slice(0, plain), callCacheOf(context).listings);
    if (roots === "limit") return { kind: "limit" };
    for (const root of roots) {
      // The rule's names may lead through a symlink, and the folder read is its real path: what is
      // walked is spelled the rule's way, so the rule can meet it.
      const real = context.canonical(root);
      if (isPathWithin(root, folder) || isPathWithin(real, folder)) starts.push(root);
      else if (isPathWithin(folder, real)) starts.push(join(root, folder.slice(real.length)));
      else if (isPathWithin(folder, root)) starts.push(folder);
    }
    const walks = new Set(starts);
    if (walks.size > MAX_RULE_WALKS) return { kind: "limit" };
    for (const start of walks) {
      const found = firstEntry(start, context, (path, isDirectory) => lastName(path) && matchPathPattern(pattern, path, { ...options, isDirectory }) && !spared(path));
      if (found.kind !== "none") return found;
    }
    return { kind: "none" };
  }
  return firstEntry(folder, context, (path, isDirectory) => lastName(path) && matchPathPattern(pattern, path, { ...options, isDirectory }) && !spared(path));
}

/**
 * A quick test of an entry's own name against the rule's last name, passed before the full match:
 * a path the rule covers is met by the walk at an entry of that name (a folder of it comes before
 * what is in it). Only plain ASCII names are tested (any other gets the full match), in any case,
 * and only a last name of literal letters, `*` and `?` (`.env`, `key`, `*.pem`).
 */
function lastNameTest(pattern: string): (path: string) => boolean {
  // Trailing blanks are not part of a pattern (as in .gitignore, unescaped).
  const last = (pattern.replace(/\/+$/, "").split("/").pop() ?? "").trimEnd();
  if (last === "" || last.includes("**") || !/^[\x20-\x7e]+$/.test(last) || /[[\]\\{}!]/.test(last)) return literalNameTest(pattern);
  const source = last.replace(/[.*+?^$()|]/g, (character) => (character === "*" ? "[^/]*" : character === "?" ? "[^/]" : `\\${character}`));
  const regex = new RegExp(`^${source}$`, "i");
  return (path) => {
    const name = path.slice(path.lastIndexOf("/") + 1);
    return !/^[\x20-\x7e]*$/.test(name) || regex.test(name);
  };
}

/**
 * For a rule whose last name is not plain (`**\/build/**`): a path it covers holds each of its
 * literal names as one of its own, so a plain ASCII path without the last of them is passed over.
 */
function literalNameTest(pattern: string): (path: string) => boolean {
  const literal = pattern.split("/").map((name) => name.trimEnd()).filter((name) => /^[\w.-]+$/.test(name) && name !== "." && name !== "..").pop()?.toLowerCase();
  if (literal === undefined) return () => true;
  const needle = `/${literal}/`;
  return (path) => !/^[\x20-\x7e]*$/.test(path) || `${path.toLowerCase()}/`.includes(needle);
}

/**
 * At most this many entries of a folder are listed once per call and tried against every rule
 * (names only, so a large node_modules is still seen whole); the other searches stop at MAX_RECURSIVE_SCAN.
 */
export const MAX_FOLDER_SCAN = 50_000;

/** The entries under a folder, in walk order, as far as MAX_FOLDER_SCAN; `cut` when there were more. */
interface FolderEntries {
  entries: { path: string; isDirectory: boolean }[];
  cut: boolean;
}

/**
 * What one call's judgment has read of the disk, shared by its rules and paths: each folder's walk
 * (entries), and each folder's names (listings, undefined when it cannot be listed).
 */
interface CallCache {
  entries: Map<string, FolderEntries>;
  listings: Map<string, string[] | undefined>;
}

const callCaches = new WeakMap<PathContext, CallCache>();

function callCacheOf(context: PathContext): CallCache {
  let cache = callCaches.get(context);
  if (cache === undefined) callCaches.set(context, (cache = { entries: new Map(), listings: new Map() }));
  return cache;
}

/** The first entry under `folder` that `accept` takes, as walkFolder finds it (symlinks not followed), from a walk made once per call. */
function firstEntry(folder: string, context: PathContext, accept: (path: string, isDirectory: boolean) => boolean): WalkResult {
  const cache = callCacheOf(context).entries;
  let listed = cache.get(folder);
  if (listed === undefined) {
    const entries: FolderEntries["entries"] = [];
    const walked = walkFolder(folder, MAX_FOLDER_SCAN, (path, entry) => {
      entries.push({ path, isDirectory: entry.isDirectory() });
      return false;
    });
    listed = { entries, cut: walked.kind === "limit" };
    cache.set(folder, listed);
  }
  for (const { path, isDirectory } of listed.entries) if (accept(path, isDirectory)) return { kind: "found", path };
  return listed.cut ? { kind: "limit" } : { kind: "none" };
}

/** At most this many folders the fixed names of one rule are taken to stand for, and this many are walked; past that, it asks. */
const MAX_RULE_ROOTS = 256;
const MAX_RULE_WALKS = 8;

/**
 * The folders on disk a rule's fixed leading names stand for: deny and ask rules ignore case, so
 * each name is met in any case (`Read(Secrets/key)` names secrets/key). None when a name is not
 * there; "limit" past MAX_RULE_ROOTS. A folder that cannot be listed (entered only) keeps the name as written.
 */
function rootsOnDisk(base: string, names: readonly string[], listings: Map<string, string[] | undefined>): string[] | "limit" {
  let current = [base];
  for (const name of names) {
    if (name === "" || name === ".") continue;
    if (name === "..") {
      current = current.map((folder) => dirname(folder));
      continue;
    }
    const wanted = name.toLowerCase();
    const next = new Set<string>();
    for (const folder of current) {
      let entries = listings.get(folder);
      if (!listings.has(folder)) {
        try {
          entries = readdirSync(folder);
        } catch {
          entries = undefined;
        }
        listings.set(folder, entries);
      }
      if (entries === undefined) {
        if (existsSync(join(folder, name))) next.add(join(folder, name));
        continue;
      }
      for (const entry of entries) if (entry.toLowerCase() === wanted) next.add(join(folder, entry));
    }
    if (next.size > MAX_RULE_ROOTS) return "limit";
    current = [...next];
    if (current.length === 0) return [];
  }
  return current;
}


/**
 * A symlink under `folder` that leads outside `folders` (walking through the links it meets), none,
 * or the limit reached first: a recursive read that follows links reads there too.
 */
export function linkLeadingOutside(folder: string, folders: readonly string[], context: PathContext): WalkResult {
  return walkFolder(folder, MAX_RECURSIVE_SCAN, (path, entry) =>
    entry.isSymbolicLink() && !folders.some((each) => isPathWithin(context.canonical(path), each)), { followLinks: true });
}
