/**
 * Path subjects resolved against the session: their forms (as written and with symlinks
 * resolved), whether they are inside the working folders, and which path rules match them.
 * Deny and ask need either form to match; allow and "inside" need both.
 */
import { statSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { isPathWithin, canonicalPath } from "../paths/isInsideDirectories.ts";
import { everyForm, pathForms, type PathForms } from "../paths/pathForms.ts";
import { expandShellGlob } from "../paths/expandShellGlob.ts";
import { matchPathPattern } from "./matchPathPattern.ts";
import type { NewName, PathSubject } from "./subjects.ts";
import type { PermissionRule } from "./types.ts";
import { separateGitFolders } from "./protectedPaths.ts";

export interface PathContext {
  /** The session's working folder: tools' relative paths and rules' relative patterns start here. */
  cwd: string;
  /** Where a shell command starts (the session's shell, which an earlier `cd` may have moved): the paths a command names start here. */
  shellCwd: string;
  home: string;
  workingDirectories: readonly string[];
  /** Folders whose files may be read without asking (the session's saved output), never written. */
  readableDirectories: readonly string[];
  /** `path` (relative to `cwd`) with symlinks resolved; each path is resolved once per decision. */
  canonical(path: string): string;
  /** Git folders kept outside their repositories (see separateGitFolders), looked up once per decision when first needed. */
  readonly gitFolders: readonly string[];
}

/** The path context of one decision: working folders and `cd` targets hit the file system once each. */
export function createPathContext(options: Omit<PathContext, "canonical" | "readableDirectories" | "shellCwd" | "gitFolders"> & { readableDirectories?: readonly string[]; shellCwd?: string | (() => string) }): PathContext {
  const { cwd, home, workingDirectories, readableDirectories = [] } = options;
  // Read when a shell command is judged (it checks the folder is still there), not for every call.
  let shellFolder = typeof options.shellCwd === "string" ? options.shellCwd : undefined;
  const readShellFolder = typeof options.shellCwd === "function" ? options.shellCwd : () => cwd;
  const known = new Map<string, string>();
  const canonical = (path: string): string => {
    let found = known.get(path);
    if (found === undefined) {
      found = canonicalPath(path, cwd);
      known.set(path, found);
    }
    return found;
  };
  let gitFolders: readonly string[] | undefined;
  return {
    cwd,
    get shellCwd() {
      shellFolder ??= readShellFolder();
      return shellFolder;
    },
    get gitFolders() {
      gitFolders ??= separateGitFolders(workingDirectories);
      return gitFolders;
    },
    home,
    workingDirectories,
    readableDirectories,
    canonical,
  };
}

/**
 * The folder a subject's relative path starts from: for a tool's own path, the session's working
 * folder; for a path a shell command names, where the command starts (the shell's folder), or the
 * folder a `cd` in the command moved to. Undefined when a `cd` went somewhere only known when it runs.
 */
export function subjectBase(subject: { fromTool?: boolean; cwd: PathSubject["cwd"] }, context: PathContext): string | undefined {
  const start = subject.fromTool === true ? context.cwd : context.shellCwd;
  if (subject.cwd.kind === "unknown") return undefined;
  return subject.cwd.kind === "changed" ? context.canonical(below(start, subject.cwd.path)) : start;
}

/** Whether a folder the shell only goes to when others are missing is ruled out: one of them is there. */
export function ruledOut(cwd: PathSubject["cwd"], context: PathContext): boolean {
  if (cwd.kind !== "changed" || cwd.unlessExists === undefined) return false;
  return cwd.unlessExists.some((path) => {
    try {
      return statSync(context.canonical(below(context.shellCwd, path))).isDirectory();
    } catch {
      return false;
    }
  });
}

/** `path` under `start`, as text: a `..` after a link is left for the kernel's reading (canonical), not cleaned away. */
function below(start: string, path: string): string {
  return path.startsWith("/") ? path : `${start}/${path}`;
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
  /** A symlink the same command makes, that the path leads through (below it, or a glob's match): where it leads is only known when it runs. */
  throughNewLink?: NewName;
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
    // Deny rules try every folder it may be in (after `cd a; ...`: the start and a), or the start.
    const start = subject.fromTool ? context.cwd : context.shellCwd;
    const folders = subject.cwd.candidates ?? [{ kind: "start" as const }];
    return { unknown: `${subject.cwd.reason}, so ${word.value} cannot be placed`, denyOnly: folders.map((folder) => pathForms(value, subjectBase({ fromTool: subject.fromTool, cwd: folder }, context) ?? start)) };
  }
  const base = subjectBase(subject, context) as string;
  const forms = pathForms(value, base);
  if (forms.invalid !== undefined) return { forms, unknown: forms.invalid, denyOnly: [] };
  // A relative name made in a folder not known may be anywhere: this path may lead through it.
  const madeAt = (name: NewName) => {
    const folder = subjectBase(name, context);
    return folder === undefined && !name.word.value.startsWith("/") ? undefined : resolve(folder ?? "/", name.word.value);
  };
  const made = (subject.newNames ?? []).find((name) => {
    const madePath = madeAt(name);
    if (madePath === undefined) return true;
    // A glob may also expand to a name made below its folder (`ln -s "$x" x.ts; cat *.ts`), which is not there yet.
    return isPathWithin(forms.lexical, madePath) || (word.glob && isPathWithin(madePath, forms.lexical));
  });
  if (made !== undefined) {
    // Through a symlink made first (`ln -s /etc e && rm -rf e/*`), not the link itself (`ln -s x y; rm y`).
    const throughNewLink = (subject.newNames ?? []).find((name) => {
      if (name.symlink !== true) return false;
      const madePath = madeAt(name);
      return madePath === undefined || (forms.lexical !== madePath && isPathWithin(forms.lexical, madePath)) || (word.glob && isPathWithin(madePath, forms.lexical));
    });
    return { forms, unknown: `"${made.by}" in the same command may make ${made.word.value} a link, so where ${word.value} leads is only known when it runs`, denyOnly: [], ...(throughNewLink === undefined ? {} : { throughNewLink }) };
  }
  if (!word.glob) return { forms, denyOnly: [] };
  const expansion = expandShellGlob(word.value, base);
  if (expansion.kind === "unknown") return { forms, unknown: expansion.reason, denyOnly: [] };
  const expansions = expansion.paths.map((match) => pathForms(match, base));
  return { forms, denyOnly: expansions, expansions };
}

