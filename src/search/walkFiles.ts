/**
 * Walks a folder the way ripgrep does: names in byte order, hidden entries and ignored paths
 * skipped, symlinks not followed, and Grep's globs and type deciding first.
 */
import { readdirSync, statSync, type Dirent } from "node:fs";
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
  /** Visit each folder's entries in name order (the default); a caller that orders files itself can say false. */
  sorted?: boolean;
  /** Also hand out each folder the walk enters, before its entries (for listings). */
  folders?: boolean;
  signal?: AbortSignal;
  /** A time (Date.now() milliseconds) after which the walk stops early and says so (`timedOut`). */
  deadline?: number;
}

export interface WalkedFile {
  path: string;
  /** Relative to the root ("" for a root that is a file). */
  relativePath: string;
  /** True when the root itself was this file. */
  explicit: boolean;
  /** True for a folder (only with the `folders` option). */
  isFolder?: boolean;
}

function byName(a: Dirent, b: Dirent): number {
  return a.name < b.name ? -1 : a.name > b.name ? 1 : 0;
}

const IGNORE_FILE_NAMES = new Set([".git", ".gitignore", ".ignore", ".rgignore"]);

function decide(options: WalkOptions, stack: IgnoreStack | undefined, path: string, name: string, relativePath: string, isDirectory: boolean): boolean {
  let verdict: IgnoreVerdict = options.overrides?.verdict(relativePath, isDirectory) ?? "none";
  if (verdict === "none") {
    verdict = stack?.verdict(path, isDirectory, name) ?? "none";
    if (verdict !== "ignore" && !isDirectory && options.typeFilter !== undefined) {
      verdict = options.typeFilter(name) ? "whitelist" : "ignore";
    }
  }
  if (verdict === "ignore") return false;
  if (verdict === "none" && !options.hidden && name.charCodeAt(0) === 46 /* "." */) return false;
  return true;
}

/** A folder being walked: its entries, the next one to look at, and the ignore files in force. */
interface Frame {
  /** The folder's path and its path below the root, each ready for a name to be appended. */
  prefix: string;
  relativePrefix: string;
  entries: Dirent[];
  next: number;
  stack: IgnoreStack | undefined;
}

/** Lists a folder; undefined when it cannot be read (ripgrep skips such folders). */
function openFolder(options: WalkOptions, folder: string, relativePath: string, parentStack: IgnoreStack | undefined, isRoot: boolean): Frame | undefined {
  let entries: Dirent[];
  try {
    entries = readdirSync(folder, { withFileTypes: true });
  } catch {
    return undefined;
  }
  let stack = parentStack;
  // The root's own ignore files are already in its stack; other folders pay only when they have some.
  if (!isRoot && parentStack !== undefined && entries.some(({ name }) => name.charCodeAt(0) === 46 && IGNORE_FILE_NAMES.has(name))) {
    stack = parentStack.child(folder, new Set(entries.map((entry) => entry.name)));
  }
  if (options.sorted !== false) entries.sort(byName);
  return {
    prefix: folder.endsWith("/") ? folder : `${folder}/`,
    relativePrefix: isRoot ? "" : `${relativePath}/`,
    entries,
    next: 0,
    stack,
  };
}

/**
 * Hands out every file the search should look at, one per `next()`, in ripgrep's `--sort path`
 * order (unless `sorted` is false). An explicit stack of folders, not nested generators, so a
 * file costs the same however deep it is.
 */
export class FileWalker {
  private readonly frames: Frame[] = [];
  private single: WalkedFile | undefined;
  private entriesSinceClock = 0;
  /** True when the walk stopped at its deadline with entries left. */
  timedOut = false;

  constructor(private readonly options: WalkOptions) {
    const { root } = options;
    if (!statSync(root).isDirectory()) {
      this.single = { path: root, relativePath: "", explicit: true };
      return;
    }
    if (options.signal?.aborted) return;
    const first = openFolder(options, root, "", options.noIgnore ? undefined : IgnoreStack.forFolder(root), true);
    if (first !== undefined) this.frames.push(first);
  }

  /** The next file, or undefined when the walk is over (or aborted). */
  next(): WalkedFile | undefined {
    if (this.single !== undefined) {
      const file = this.single;
      this.single = undefined;
      return file;
    }
    const { frames, options } = this;
    while (frames.length > 0) {
      const frame = frames[frames.length - 1] as Frame;
      if (frame.next === frame.entries.length) {
        frames.pop();
        continue;
      }
      // The clock is read every 1024 entries: cheap, and a walk of millions of entries still ends in time.
      if (options.deadline !== undefined && ++this.entriesSinceClock === 1024) {
        this.entriesSinceClock = 0;
        if (Date.now() > options.deadline) {
          this.timedOut = true;
          frames.length = 0;
          return undefined;
        }
      }
      const entry = frame.entries[frame.next++] as Dirent;
      const isDirectory = entry.isDirectory();
      if (!isDirectory && !entry.isFile()) continue; // symlinks, sockets, devices
      const { name } = entry;
      const path = frame.prefix + name;
      const relativePath = frame.relativePrefix + name;
      if (!decide(options, frame.stack, path, name, relativePath, isDirectory)) continue;
      if (!isDirectory) return { path, relativePath, explicit: false };
      if (options.signal?.aborted) {
        frames.length = 0;
        return undefined;
      }
      const child = openFolder(options, path, relativePath, frame.stack, false);
      if (child !== undefined) frames.push(child);
      if (options.folders) return { path, relativePath, explicit: false, isFolder: true };
    }
    return undefined;
  }
}

/** Yields every file the search should look at, as `FileWalker` hands them out. */
export function* walkFiles(options: WalkOptions): Generator<WalkedFile> {
  const walker = new FileWalker(options);
  for (let file = walker.next(); file !== undefined; file = walker.next()) yield file;
}
