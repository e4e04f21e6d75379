/**
 * Walks a folder the way ripgrep does: names in byte order, hidden entries and ignored paths
 * skipped, symlinks not followed, and Grep's globs and type deciding first.
 */
import { readdirSync, statSync, type Dirent } from "node:fs";
import { basename, join } from "node:path";
import { IgnoreStack, type IgnoreVerdict } from "./ignoreRules.ts";
import type { OverrideGlobs } from "./overrideGlobs.ts";

export interface WalkOptions {
  /** A folder to walk, or a single file (searched whatever its name). */
  root: string;
  overrides?: OverrideGlobs;
  /** Selects files by name (Grep's type); files it rejects are skipped. */
  typeFilter?: (name: string) => boolean;
  /** Include hidden entries (names starting with "."). */
  hidden?: boolean;
  /** Skip .gitignore/.ignore files. */
  noIgnore?: boolean;
  signal?: AbortSignal;
}

export interface WalkedFile {
  path: string;
  /** Relative to the root ("" for a root that is a file). */
  relativePath: string;
  /** True when the root itself was this file. */
  explicit: boolean;
}

function byName(a: Dirent, b: Dirent): number {
  return a.name < b.name ? -1 : a.name > b.name ? 1 : 0;
}

function decide(options: WalkOptions, stack: IgnoreStack | undefined, entry: { path: string; name: string; relativePath: string; isDirectory: boolean }): boolean {
  let verdict: IgnoreVerdict = options.overrides?.verdict(entry.relativePath, entry.isDirectory) ?? "none";
  if (verdict === "none") {
    verdict = stack?.verdict(entry.path, entry.isDirectory) ?? "none";
    if (verdict !== "ignore" && !entry.isDirectory && options.typeFilter !== undefined) {
      verdict = options.typeFilter(entry.name) ? "whitelist" : "ignore";
    }
  }
  if (verdict === "ignore") return false;
  if (verdict === "none" && !options.hidden && entry.name.startsWith(".")) return false;
  return true;
}

/** Yields every file the search should look at, in ripgrep's `--sort path` order. */
export function* walkFiles(options: WalkOptions): Generator<WalkedFile> {
  const { root } = options;
  if (!statSync(root).isDirectory()) {
    yield { path: root, relativePath: "", explicit: true };
    return;
  }
  const rootStack = options.noIgnore ? undefined : IgnoreStack.forFolder(root);
  yield* walkFolder(options, root, rootStack, true);
}

function* walkFolder(options: WalkOptions, folder: string, parentStack: IgnoreStack | undefined, isRoot = false): Generator<WalkedFile> {
  if (options.signal?.aborted) return;
  let entries: Dirent[];
  try {
    entries = readdirSync(folder, { withFileTypes: true });
  } catch {
    return; // Unreadable folders are skipped, as ripgrep skips them.
  }
  // The root's own ignore files are already in its stack.
  const stack = isRoot ? parentStack : parentStack?.child(folder, new Set(entries.map((entry) => entry.name)));
  entries.sort(byName);
  for (const entry of entries) {
    const isDirectory = entry.isDirectory();
    if (!isDirectory && !entry.isFile()) continue; // symlinks, sockets, devices
    const path = join(folder, entry.name);
    const relativePath = path.slice(options.root.length + (options.root.endsWith("/") ? 0 : 1));
    if (!decide(options, stack, { path, name: entry.name, relativePath, isDirectory })) continue;
    if (isDirectory) yield* walkFolder(options, path, stack);
    else yield { path, relativePath, explicit: false };
  }
}

/** The name of a walked file, for type checks. */
export function fileName(file: WalkedFile): string {
  return basename(file.path);
}
