/**
 * What a shell glob expands to now, found as bash finds it: folder by folder, reading each folder
 * through the kernel, so a pattern reaches through symlinked folders (`l*` /secret matches
 * `linkdir/secret` when linkdir leads elsewhere). As in bash (dotglob off), a name starting with a
 * dot matches only a pattern starting with one; such a pattern also matches `.` and `..` (as bash
 * before 5.2 does), which only makes deny rules meet more and "inside" harder to show. Bounded:
 * past the limits the expansion is not known.
 */
import { readdirSync } from "node:fs";
import { lstatOrUndefined } from "../files/statOrUndefined.ts";
import { isAbsolute } from "node:path";

/** Matches kept at most; more and the expansion counts as unknown. */
export const MAX_GLOB_MATCHES = 1000;
/** Folder entries read at most while expanding one word. */
export const MAX_GLOB_ENTRIES = 20_000;

const GLOB_CHARACTERS = /[*?[]/;

/** The paths `pattern` matches, relative to `cwd` when it is relative; a reason when not known. */
export type GlobExpansion = { kind: "matches"; paths: string[] } | { kind: "unknown"; reason: string };

function exists(path: string): boolean {
  return lstatOrUndefined(path) !== undefined;
}

function join(folder: string, name: string): string {
  return folder === "/" ? `/${name}` : folder.endsWith("/") ? `${folder}${name}` : `${folder}/${name}`;
}

/** Expands `pattern` (a shell word's value with unquoted glob characters) in `cwd`. */
export function expandShellGlob(pattern: string, cwd: string): GlobExpansion {
  const segments = pattern.split("/");
  const trailingSlash = pattern.endsWith("/") && pattern.length > 1;
  let current: string[] = [isAbsolute(pattern) ? "/" : cwd];
  let entriesRead = 0;
  for (const [index, segment] of segments.entries()) {
    if (segment === "" || (segment === "." && index > 0)) continue;
    if (!GLOB_CHARACTERS.test(segment)) {
      current = current.map((folder) => join(folder, segment));
      continue;
    }
    if (segment.includes("[:") || segment.includes("[=") || segment.includes("[.")) {
      return { kind: "unknown", reason: `the glob ${pattern} uses character classes the analysis does not expand` };
    }
    const matcher = new Bun.Glob(segment);
    const next: string[] = [];
    for (const folder of current) {
      let names: string[];
      try {
        names = readdirSync(folder);
      } catch {
        continue; // not a folder (or not readable): nothing matches through it
      }
      entriesRead += names.length;
      if (entriesRead > MAX_GLOB_ENTRIES) return { kind: "unknown", reason: `the glob ${pattern} reaches more than ${MAX_GLOB_ENTRIES} folder entries` };
      const dotted = segment.startsWith(".");
      if (dotted) names.push(".", "..");
      for (const name of names) {
        if ((name.startsWith(".") && !dotted) || !matcher.match(name)) continue;
        next.push(join(folder, name));
        if (next.length > MAX_GLOB_MATCHES) return { kind: "unknown", reason: `${pattern} matches more than ${MAX_GLOB_MATCHES} paths` };
      }
    }
    current = next;
  }
  const paths = current.filter((path) => exists(path)).map((path) => (trailingSlash ? `${path}/` : path));
  return { kind: "matches", paths };
}
