/**
 * Reads of whole folders (`grep -r x .`, `rg x`, `git grep`): the command cannot be shown to skip
 * the files a Read deny or ask rule names, so the folder is searched for one. Only where the rule
 * can name something: under its fixed leading folder, or anywhere for a bare name (`.env`). The
 * search is bounded; a search cut short counts as a match (asked, never allowed).
 */
import { statSync } from "node:fs";
import { join } from "node:path";
import { isPathWithin } from "../paths/isInsideDirectories.ts";
import { walkFolder, type WalkResult } from "../paths/walkFolder.ts";
import { anchorPattern, matchPathPattern } from "./matchPathPattern.ts";
import type { PathContext } from "./pathJudgment.ts";
import type { PermissionRule } from "./types.ts";

/** At most this many entries are searched per rule under a folder read as a whole. */
export const MAX_RECURSIVE_SCAN = 5000;

/**
 * A file under `folder` the rule covers, none, or the limit reached first. With `followLinks`
 * (`grep -R`, `rg -L`) the folders links lead to are searched too, and each file is tried by the
 * path it is reached through and by its real path.
 */
export function coveredFileUnder(rule: PermissionRule, folder: string, context: PathContext, followLinks = false): WalkResult {
  const pattern = rule.ruleContent;
  if (pattern === undefined) return { kind: "found", path: folder };
  const options = { ...context, baseDirectory: rule.baseDirectory, strict: true };
  const anchored = anchorPattern(pattern, options);
  if (followLinks) {
    return walkFolder(folder, MAX_RECURSIVE_SCAN, (path, entry) => {
      const isDirectory = entry.isDirectory() || (entry.isSymbolicLink() && context.canonical(path) !== path && isFolder(path));
      return [path, context.canonical(path)].some((each) => matchPathPattern(pattern, each, { ...options, isDirectory }));
    }, { followLinks: true });
  }
  let start = folder;
  if (anchored.pattern.replace(/\/$/, "").includes("/")) {
    const body = anchored.pattern.replace(/^\//, "");
    const globAt = body.search(/[*?[]/);
    // Up to the first name with letters beyond ASCII: on disk it may be spelled with its accents composed otherwise.
    const fixed = (globAt === -1 ? body : body.slice(0, body.lastIndexOf("/", globAt) + 1)).split("/");
    const plain = fixed.findIndex((segment) => /[^\u0000-\u007f]/.test(segment));
    const root = join(anchored.base, ...(plain === -1 ? fixed : fixed.slice(0, plain)));
    if (isPathWithin(root, folder)) start = root;
    else if (!isPathWithin(folder, root)) return { kind: "none" };
  }
  return walkFolder(start, MAX_RECURSIVE_SCAN, (path, entry) =>
    matchPathPattern(pattern, path, { ...options, isDirectory: entry.isDirectory() }));
}

function isFolder(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

/**
 * A symlink under `folder` that leads outside `folders` (walking through the links it meets), none,
 * or the limit reached first: a recursive read that follows links reads there too.
 */
export function linkLeadingOutside(folder: string, folders: readonly string[], context: PathContext): WalkResult {
  return walkFolder(folder, MAX_RECURSIVE_SCAN, (path, entry) =>
    entry.isSymbolicLink() && !folders.some((each) => isPathWithin(context.canonical(path), each)), { followLinks: true });
}
