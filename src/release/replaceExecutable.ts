/**
 * Puts a new executable where the running one is: written beside it under a temporary name,
 * flushed, checked to run and to say the version expected, then renamed over the old one (on
 * Windows, whose running programs cannot be replaced, the old one is first moved aside to
 * `.old`). Nothing is half-written: until the rename, the old executable is untouched; what an
 * update killed midway left beside it is removed by the next one.
 */
import { chmodSync, closeSync, fsyncSync, openSync, readdirSync, renameSync, rmSync, statSync, writeSync } from "node:fs";
import { isProcessRunning } from "../tasks/isProcessRunning.ts";
import { basename, dirname, join } from "node:path";

export class ReplaceError extends Error {
  override readonly name = "ReplaceError";
}

function explain(error: unknown, what: string): ReplaceError {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === "EACCES" || code === "EPERM" || code === "EROFS") {
    return new ReplaceError(`${what}: permission denied (${code}). Run the update as the user that installed toolshed, or reinstall with install.sh --prefix <a folder you own>.`);
  }
  return new ReplaceError(`${what} (${code ?? (error as Error).message})`);
}

function writeFlushed(path: string, bytes: Uint8Array): void {
  const descriptor = openSync(path, "wx", 0o755);
  try {
    let written = 0;
    while (written < bytes.length) written += writeSync(descriptor, bytes, written, bytes.length - written);
    fsyncSync(descriptor);
  } finally {
    closeSync(descriptor);
  }
  chmodSync(path, 0o755);
}

/** Runs `path --version` within 30 s: its first line, or why it did not run. */
function versionOf(path: string): { line: string } | { problem: string } {
  const ran = Bun.spawnSync([path, "--version"], { stdout: "pipe", stderr: "pipe", timeout: 30_000, env: { ...process.env, TOOLSHED_DEBUG: "" } });
  if (ran.exitCode !== 0) return { problem: `exited with ${ran.exitCode ?? ran.signalCode ?? "an error"}${ran.stderr.length > 0 ? `: ${ran.stderr.toString().trim().slice(0, 300)}` : ""}` };
  return { line: ran.stdout.toString().split("\n")[0]?.trim() ?? "" };
}

/** How old a dead update's temporary file must be before it is removed. */
const ABANDONED_AFTER_MS = 60 * 60_000;

/** Removes what an earlier update killed midway left beside `target`: its temporary files whose process is gone. */
function sweepAbandoned(target: string): void {
  const prefix = `.${basename(target)}.update-`;
  let names: string[];
  try {
    names = readdirSync(dirname(target));
  } catch {
    return;
  }
  for (const name of names) {
    if (!name.startsWith(prefix)) continue;
    const pid = Number(name.slice(prefix.length).split("-")[0]);
    if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid || isProcessRunning(pid)) continue;
    const path = join(dirname(target), name);
    try {
      // Only files an hour old: an update in another pid namespace (a container sharing this folder) may look dead from here.
      const stats = statSync(path);
      if (stats.isFile() && Date.now() - stats.mtimeMs > ABANDONED_AFTER_MS) rmSync(path, { force: true });
    } catch {
      // Gone, or not ours to remove: the update goes on without sweeping it.
    }
  }
}

/** Replaces `target` with `bytes`, which must run and report `toolshed <version>`. Throws ReplaceError. */
export function replaceExecutable(target: string, bytes: Uint8Array, version: string): string {
  const folder = dirname(target);
  sweepAbandoned(target);
  const temporary = join(folder, `.${basename(target)}.update-${process.pid}-${crypto.randomUUID().slice(0, 8)}`);
  try {
    writeFlushed(temporary, bytes);
  } catch (error) {
    rmSync(temporary, { force: true });
    throw explain(error, `could not write the new toolshed in ${folder}`);
  }
  try {
    const ran = versionOf(temporary);
    if ("problem" in ran) throw new ReplaceError(`the downloaded toolshed does not run on this machine (it ${ran.problem}); the installed one is unchanged`);
    if (!ran.line.startsWith(`toolshed ${version} `) && ran.line !== `toolshed ${version}`) {
      throw new ReplaceError(`the downloaded toolshed says "${ran.line}", not version ${version}; the installed one is unchanged`);
    }
    if (process.platform === "win32") {
      rmSync(`${target}.old`, { force: true });
      renameSync(target, `${target}.old`);
    }
    renameSync(temporary, target);
    return ran.line;
  } catch (error) {
    rmSync(temporary, { force: true });
    if (error instanceof ReplaceError) throw error;
    throw explain(error, `could not replace ${target}`);
  }
}
