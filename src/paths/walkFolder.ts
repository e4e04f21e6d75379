/**
 * A bounded walk of a folder, stopping at the first path the visitor accepts. Symlinks are not
 * followed unless asked; when they are, a linked folder is entered once (by its real path), so a
 * link loop ends.
 */
import { readdirSync, realpathSync, type Dirent } from "node:fs";
import { join } from "node:path";
import { isFolder } from "../files/statOrUndefined.ts";

/** What a walk found: a path, nothing, or that it stopped at its limit. */
export type WalkResult = { kind: "found"; path: string } | { kind: "none" } | { kind: "limit" };

export interface WalkOptions {
  /** Enter folders that symlinks lead to (as `grep -R` and `rg -L` do). */
  followLinks?: boolean;
}


/** Visits every entry under `folder`, at most `limit` of them; returns the first path `accept` says yes to. */
export function walkFolder(folder: string, limit: number, accept: (path: string, entry: Dirent) => boolean, options: WalkOptions = {}): WalkResult {
  const pending = [folder];
  const entered = new Set<string>();
  let seen = 0;
  while (pending.length > 0) {
    const current = pending.pop() as string;
    if (options.followLinks) {
      let real: string;
      try {
        real = realpathSync(current);
      } catch {
        continue;
      }
      if (entered.has(real)) continue;
      entered.add(real);
    }
    let entries: Dirent[];
    try {
      entries = readdirSync(current, { withFileTypes: true });
    } catch {
      continue;
    }
    for (const entry of entries) {
      if (++seen > limit) return { kind: "limit" };
      const path = join(current, entry.name);
      if (accept(path, entry)) return { kind: "found", path };
      if (entry.isDirectory() || (options.followLinks && entry.isSymbolicLink() && isFolder(path))) pending.push(path);
    }
  }
  return { kind: "none" };
}
