/**
 * An advisory lock on one file, shared by every toolshed process on the machine, held across a
 * writer's check-and-write so two processes cannot both pass the freshness check and then
 * overwrite each other's change. Bun has no flock(), and fcntl locks need per-platform structs,
 * so the lock is a file created exclusively (O_EXCL) beside the target: `.<name>.toolshed-lock`,
 * holding the owner's pid, host and a token. The kernel does not release it when its owner dies,
 * so a lock whose pid is dead (on this host), or that is older than FILE_LOCK_STALE_MS, is taken
 * over: renamed away, checked to be the one judged stale, and removed.
 */
import { closeSync, fstatSync, linkSync, openSync, readSync, renameSync, unlinkSync, writeSync } from "node:fs";
import { hostname } from "../paths/operatingSystem.ts";
import { basename, dirname, join } from "node:path";
import { errorCode } from "../errors/fileSystemErrorMessage.ts";
import { ToolError } from "../errors/ToolError.ts";
import { isProcessRunning } from "../tasks/isProcessRunning.ts";
import { hashBytes } from "./hashBytes.ts";
import { FILE_LOCK_STALE_MS, FILE_LOCK_WAIT_MS } from "./limits.ts";
import { cutToBytes, MAX_FILE_NAME_BYTES } from "./temporaryFileName.ts";

/** How every lock file name ends. */
export const LOCK_SUFFIX = ".toolshed-lock";
const MARKER = "toolshed-lock";
/** A lock file is a few short lines; anything longer is not one of ours. */
const MAX_LOCK_BYTES = 1024;

/** Where the lock of `path` lives: beside it, its name shortened (with a hash of the whole) when long. */
export function lockFilePath(path: string): string {
  const name = basename(path);
  const room = MAX_FILE_NAME_BYTES - 1 - LOCK_SUFFIX.length;
  if (Buffer.byteLength(name) <= room) return join(dirname(path), `.${name}${LOCK_SUFFIX}`);
  const hash = hashBytes(Buffer.from(name)).slice(0, 12);
  return join(dirname(path), `.${cutToBytes(name, room - hash.length - 1)}~${hash}${LOCK_SUFFIX}`);
}

interface LockHolder {
  pid: number;
  host: string;
  token: string;
}

/** What a lock file holds: ours (parsed), empty (a writer died between create and write), foreign, or gone. */
type LockContent = { kind: "held"; holder: LockHolder; text: string; mtimeMs: number } | { kind: "empty"; mtimeMs: number } | { kind: "foreign" } | { kind: "gone" };

function readLock(path: string): LockContent {
  let descriptor: number;
  try {
    descriptor = openSync(path, "r");
  } catch {
    return { kind: "gone" };
  }
  try {
    const { mtimeMs, size } = fstatSync(descriptor);
    if (size > MAX_LOCK_BYTES) return { kind: "foreign" };
    const buffer = Buffer.alloc(MAX_LOCK_BYTES);
    const text = buffer.toString("utf8", 0, readSync(descriptor, buffer, 0, MAX_LOCK_BYTES, 0));
    if (text === "") return { kind: "empty", mtimeMs };
    const [marker, pid, host, token] = text.split("\n");
    if (marker !== MARKER || pid === undefined || host === undefined || token === undefined) return { kind: "foreign" };
    return { kind: "held", holder: { pid: Number(pid), host, token }, text, mtimeMs };
  } catch {
    return { kind: "gone" };
  } finally {
    closeSync(descriptor);
  }
}

function isStale(content: LockContent, now: number): boolean {
  if (content.kind === "empty") return now - content.mtimeMs > FILE_LOCK_STALE_MS;
  if (content.kind !== "held") return false;
  if (content.holder.host === hostname() && !isProcessRunning(content.holder.pid)) return true;
  return now - content.mtimeMs > FILE_LOCK_STALE_MS;
}

