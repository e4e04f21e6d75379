/** Whether the disk holding a path has room left: a command writing there on a full disk loses its output silently. */
import { statfsSync } from "node:fs";
import { LOW_DISK_SPACE_BYTES } from "./limits.ts";

/** The bytes free for this user on the disk that holds `folder`; undefined when the system cannot say. */
export function freeDiskSpace(folder: string): number | undefined {
  try {
    const stats = statfsSync(folder);
    return Number(stats.bavail) * Number(stats.bsize);
  } catch {
    return undefined;
  }
}

/** True when the disk holding `folder` is (nearly) full. */
export function isDiskFull(folder: string): boolean {
  const free = freeDiskSpace(folder);
  return free !== undefined && free < LOW_DISK_SPACE_BYTES;
}

/** What the model is told when a command's output went to a full disk. */
export function diskFullMessage(folder: string): string {
  return `The disk that holds ${folder} is full, so the command's output (kept there) may be cut short or missing, and the command may have failed for that reason. ` +
    "Free some space (or set TOOLSHED_SESSION_DIR to a folder on another disk), then run it again.";
}
