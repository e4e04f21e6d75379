/**
 * Read and Edit path patterns: gitignore semantics through the `ignore` library, with four
 * anchors: `//abs` or `///abs` (filesystem root), `~/path` (home), `/path` (the folder of the settings file
 * holding the rule), `path` or `./path` (the working folder). A bare name matches at any depth.
 */
import ignore, { type Ignore } from "ignore";
import { isAbsolute, relative, sep } from "node:path";

export interface PathPatternOptions {
  cwd: string;
  /** The folder of the settings file holding the rule; the working folder when unset. */
  baseDirectory?: string;
  home: string;
  /** Deny and ask rules: bare names match outside the base too, and case is ignored. */
  strict: boolean;
  /** The path is a folder: deny and ask rules covering anything inside it match it too. */
  isDirectory?: boolean;
}

const matchers = new Map<string, Ignore>();

function matcher(pattern: string, ignoreCase: boolean): Ignore {
  const key = `${ignoreCase ? "i" : "c"}\0${pattern}`;
  let found = matchers.get(key);
  if (found === undefined) {
    found = ignore({ ignorecase: ignoreCase, allowRelativePaths: true }).add(pattern);
    matchers.set(key, found);
  }
  return found;
}

/** The folder a pattern is anchored at and the gitignore pattern relative to it. */
export function anchorPattern(pattern: string, options: Pick<PathPatternOptions, "cwd" | "baseDirectory" | "home">): { base: string; pattern: string } {
  // `//abs/path`, and `///abs/path` as the leading agent also writes it: from the filesystem root.
  if (pattern.startsWith("//")) return { base: "/", pattern: `/${pattern.replace(/^\/+/, "")}` };
  if (pattern === "~") return { base: options.home, pattern: "**" };
  if (pattern.startsWith("~/")) return { base: options.home, pattern: pattern.slice(1) };
  if (pattern.startsWith("/")) return { base: options.baseDirectory ?? options.cwd, pattern };
  if (pattern.startsWith("./")) return { base: options.cwd, pattern: pattern.slice(1) };
  return { base: options.cwd, pattern };
}

function relativeInside(base: string, path: string): string | undefined {
  const rel = relative(base, path);
  if (rel === "" || isAbsolute(rel) || rel === ".." || rel.startsWith(`..${sep}`)) return undefined;
  return rel;
}

function test(ignorer: Ignore, rel: string, isDirectory: boolean | undefined, strict: boolean): boolean {
  if (ignorer.ignores(rel)) return true;
  if (isDirectory && (ignorer.ignores(`${rel}/`) || (strict && ignorer.ignores(`${rel}/toolshed-probe`)))) return true;
  return false;
}

/** True when the absolute `path` matches the rule `pattern`. */
export function matchPathPattern(pattern: string, path: string, options: PathPatternOptions): boolean {
  const anchored = anchorPattern(pattern, options);
  const ignorer = matcher(anchored.pattern, options.strict);
  const rel = relativeInside(anchored.base, path);
  if (rel !== undefined) return test(ignorer, rel, options.isDirectory, options.strict);
  if (path === anchored.base && options.isDirectory && options.strict && anchored.pattern.replace(/^\//, "").startsWith("**")) return true;
  // A bare name (no slash but a trailing one) matches at any depth, also outside the base, for deny and ask.
  const bare = !anchored.pattern.replace(/\/$/, "").includes("/");
  if (!options.strict || !bare) return false;
  const segments = path.split(sep).filter((segment) => segment !== "");
  for (let start = 0; start < segments.length; start++) {
    if (test(ignorer, segments.slice(start).join("/"), options.isDirectory, true)) return true;
  }
  return false;
}