/**
 * Removes a lock judged stale. Renaming first makes the removal atomic: if another process
 * broke the same stale lock and took the lock in between, the file moved is its fresh lock,
 * which is put back instead of removed.
 */
function breakStaleLock(path: string, judged: LockContent): void {
  const aside = join(dirname(path), `.toolshed-stale-lock.${process.pid}.${crypto.randomUUID().slice(0, 8)}`);
  try {
    renameSync(path, aside);
  } catch {
    return; // someone else removed it first
  }
  const moved = readLock(aside);
  const same = judged.kind === "held" ? moved.kind === "held" && moved.text === judged.text : moved.kind === "empty";
  if (!same) {
    try {
      linkSync(aside, path);
    } catch {
      // A third writer holds the lock by now; the one moved aside cannot be put back.
    }
  }
  try {
    unlinkSync(aside);
  } catch {
    // Already gone.
  }
}

/** Removes `path` if it is a toolshed lock left by a dead process; returns whether it did. */
export function removeStaleLock(path: string, now: number = Date.now()): boolean {
  const content = readLock(path);
  if (!isStale(content, now)) return false;
  breakStaleLock(path, content);
  return true;
}

/** Tries to create the lock; true when it is ours, false when it exists, "unlockable" when this folder takes no lock. */
function tryCreate(path: string, text: string): boolean | "unlockable" {
  let descriptor: number;
  try {
    descriptor = openSync(path, "wx", 0o644);
  } catch (error) {
    if (errorCode(error) === "EEXIST") return false;
    // A folder the process cannot create files in (or that is full): the write itself will fail
    // there with a clear message, or it writes in place, which needs no lock file to be safe
    // against this process; nothing is gained by refusing here.
    return "unlockable";
  }
  try {
    writeSync(descriptor, text);
    return true;
  } catch {
    closeSync(descriptor);
    descriptor = -1;
    try {
      unlinkSync(path);
    } catch {
      // Nothing to undo.
    }
    return "unlockable";
  } finally {
    if (descriptor !== -1) closeSync(descriptor);
  }
}

function releaseLock(path: string, text: string): void {
  const content = readLock(path);
  // Only our own lock is removed: one broken as stale and taken by another process stays.
  if (content.kind !== "held" || content.text !== text) return;
  try {
    unlinkSync(path);
  } catch {
    // Already gone.
  }
}

/**
 * Runs `body` while holding the lock of `path`, waiting up to FILE_LOCK_WAIT_MS for another
 * toolshed process to release it. Where no lock can be created (a read-only folder), `body`
 * runs without one.
 */
export async function withFileLock<T>(path: string, body: () => T, waitMs: number = FILE_LOCK_WAIT_MS): Promise<T> {
  const lockPath = lockFilePath(path);
  const text = `${MARKER}\n${process.pid}\n${hostname()}\n${crypto.randomUUID()}\n`;
  const deadline = Date.now() + waitMs;
  let pause = 1;
  for (;;) {
    const created = tryCreate(lockPath, text);
    if (created === "unlockable") return body();
    if (created) break;
    const content = readLock(lockPath);
    if (content.kind === "gone") continue;
    if (content.kind === "foreign") {
      throw new ToolError(`${lockPath} exists but is not a lock toolshed made, so ${path} cannot be changed safely. Remove or rename that file, then try again.`);
    }
    if (isStale(content, Date.now())) {
      breakStaleLock(lockPath, content);
      continue;
    }
    if (Date.now() >= deadline) {
      const who = content.kind === "held" ? ` (pid ${content.holder.pid}${content.holder.host === hostname() ? "" : ` on ${content.holder.host}`})` : "";
      throw new ToolError(`${path} is being changed by another toolshed process${who}. Read it again once that change is done, then retry.`);
    }
    await Bun.sleep(pause);
    pause = Math.min(pause * 2, 50);
  }
  try {
    return body();
  } finally {
    releaseLock(lockPath, text);
  }
}
