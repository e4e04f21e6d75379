/** Writes a text file atomically (through a symlink to its target), then records its new state. */
import { realpathSync, statSync, type Stats } from "node:fs";
import { ToolError } from "../errors/ToolError.ts";
import type { FileStateCache } from "./FileStateCache.ts";
import { recordWrittenFile } from "./fileFreshness.ts";
import { writeFileAtomic } from "./writeFileAtomic.ts";

/** Where the bytes really go: a symlink's target, so the link itself survives the rename. */
function writeTarget(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return path;
  }
}

/** Writes `text` as UTF-8 to `path`, keeping an existing file's mode; records it in `fileState`; returns the new stats. */
export function writeTextFile(fileState: FileStateCache, path: string, text: string): Stats {
  const bytes = Buffer.from(text, "utf8");
  const target = writeTarget(path);
  try {
    writeFileAtomic(target, bytes, { createParents: true });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "EACCES" || code === "EPERM" || code === "EROFS") {
      throw new ToolError(`Permission denied writing ${path} (${code}). Choose a file you can write to.`);
    }
    if (code === "ENOTDIR" || code === "EEXIST") {
      throw new ToolError(`Cannot create ${path}: part of its folder path is a file, not a folder.`);
    }
    throw error;
  }
  const stats = statSync(target);
  recordWrittenFile(fileState, path, bytes, stats);
  return stats;
}
