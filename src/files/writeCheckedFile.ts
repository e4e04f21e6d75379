/**
 * The one way the file tools change a file: under the file's lock, read what is there (within a
 * size limit), check it is what this session read, compute the new text, write it atomically,
 * check once more right before the rename that nobody changed it meanwhile, and record the new
 * state. Two toolshed processes editing one file take turns; a change by any other program
 * between the check and the rename is caught and refused with the usual "changed since it was
 * read" message, instead of being silently overwritten.
 */
import { encodeText, type TextEncoding } from "./textFormat.ts";
import { accessSync, constants, mkdirSync, statSync, type Stats } from "node:fs";
import { dirname } from "node:path";
import { errorCode } from "../errors/fileSystemErrorMessage.ts";
import { fileToolError } from "../errors/fileToolError.ts";
import { ToolError } from "../errors/ToolError.ts";
import type { FileStateCache } from "./FileStateCache.ts";
import { assertReadAndUnchanged, assertStillAsChecked, recordWrittenFile } from "./fileFreshness.ts";
import { withFileLock } from "./fileLock.ts";
import { describeSpecialFile } from "./openRegularFile.ts";
import { readBoundedFile } from "./readBoundedFile.ts";
import { resolveWriteTarget } from "./resolveWriteTarget.ts";
import { writeFileAtomic } from "./writeFileAtomic.ts";
import { InPlaceWriteError } from "./writeInPlace.ts";

/** The file as it is on disk when the write begins. */
export interface CurrentFile {
  /** Its bytes; undefined when it is larger than the caller's `maxBytes`. */
  bytes: Buffer | undefined;
  stats: Stats;
  /** Where the bytes really are (a symlink's target). */
  target: string;
}

/** One checked write. */
export interface CheckedWrite<Result> {
  /** The absolute path the model gave: messages and the file state use it. */
  path: string;
  fileState: FileStateCache;
  /** The most of the existing file that is read; a larger one reaches `produce` without bytes. */
  maxBytes: number;
  /** The verb the messages use ("edit", "write"). */
  action: string;
  /**
   * The new text, from the current file (undefined when there is none), and what the tool
   * reports. Throw a ToolError to refuse; nothing is written then.
   */
  produce(current: CurrentFile | undefined): { text: string; result: Result; encoding?: TextEncoding };
}

/** Refuses a folder or a special file (a pipe, a device): only regular files are written. */
function assertWritableKind(path: string, stats: Stats, action: string): void {
  if (stats.isDirectory()) throw new ToolError(`${path} is a folder, not a file. Give the path of a file to ${action}.`);
  if (!stats.isFile()) {
    throw new ToolError(`${path} is ${describeSpecialFile(stats)}, not a regular file, so it cannot be changed this way. Use Bash for special files.`);
  }
}

/** The kind of what is there now, checked before anything (a lock file, a folder) is created beside it. */
function precheck(path: string, target: string, action: string): void {
  let stats: Stats;
  try {
    stats = statSync(target);
  } catch (error) {
    if (errorCode(error) === "ENOENT") return;
    throw fileToolError(error, path);
  }
  assertWritableKind(path, stats, action);
}

function readCurrent(path: string, target: string, maxBytes: number, action: string): CurrentFile | undefined {
  let read: ReturnType<typeof readBoundedFile>;
  try {
    read = readBoundedFile(target, maxBytes);
  } catch (error) {
    if (errorCode(error) === "ENOENT") return undefined;
    throw fileToolError(error, path);
  }
  if (read.kind !== "read" && read.kind !== "too-large") assertWritableKind(path, read.stats, action);
  return { bytes: read.kind === "read" ? read.bytes : undefined, stats: read.stats, target };
}

/** Parents first: the lock file lives in the folder, and a new file's folder may not exist yet. */
function createParentFolders(path: string, target: string): void {
  try {
    mkdirSync(dirname(target), { recursive: true });
  } catch (error) {
    const code = errorCode(error);
    if (code === "EEXIST" || code === "ENOTDIR") throw new ToolError(`Cannot create ${path}: part of its folder path is a file, not a folder.`);
    throw error;
  }
}

/**
 * The error for a write refused because the file's folder is not writable (the file itself may
 * be): the lock and the new content are made beside the file, so the folder is what needs fixing.
 */
function unwritableFolderError(error: unknown, path: string, target: string): ToolError | undefined {
  const code = errorCode(error);
  if (code !== "EACCES" && code !== "EPERM") return undefined;
  const folder = dirname(target);
  try {
    accessSync(folder, constants.W_OK);
    return undefined;
  } catch {
    return new ToolError(
      `Cannot write ${path}: its folder ${folder} is not writable by this user. toolshed replaces a file with a new one made in the same folder ` +
        "(so a failure never leaves half a file), which needs that folder to be writable even when the file itself is. " +
        "Make the folder writable, or change the file in place through Bash.",
      { cause: error },
    );
  }
}

/** Runs one checked write (see the file comment); returns what `produce` reported. */
export async function writeCheckedFile<Result>(write: CheckedWrite<Result>): Promise<Result> {
  const { path, fileState, maxBytes, action } = write;
  const target = resolveWriteTarget(path);
  precheck(path, target, action);
  try {
    createParentFolders(path, target);
    return await withFileLock(target, () => {
      const current = readCurrent(path, target, maxBytes, action);
      if (current !== undefined) assertReadAndUnchanged({ path, stats: current.stats, bytes: current.bytes, fileState, action });
      const { text, result, encoding } = write.produce(current);
      const bytes = encodeText(text, encoding ?? "utf8");
      writeFileAtomic(target, bytes, { verify: () => assertStillAsChecked(target, current?.stats, path, action) });
      recordWrittenFile(fileState, path, bytes, statSync(target));
      return result;
    });
  } catch (error) {
    if (error instanceof InPlaceWriteError) {
      throw new ToolError(
        `${path} has other hard links (or an owner this process cannot keep), so it was written in place, and that write failed partway: ${error.message}. ` +
          `The file may now hold part of the old content; copy the new content from ${error.copyPath} over it, then Read it again.`,
      );
    }
    throw unwritableFolderError(error, path, target) ?? fileToolError(error, path);
  }
}
