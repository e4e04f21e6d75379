/**
 * One ignore file's patterns (gitignore syntax, parsed by node-ignore), tested against one path at
 * a time, with the cheap pre-checks a walk needs to leave most paths alone quickly.
 */
import ignore, { type Ignore } from "ignore";

/** A verdict: skip, keep explicitly (a `!pattern`), or no opinion. */
export type IgnoreVerdict = "ignore" | "whitelist" | "none";

interface Rule {
  regex: RegExp;
  negative: boolean;
}

/** Regex sources of the rules that can match one kind of path, split by what they look at. */
export interface RuleSources {
  /** Rules that look only at the last name (`*.log`, `build/`): test them against the name. */
  name: string[];
  /** Every other rule: test them against the path relative to the ignore file's folder. */
  path: string[];
}

export interface IgnoreFileRules {
  /** The verdict for a path relative to the file's folder, with a trailing "/" for a folder. */
  verdict(relativePath: string): IgnoreVerdict;
  /** The rules a file can match (a pattern ending in "/" matches only folders). */
  forFiles: RuleSources;
  /** The rules a folder can match (tested with a trailing "/"). */
  forFolders: RuleSources;
}

/** Unanchored and without a "/" inside: such a rule matches a path exactly when it matches the path's last name. */
const NAME_ONLY_PREFIX = "(?:^|\\/)";
const DIRECTORY_ONLY_SUFFIX = "\\/$";

function looksAtNameOnly(pattern: string, regex: RegExp): boolean {
  const body = (pattern.startsWith("!") ? pattern.slice(1) : pattern).replace(/\/$/, "");
  return !body.includes("/") && !body.includes("[") && !body.includes("**") && regex.source.startsWith(NAME_ONLY_PREFIX);
}

/** Joins regex sources into one that matches when any of them does; undefined when none, or when joining is not safe. */
export function joinSources(sources: readonly string[]): RegExp | undefined {
  if (sources.length === 0) return undefined;
  // A backreference would count groups across the joined sources.
  if (sources.some((source) => /\\[1-9]/.test(source))) return undefined;
  try {
    return new RegExp(sources.map((source) => `(?:${source})`).join("|"));
  } catch {
    return undefined; // e.g. a group name used twice
  }
}

/** What to do when node-ignore's rule list is not as expected: its public test(), with no pre-checks skipped. */
function fallback(matcher: Ignore): IgnoreFileRules {
  const always = { name: [], path: ["[\\s\\S]?"] };
  return {
    verdict(relativePath) {
      const result = matcher.test(relativePath);
      return result.ignored ? "ignore" : result.unignored ? "whitelist" : "none";
    },
    forFiles: always,
    forFolders: always,
  };
}

/**
 * Compiles an ignore file's text. A path is judged alone, without its parent folders: the walk has
 * already judged those, and ripgrep searches a root it was given even inside an ignored folder.
 * node-ignore's public test() always climbs the parents, so this reads its (pinned) rule list:
 * the last rule that matches decides.
 */
export function compileIgnoreFile(text: string): IgnoreFileRules {
  const matcher = ignore({ ignorecase: false, allowRelativePaths: true }).add(text);
  const raw = (matcher as unknown as { _rules?: { _rules?: Array<Rule & { pattern: string }> } })._rules?._rules;
  if (!Array.isArray(raw) || !raw.every((rule) => rule.regex instanceof RegExp && rule.regex.flags === "" && typeof rule.pattern === "string")) {
    return fallback(matcher);
  }
  const rules: Rule[] = raw.map((rule) => ({ regex: rule.regex, negative: rule.negative === true }));
  const forFiles: RuleSources = { name: [], path: [] };
  const forFolders: RuleSources = { name: [], path: [] };
  for (const rule of raw) {
    const kind = looksAtNameOnly(rule.pattern, rule.regex) ? "name" : "path";
    forFolders[kind].push(rule.regex.source);
    if (!rule.regex.source.endsWith(DIRECTORY_ONLY_SUFFIX)) forFiles[kind].push(rule.regex.source);
  }
  const any = joinSources(rules.map((rule) => rule.regex.source));
  return {
    verdict(relativePath) {
      if (any !== undefined && !any.test(relativePath)) return "none";
      for (let index = rules.length - 1; index >= 0; index--) {
        const rule = rules[index] as Rule;
        if (rule.regex.test(relativePath)) return rule.negative ? "whitelist" : "ignore";
      }
      return "none";
    },
    forFiles,
    forFolders,
  };
}
