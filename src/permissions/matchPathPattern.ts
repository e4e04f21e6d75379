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

/** A compiled pattern, and about how many characters its result cache (every path and parent tested) holds. */
interface Matcher {
  ignore: Ignore;
  cached: number;
}

const matchers = new Map<string, Matcher>();

/** Past this, a matcher starts again with an empty cache: the cache of `ignore` never shrinks. */
const MAX_CACHED_CHARACTERS = 4_000_000;

/**
 * Longer than any path a command of the analysed length can name from a working folder of sane
 * depth: not compared (the cost grows with length times depth), taken to match deny and ask rules.
 */
const MAX_PATH_LENGTH = 16_384;

function matcher(pattern: string, ignoreCase: boolean, path: string): Ignore {
  const key = `${ignoreCase ? "i" : "c"}\0${pattern}`;
  let found = matchers.get(key);
  if (found === undefined || found.cached > MAX_CACHED_CHARACTERS) {
    found = { ignore: ignore({ ignorecase: ignoreCase, allowRelativePaths: true }).add(pattern), cached: 0 };
    matchers.set(key, found);
  }
  // The library caches the path and each of its parents.
  found.cached += (path.length * (path.split("/").length + 1)) / 2;
  return found.ignore;
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

const NON_ASCII = /[^\u0000-\u007f]/;

/** A text and its composed and compatibility forms: the same name as a person reads it. */
export function unicodeSpellings(text: string): string[] {
  return NON_ASCII.test(text) ? [...new Set([text, text.normalize("NFC"), text.normalize("NFKC")])] : [text];
}

/**
 * True when the absolute `path` matches the rule `pattern`. For deny and ask rules, a pattern and
 * a path that differ only in how their accents are composed (a rule typed on one system, a name
 * made on another) or by compatibility look-alikes match too.
 */
export function matchPathPattern(pattern: string, path: string, options: PathPatternOptions): boolean {
  if (!options.strict) return matchSpelling(pattern, path, options);
  const paths = unicodeSpellings(path);
  return unicodeSpellings(pattern).some((each) => paths.some((spelled) => matchSpelling(each, spelled, options)));
}

function matchSpelling(pattern: string, path: string, options: PathPatternOptions): boolean {
  if (path.length > MAX_PATH_LENGTH) return options.strict;
  const anchored = anchorPattern(pattern, options);
  const ignorer = matcher(anchored.pattern, options.strict, path);
  const rel = relativeInside(anchored.base, path);
  if (rel !== undefined) return test(ignorer, rel, options.isDirectory, options.strict);
  if (path === anchored.base && options.isDirectory && options.strict && anchored.pattern.replace(/^\//, "").startsWith("**")) return true;
  // A bare name (no slash but a trailing one) matches at any depth, also outside the base, for deny and ask.
  const bare = !anchored.pattern.replace(/\/$/, "").includes("/");
  if (!options.strict || !bare) return false;
  // The library tests every parent of a path too, so the whole path stands for each of its tails.
  const segments = path.split(sep).filter((segment) => segment !== "");
  return segments.length > 0 && test(ignorer, segments.join("/"), options.isDirectory, true);
}
