/** Path containment on whole segments, after resolving `.`, `..` and symlinks the way the kernel does. */
import { lstatSync, readlinkSync, realpathSync } from "node:fs";
import { dirname, isAbsolute, relative, resolve, sep } from "node:path";

/** The kernel gives up after this many symlinks in one path (Linux: 40). */
export const MAX_SYMLINK_HOPS = 40;

/**
 * The path with every symlink followed in order, `..` applied to where a link led (so
 * `link/../x` is the `x` beside the link's target, as `open()` sees it, not the `x` beside the
 * link). A part that does not exist (yet) is kept as written, and so is everything after it; a
 * dangling link is followed to where it points, since writing through it creates its target.
 */
function followLikeKernel(absolute: string): string {
  const pending = absolute.split("/").filter((segment) => segment !== "" && segment !== ".").reverse();
  let current = "/";
  let hops = 0;
  let missing = false;
  while (pending.length > 0) {
    const segment = pending.pop() as string;
    if (segment === "..") {
      current = dirname(current);
      continue;
    }
    const next = current === "/" ? `/${segment}` : `${current}/${segment}`;
    if (missing) {
      current = next;
      continue;
    }
    let isLink: boolean;
    try {
      isLink = lstatSync(next).isSymbolicLink();
    } catch {
      missing = true;
      current = next;
      continue;
    }
    if (!isLink || hops >= MAX_SYMLINK_HOPS) {
      // Past the hop limit the kernel refuses the path (ELOOP); keeping the name is as good as any.
      current = next;
      continue;
    }
    hops++;
    let target: string;
    try {
      target = readlinkSync(next);
    } catch {
      current = next;
      continue;
    }
    if (isAbsolute(target)) current = "/";
    pending.push(...target.split("/").filter((segment) => segment !== "" && segment !== ".").reverse());
  }
  return current;
}

/**
 * The canonical form of a path: absolute, with symlinks resolved as the kernel resolves them
 * (`link/../x` follows the link first), as far as the path exists (a file that does not exist yet
 * is judged by its nearest existing folder).
 */
export function canonicalPath(path: string, cwd = process.cwd()): string {
  const absolute = isAbsolute(path) ? path : `${cwd}/${path}`;
  // Without `..`, cleaning the text first changes nothing the kernel would see: one realpath call.
  if (!absolute.split("/").includes("..")) {
    try {
      return realpathSync(resolve(absolute));
    } catch {
      // Missing, or a dangling link: walk it.
    }
  }
  return followLikeKernel(absolute);
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
