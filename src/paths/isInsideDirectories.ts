/** Path containment on whole segments, after resolving `.`, `..` and symlinks. */
import { realpathSync } from "node:fs";
import { dirname, isAbsolute, relative, resolve, sep } from "node:path";

/**
 * The canonical form of a path: absolute, normalised, and with symlinks resolved as far as
 * the path exists (a file that does not exist yet is judged by its nearest existing folder).
 */
export function canonicalPath(path: string, cwd = process.cwd()): string {
  const absolute = resolve(cwd, path);
  let existing = absolute;
  const missing: string[] = [];
  for (;;) {
    try {
      const real = realpathSync(existing);
      return missing.length === 0 ? real : resolve(real, ...missing.reverse());
    } catch {
      const parent = dirname(existing);
      if (parent === existing) return absolute;
      missing.push(existing.slice(parent.length).replace(/^[\\/]/, ""));
      existing = parent;
    }
  }
}

/** True when `child` is `parent` or lies below it, compared segment by segment. */
export function isPathWithin(child: string, parent: string): boolean {
  const rel = relative(parent, child);
  if (rel === "") return true;
  return !isAbsolute(rel) && rel !== ".." && !rel.startsWith(`..${sep}`);
}

/** True when `path`, canonicalised, lies inside any of `directories` (also canonicalised). */
export function isInsideDirectories(path: string, directories: readonly string[], cwd?: string): boolean {
  const target = canonicalPath(path, cwd);
  return directories.some((directory) => isPathWithin(target, canonicalPath(directory, cwd)));
}
