/**
 * The forms of a path that rules are judged against: the path as written (resolved against the
 * working folder, `.` and `..` removed from the text), the path as the kernel resolves it (every
 * symlink followed before the `..` after it), the text-cleaned path with its symlinks resolved
 * (what a tool that cleans the text first opens), and what the file system says about it (a
 * folder, a file with other hard links). Deny rules meet any form; allow rules and "inside" need
 * every one.
 */
import { lstatSync, statSync } from "node:fs";
import { resolve } from "node:path";
import { canonicalPath } from "./isInsideDirectories.ts";

export interface PathForms {
  /** Absolute and normalised, symlinks not followed. */
  lexical: string;
  /** Absolute with every symlink resolved as the kernel does (as far as the path exists). */
  canonical: string;
  /** `lexical` with its symlinks resolved: differs from `canonical` only when a `..` follows a link. */
  textualCanonical: string;
  isDirectory: boolean;
  /** A file with more than one hard link: it may also live at a path nobody can see from here. */
  hardLinked: boolean;
  /** Why the path cannot be trusted at all (a NUL byte), if so. */
  invalid?: string;
  /** Other spellings a deny rule is also tried against (before a NUL, Unicode compatibility form). */
  alternates: string[];
}

/** Computes the forms of `path` relative to `cwd`. */
export function pathForms(path: string, cwd: string): PathForms {
  const alternates: string[] = [];
  let invalid: string | undefined;
  let usable = path;
  const nul = path.indexOf("\0");
  if (nul !== -1) {
    invalid = "the path contains a NUL byte";
    usable = path.slice(0, nul);
  }
  const lexical = resolve(cwd, usable);
  const canonical = canonicalPath(usable, cwd);
  const textualCanonical = canonicalPath(lexical);
  const compatible = lexical.normalize("NFKC");
  if (compatible !== lexical) alternates.push(compatible, canonicalPath(compatible, cwd));
  let isDirectory = false;
  let hardLinked = false;
  try {
    const stats = statSync(canonical);
    isDirectory = stats.isDirectory();
    hardLinked = !isDirectory && stats.nlink > 1;
  } catch {
    // Does not exist (yet): judged by its path alone.
  }
  try {
    // A symlink to a folder is a folder for the rules too.
    if (!isDirectory) isDirectory = lstatSync(lexical).isDirectory();
  } catch {
    // Missing.
  }
  return { lexical, canonical, textualCanonical, isDirectory, hardLinked, invalid, alternates };
}

/** Every absolute spelling of the path an allow rule must cover and "inside" must hold for. */
export function everyForm(forms: PathForms): string[] {
  return [...new Set([forms.lexical, forms.canonical, forms.textualCanonical])];
}
