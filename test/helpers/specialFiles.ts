/**
 * Special files for the hardening tests, made in temporary folders: named pipes, and a full
 * disk (a small tmpfs, filled). Mounting needs root, as CI has; elsewhere the full-disk tests
 * are skipped with a printed reason.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";

/** Makes a named pipe at `path`. */
export function makeFifo(path: string): string {
  const made = Bun.spawnSync(["mkfifo", path]);
  if (made.exitCode !== 0) throw new Error(`mkfifo ${path} failed: ${made.stderr.toString()}`);
  return path;
}

/** A mounted, full file system and the way to remove it. */
export interface FullDisk {
  path: string;
  unmount(): void;
}

/** Why a full disk cannot be made here, or undefined when it can. */
export function fullDiskUnavailable(): string | undefined {
  if (process.platform !== "linux") return "full-disk tests need Linux (a tmpfs)";
  if (process.getuid?.() !== 0) return "full-disk tests need root to mount a small tmpfs (CI runs as root)";
  return undefined;
}

/** Mounts a tmpfs of `kilobytes` at `<folder>/full` and fills it to the last byte. */
export function mountFullDisk(folder: string, kilobytes = 256): FullDisk {
  const path = join(folder, "full");
  mkdirSync(path, { recursive: true });
  const mounted = Bun.spawnSync(["mount", "-t", "tmpfs", "-o", `size=${kilobytes}k`, "tmpfs", path]);
  if (mounted.exitCode !== 0) throw new Error(`mount tmpfs failed: ${mounted.stderr.toString()}`);
  try {
    writeFileSync(join(path, "filler"), Buffer.alloc(kilobytes * 1024 * 2));
  } catch {
    // ENOSPC: the disk is full, as wanted.
  }
  return { path, unmount: () => void Bun.spawnSync(["umount", "-l", path]) };
}

/** Prints why a test is skipped, so a skipped run says so. */
export function reportSkip(test: string, reason: string): void {
  console.log(`skipped "${test}": ${reason}`);
}
