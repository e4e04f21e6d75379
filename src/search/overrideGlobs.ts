/**
 * Grep's `glob` filter with ripgrep's meaning: gitignore-style globs relative to the search root,
 * a glob without "/" matching a name at any depth, "!" excluding, the last matching glob winning.
 * Globs decide before ignore files: a file a glob names is searched even if ignored or hidden.
 */
import ignore, { type Ignore } from "ignore";
import type { IgnoreVerdict } from "./ignoreRules.ts";

export interface OverrideGlobs {
  verdict(relativePath: string, isDirectory: boolean): IgnoreVerdict;
}

/** Splits the glob parameter on whitespace and commas outside braces: "*.{ts,tsx} *.js" gives two globs. */
export function splitGlobList(text: string): string[] {
  const globs: string[] = [];
  let current = "";
  let depth = 0;
  for (const character of text) {
    if (character === "{") depth++;
    if (character === "}") depth = Math.max(0, depth - 1);
    if (depth === 0 && (character === "," || /\s/.test(character))) {
      if (current !== "") globs.push(current);
      current = "";
    } else current += character;
  }
  if (current !== "") globs.push(current);
  return globs;
}

/** Expands braces, which gitignore syntax lacks: "*.{ts,tsx}" gives "*.ts" and "*.tsx". */
export function expandBraces(glob: string): string[] {
  const open = glob.indexOf("{");
  if (open === -1) return [glob];
  let depth = 0;
  let close = -1;
  const commas: number[] = [];
  for (let at = open; at < glob.length; at++) {
    if (glob[at] === "{") depth++;
    else if (glob[at] === "}" && --depth === 0) {
      close = at;
      break;
    } else if (glob[at] === "," && depth === 1) commas.push(at);
  }
  if (close === -1) return [glob];
  const bounds = [open, ...commas, close];
  const head = glob.slice(0, open);
  const tail = glob.slice(close + 1);
  return bounds.slice(1).flatMap((end, index) => expandBraces(head + glob.slice((bounds[index] as number) + 1, end) + tail));
}

/** Compiles the globs; undefined when there are none. */
export function compileOverrideGlobs(globs: readonly string[]): OverrideGlobs | undefined {
  if (globs.length === 0) return undefined;
  // In gitignore terms a plain glob "ignores" (here: selects) and "!glob" re-includes (here: excludes).
  const matcher: Ignore = ignore({ ignorecase: false, allowRelativePaths: true }).add(globs.flatMap((glob) => {
    const negated = glob.startsWith("!");
    return expandBraces(negated ? glob.slice(1) : glob).map((expanded) => (negated ? `!${expanded}` : expanded));
  }).join("\n"));
  const whitelists = globs.filter((glob) => !glob.startsWith("!")).length;
  return {
    verdict(relativePath, isDirectory) {
      const result = matcher.test(isDirectory ? `${relativePath}/` : relativePath);
      if (result.ignored) return "whitelist";
      if (result.unignored) return "ignore";
      return whitelists > 0 && !isDirectory ? "ignore" : "none";
    },
  };
}
