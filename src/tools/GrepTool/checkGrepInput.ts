/** Grep's checks before a search starts: what ripgrep could not be given, and what it must not be pointed at. */
import { statSync } from "node:fs";
import type { ValidationResult } from "../../Tool.ts";
import { errorCode, fileSystemErrorMessage } from "../../errors/fileSystemErrorMessage.ts";
import { describeSpecialFile } from "../../files/openRegularFile.ts";
import { MAX_GLOB_CHARS, MAX_PATTERN_CHARS, MAX_TYPE_CHARS } from "./limits.ts";

/** The text parameters, each with its limit. */
const LIMITS = [
  ["pattern", MAX_PATTERN_CHARS],
  ["glob", MAX_GLOB_CHARS],
  ["type", MAX_TYPE_CHARS],
] as const;

/**
 * Refuses text that cannot reach ripgrep: longer than its limit (the system caps arguments: E2BIG),
 * or holding a NUL character (no argument can).
 */
export function checkSearchText(input: { pattern: string; glob?: string; type?: string }): ValidationResult {
  for (const [name, limit] of LIMITS) {
    const value = input[name];
    if (value === undefined) continue;
    if (value.length > limit) {
      return { result: false, message: `${name} is ${value.length} characters long; at most ${limit} are taken. Use a shorter ${name}, or several searches.` };
    }
    if (value.includes("\0")) {
      const hint = name === "pattern" ? ' To match a NUL byte, write it as "\\x00".' : "";
      return { result: false, message: `${name} contains a NUL character, which cannot be passed to the search.${hint}` };
    }
  }
  return { result: true };
}

/** Refuses a search root that is missing, or that is neither a file nor a folder (a pipe would block, /dev/zero never ends). */
export function checkSearchRoot(root: string, context: { cwd: string }): ValidationResult {
  let stats: ReturnType<typeof statSync>;
  try {
    stats = statSync(root);
  } catch (error) {
    const code = errorCode(error);
    if (code === "ENOENT" || code === "ENOTDIR") return { result: false, message: `The path ${root} does not exist. The working folder is ${context.cwd}.` };
    return { result: false, message: fileSystemErrorMessage(error, root) ?? `The path ${root} cannot be searched (${code ?? "unknown error"}).` };
  }
  if (stats.isFile() || stats.isDirectory()) return { result: true };
  return { result: false, message: `${root} is ${describeSpecialFile(stats)}, not a file or folder, so it cannot be searched: it could block or never end.` };
}
