/**
 * Hard links: a file with more than one link is the same file under every name, so a rule that
 * names one name must hold for the others. Paths alone cannot show this; device and inode can.
 *
 * Design (what is sound, and what is not attempted):
 * - Only regular files with a link count above one are checked (`PathForms.hardLinked`).
 * - Deny and ask rules: the files a rule names are found on disk and compared by device and
 *   inode. A literal pattern names one path (`Read(//etc/shadow)`, `Edit(.env)`: for a bare name,
 *   that name in the rule's folder, the working folders and every folder from the file up to
 *   them). A glob pattern or a folder rule names what lies under its fixed leading folder, which
 *   is walked (symlinks not followed) up to MAX_HARD_LINK_SCAN entries. A match applies the rule.
 *   A walk cut short cannot prove the file is not a denied one: the rule then asks (never allows).
 * - Not attempted: a bare glob (`*.pem`) is searched only inside the working folders; links in
 *   folders no rule points at are not searched.
 * - The allow side (decide.ts): a hard-linked file is never written on an allow rule or by
 *   acceptEdits, and never read on the read-only default, since its other names may lie outside
 *   the working folders; only an allow rule naming it lets it be read without asking.
 */
import { statSync, type Stats } from "node:fs";
import { join, resolve } from "node:path";
import { isPathWithin } from "../paths/isInsideDirectories.ts";
import type { PathForms } from "../paths/pathForms.ts";
import { walkFolder } from "../paths/walkFolder.ts";
import { anchorPattern, matchPathPattern } from "./matchPathPattern.ts";
import type { PathContext } from "./pathJudgment.ts";
import type { PermissionRule } from "./types.ts";

/** At most this many folder entries are walked per rule when looking for another name of a file. */
export const MAX_HARD_LINK_SCAN = 5000;

/** What a rule says about a hard-linked file: another name it covers, none, or not known. */
export type HardLinkMatch = { kind: "match"; path: string } | { kind: "none" } | { kind: "unknown"; reason: string };

const GLOB = /[*?[]/;

function statOf(path: string): Stats | undefined {
  try {
    return statSync(path);
  } catch {
    return undefined;
  }
}

function sameFile(stats: Stats | undefined, target: Stats): boolean {
  return stats !== undefined && stats.isFile() && stats.dev === target.dev && stats.ino === target.ino;
}

/** Walks `folder` for files that are `target`, testing each against the rule; bounded. */
function walk(folder: string, target: Stats, covers: (path: string) => boolean): HardLinkMatch {
  const found = walkFolder(folder, MAX_HARD_LINK_SCAN, (path, entry) => entry.isFile() && sameFile(statOf(path), target) && covers(path));
  if (found.kind === "found") return { kind: "match", path: found.path };
  if (found.kind === "limit") return { kind: "unknown", reason: `${folder} holds more than ${MAX_HARD_LINK_SCAN} entries to compare` };
  return { kind: "none" };
}

/** Whether a deny or ask path rule covers another name of the hard-linked file `forms` stands for. */
export function hardLinkRuleMatch(rule: PermissionRule, forms: PathForms, context: PathContext): HardLinkMatch {
  const pattern = rule.ruleContent;
  if (pattern === undefined || !forms.hardLinked) return { kind: "none" };
  const target = statOf(forms.canonical);
  if (target === undefined || !target.isFile()) return { kind: "none" };
  const options = { ...context, baseDirectory: rule.baseDirectory, strict: true };
  const covers = (path: string) => matchPathPattern(pattern, path, { ...options, isDirectory: false });
  const anchored = anchorPattern(pattern, options);
  const body = anchored.pattern.replace(/^\//, "").replace(/\/\**$/, "");
  const bare = !anchored.pattern.replace(/\/$/, "").includes("/");
  const globAt = body.search(GLOB);
  if (bare) {
    if (globAt === -1) {
      // A bare literal name: that name in the rule's folder, the working folders, and every folder on the way down to the file.
      const folders = new Set([anchored.base, ...context.workingDirectories]);
      for (const start of [forms.lexical, forms.canonical]) {
        for (let folder = resolve(start, ".."); ; folder = resolve(folder, "..")) {
          if (context.workingDirectories.some((directory) => isPathWithin(folder, directory))) folders.add(folder);
          if (folder === "/") break;
        }
      }
      for (const folder of folders) {
        const path = join(folder, body);
        const stats = statOf(path);
        if (sameFile(stats, target)) return { kind: "match", path };
        if (stats?.isDirectory()) {
          const found = walk(path, target, covers);
          if (found.kind !== "none") return found;
        }
      }
      return { kind: "none" };
    }
    for (const folder of context.workingDirectories) {
      const found = walk(folder, target, covers);
      if (found.kind !== "none") return found;
    }
    return { kind: "none" };
  }
  const fixed = globAt === -1 ? body : body.slice(0, body.lastIndexOf("/", globAt) + 1);
  const root = resolve(anchored.base, fixed);
  const stats = statOf(root);
  if (stats === undefined) return { kind: "none" };
  if (stats.isFile()) return sameFile(stats, target) && covers(root) ? { kind: "match", path: root } : { kind: "none" };
  return walk(root, target, covers);
}
