/**
 * Writing over a file's own bytes, for the files a rename would harm: one with other hard links
 * (they share its inode, so only an in-place write changes them all) and one whose owner the
 * process cannot give a new file. Not atomic, so it is made as safe as it can be: the new
 * content is first written and flushed to a temporary file beside it, which proves the disk has
 * room (a full disk cannot cut the file short halfway) and leaves a full copy if the in-place
 * write fails partway.
 */
import { closeSync, constants, fsyncSync, ftruncateSync, openSync, rmSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { describeError } from "../errors/describeError.ts";
import { temporaryFileName } from "./temporaryFileName.ts";
import { writeAllAndFlush } from "./writeAllAndFlush.ts";

/** The in-place write failed partway: the file may hold a mix, and the whole new content is in `copyPath`. */
export class InPlaceWriteError extends Error {
  override readonly name = "InPlaceWriteError";
  constructor(readonly path: string, readonly copyPath: string, cause: unknown) {
    super(`writing ${path} in place failed partway (${describeError(cause)}); the whole new content is in ${copyPath}`, { cause });
  }
}

/** Replaces the content of the existing file `path` with `bytes`, keeping its inode (links, owner, mode). */
export function writeInPlace(path: string, bytes: Uint8Array, verify?: () => void): void {
  const copyPath = join(dirname(path), temporaryFileName(basename(path)));
  const copy = openSync(copyPath, "wx", 0o600);
  try {
    writeAllAndFlush(copy, bytes);
  } catch (error) {
    closeSync(copy);
    rmSync(copyPath, { force: true });
    throw error;
  }
  closeSync(copy);
  let target: number;
  try {
    verify?.();
    // O_NOFOLLOW is not needed: the caller resolved symlinks; O_TRUNC is not used, so a failed open changes nothing.
    target = openSync(path, constants.O_WRONLY);
  } catch (error) {
    rmSync(copyPath, { force: true });
    throw error;
  }
  try {
    writeAllAndFlush(target, bytes);
    ftruncateSync(target, bytes.length);
    fsyncSync(target);
  } catch (error) {
    closeSync(target);
    throw new InPlaceWriteError(path, copyPath, error);
  }
  closeSync(target);
  rmSync(copyPath, { force: true });
}
