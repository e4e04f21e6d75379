/**
 * Path subjects resolved against the session: their forms (as written and with symlinks
 * resolved), whether they are inside the working folders, and which path rules match them.
 * Deny and ask need either form to match; allow and "inside" need both.
 */
import { dirname, resolve } from "node:path";
import { isPathWithin, canonicalPath } from "../paths/isInsideDirectories.ts";
import { pathForms, type PathForms } from "../paths/pathForms.ts";
import { matchPathPattern } from "./matchPathPattern.ts";
import type { PathSubject } from "./subjects.ts";
import type { PermissionRule } from "./types.ts";

export interface PathContext {
  cwd: string;
  home: string;
  workingDirectories: readonly string[];
  /** `path` (relative to `cwd`) with symlinks resolved; each path is resolved once per decision. */
  canonical(path: string): string;
}

/** The path context of one decision: working folders and `cd` targets hit the file system once each. */
export function createPathContext(cwd: string, home: string, workingDirectories: readonly string[]): PathContext {
  const known = new Map<string, string>();
  const canonical = (path: string): string => {
    let found = known.get(path);
    if (found === undefined) {
      found = canonicalPath(path, cwd);
      known.set(path, found);
    }
    return found;
  };
  return { cwd, home, workingDirectories, canonical };
}

/** A path subject resolved: its forms, or why its location is not known. */
export interface ResolvedPath {
  forms?: PathForms;
  /** Forms of the glob's fixed folder, when the word has glob characters. */
  unknown?: string;
  /** Alternative resolutions tried by deny rules only (e.g. against the session folder after a `cd $X`). */
  denyOnly: PathForms[];
  /** What a glob expands to now: deny rules try each, allow rules need each. */
  expansions?: PathForms[];
}

/** At most this many files a glob is expanded to; more and the path counts as unknown. */
export const MAX_GLOB_EXPANSIONS = 1000;

function expandGlob(pattern: string, base: string): string[] | undefined {
  const index = pattern.search(GLOB);
  const slash = pattern.lastIndexOf("/", index);
  const folder = slash === -1 ? base : resolve(base, pattern.slice(0, slash + 1) || "/");
  const rest = slash === -1 ? pattern : pattern.slice(slash + 1);
  const found: string[] = [];
  try {
    for (const match of new Bun.Glob(rest).scanSync({ cwd: folder, dot: true, absolute: true, onlyFiles: false, followSymlinks: false })) {
      found.push(match);
      if (found.length > MAX_GLOB_EXPANSIONS) return undefined;
    }
  } catch {
    // A folder that does not exist matches nothing.
  }
  return found;
}

const GLOB = /[*?[]/;

/** Resolves a path subject; globs are judged by their fixed leading folder. */
export function resolvePathSubject(subject: PathSubject, context: PathContext): ResolvedPath {
  const word = subject.word;
  if (!word.literal) return { unknown: `the path ${word.value} is only known when the command runs`, denyOnly: [] };
  let value = word.value;
  if (word.glob) {
    const index = value.search(GLOB);
    const fixed = value.slice(0, index);
    value = fixed.endsWith("/") ? fixed : dirname(`${fixed}x`);
    if (value === "") value = ".";
  }
  const absolute = value.startsWith("/");
  if (!absolute && subject.cwd.kind === "unknown") {
    return { unknown: `${subject.cwd.reason}, so ${word.value} cannot be placed`, denyOnly: [pathForms(value, context.cwd)] };
  }
  const base = subject.cwd.kind === "changed" ? context.canonical(subject.cwd.path) : context.cwd;
  const forms = pathForms(value, base);
  if (forms.invalid !== undefined) return { forms, unknown: forms.invalid, denyOnly: [] };
  const made = (subject.newNames ?? []).find((name) => {
    if (name.cwd.kind === "unknown" && !name.word.value.startsWith("/")) return false;
    const folder = name.cwd.kind === "changed" ? context.canonical(name.cwd.path) : context.cwd;
    return isPathWithin(forms.lexical, resolve(folder, name.word.value));
  });
  if (made !== undefined) {
    return { forms, unknown: `"${made.by}" in the same command may make ${made.word.value} a link, so where ${word.value} leads is only known when it runs`, denyOnly: [] };
  }
  if (!word.glob) return { forms, denyOnly: [] };
  const matches = expandGlob(word.value, base);
  if (matches === undefined) {
    return { forms, unknown: `${word.value} matches more than ${MAX_GLOB_EXPANSIONS} files`, denyOnly: [] };
  }
  const expansions = matches.map((match) => pathForms(match, base));
  return { forms, denyOnly: expansions, expansions };
}

/** Every spelling of the path deny and ask rules are tried against. */
export function denyCandidates(resolved: ResolvedPath): { path: string; isDirectory: boolean }[] {
  const all = [resolved.forms, ...resolved.denyOnly].filter((forms): forms is PathForms => forms !== undefined);
  return all.flatMap((forms) =>
    [forms.lexical, forms.canonical, ...forms.alternates].map((path) => ({ path, isDirectory: forms.isDirectory })));
}

/** True when a deny or ask path rule matches any form of the path. */
export function pathRuleMatchesAny(rule: PermissionRule, resolved: ResolvedPath, context: PathContext): boolean {
  const pattern = rule.ruleContent;
  if (pattern === undefined) return true;
  return denyCandidates(resolved).some(({ path, isDirectory }) =>
    matchPathPattern(pattern, path, { ...context, baseDirectory: rule.baseDirectory, strict: true, isDirectory }));
}

/** True when an allow path rule matches both the written and the resolved form of the path. */
export function pathRuleMatchesAll(rule: PermissionRule, resolved: ResolvedPath, context: PathContext): boolean {
  const pattern = rule.ruleContent;
  const forms = resolved.forms;
  if (resolved.unknown !== undefined || forms === undefined) return false;
  if (pattern === undefined) return true;
  const judged = resolved.expansions !== undefined && resolved.expansions.length > 0 ? resolved.expansions : [forms];
  return judged.every((each) => [each.lexical, each.canonical].every((path) =>
    matchPathPattern(pattern, path, { ...context, baseDirectory: rule.baseDirectory, strict: false, isDirectory: each.isDirectory })));
}

/** True when both forms of the path lie inside the working folders (compared on whole segments). */
export function isInsideWorkingFolders(resolved: ResolvedPath, context: PathContext): boolean {
  const forms = resolved.forms;
  if (resolved.unknown !== undefined || forms === undefined) return false;
  const lexicalFolders = context.workingDirectories;
  const canonicalFolders = context.workingDirectories.map(context.canonical);
  const lexicalInside = [...lexicalFolders, ...canonicalFolders].some((folder) => isPathWithin(forms.lexical, folder));
  const canonicalInside = canonicalFolders.some((folder) => isPathWithin(forms.canonical, folder));
  // A glob's matches may be symlinks that lead out even when its folder is inside.
  const expansionsInside = (resolved.expansions ?? []).every((each) =>
    canonicalFolders.some((folder) => isPathWithin(each.canonical, folder)));
  return lexicalInside && canonicalInside && expansionsInside;
}
