/**
 * The compiled public binary the terminal tests drive. CI builds it before the tests; a plain
 * `npm test` builds it here, once per run, when it is missing or older than any source it is
 * built from (so the tests never drive a stale binary).
 */
import { existsSync, readdirSync, statSync } from "node:fs";
import { join, resolve } from "node:path";

export const ROOT = resolve(import.meta.dir, "..", "..", "..");
const HOST = `${process.platform === "win32" ? "windows" : process.platform}-${process.arch}`;
export const BINARY = join(ROOT, "dist", "public", HOST, "toolshed");
/** What the binary is made from. */
const SOURCES = ["src", "flags", "scripts/build", "build.ts", "package.json", "package-lock.json", "tsconfig.json"];
/** A build of both flavors takes a few seconds; a slow machine gets room. */
export const BUILD_TIMEOUT_MS = 240_000;

function newestChange(path: string): number {
  const stats = statSync(path);
  if (!stats.isDirectory()) return stats.mtimeMs;
  let newest = stats.mtimeMs;
  for (const name of readdirSync(path)) newest = Math.max(newest, newestChange(join(path, name)));
  return newest;
}

/** True when the binary exists and is newer than every source. */
export function binaryIsFresh(): boolean {
  if (!existsSync(BINARY)) return false;
  const built = statSync(BINARY).mtimeMs;
  return SOURCES.every((source) => !existsSync(join(ROOT, source)) || newestChange(join(ROOT, source)) <= built);
}

let building: Promise<string> | undefined;

/** The binary's path, built first when needed. */
export function terminalBinary(): Promise<string> {
  building ??= (async () => {
    if (binaryIsFresh()) return BINARY;
    const build = Bun.spawn([process.execPath, "build.ts"], { cwd: ROOT, stdout: "pipe", stderr: "pipe" });
    const timer = setTimeout(() => build.kill("SIGKILL"), BUILD_TIMEOUT_MS);
    const [stdout, stderr, status] = await Promise.all([new Response(build.stdout).text(), new Response(build.stderr).text(), build.exited]);
    clearTimeout(timer);
    if (status !== 0 || !existsSync(BINARY)) throw new Error(`the terminal tests need the built binary, and "bun build.ts" failed (status ${status}):\n${stdout}\n${stderr}`);
    return BINARY;
  })();
  return building;
}