/** Every spelling of the path deny and ask rules are tried against. */
export function denyCandidates(resolved: ResolvedPath): { path: string; isDirectory: boolean }[] {
  const all = [resolved.forms, ...resolved.denyOnly].filter((forms): forms is PathForms => forms !== undefined);
  return all.flatMap((forms) =>
    [...everyForm(forms), ...forms.alternates].map((path) => ({ path, isDirectory: forms.isDirectory })));
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
  return judged.every((each) => everyForm(each).every((path) =>
    matchPathPattern(pattern, path, { ...context, baseDirectory: rule.baseDirectory, strict: false, isDirectory: each.isDirectory })));
}

/**
 * True when every form of the path lies inside the working folders (compared on whole segments);
 * `folders` replaces the working folders (the session's readable folders, for reads).
 */
export function isInsideWorkingFolders(resolved: ResolvedPath, context: PathContext, folders: readonly string[] = context.workingDirectories): boolean {
  const forms = resolved.forms;
  if (resolved.unknown !== undefined || forms === undefined) return false;
  const lexicalFolders = folders;
  const canonicalFolders = folders.map(context.canonical);
  const lexicalInside = [...lexicalFolders, ...canonicalFolders].some((folder) => isPathWithin(forms.lexical, folder));
  const canonicalInside = [forms.canonical, forms.textualCanonical].every((path) => canonicalFolders.some((folder) => isPathWithin(path, folder)));
  // A glob's matches may be symlinks that lead out even when its folder is inside.
  const expansionsInside = (resolved.expansions ?? []).every((each) =>
    everyForm(each).every((path) => canonicalFolders.some((folder) => isPathWithin(path, folder))));
  return lexicalInside && canonicalInside && expansionsInside;
}
