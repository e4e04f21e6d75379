/** A bounded walk of a folder (symlinks not followed), stopping at the first path the visitor accepts. */
import { readdirSync, type Dirent } from "node:fs";
import { join } from "node:path";

/** What a walk found: a path, nothing, or that it stopped at its limit. */
export type WalkResult = { kind: "found"; path: string } | { kind: "none" } | { kind: "limit" };

/** Visits every entry under `folder`, at most `limit` of them; returns the first path `accept` says yes to. */
export function walkFolder(folder: string, limit: number, accept: (path: string, entry: Dirent) => boolean): WalkResult {
  const pending = [folder];
  let seen = 0;
  while (pending.length > 0) {
    const current = pending.pop() as string;
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
      if (entry.isDirectory()) pending.push(path);
    }
  }
  return { kind: "none" };
}
