/** Shared set-up for the build tests: a temporary output folder and copies of flavor files. */
import { copyFileSync, mkdirSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { createTemporaryFolder, type TemporaryFolder } from "../helpers/temporaryFolder.ts";

/** The repository root. */
export const ROOT = resolve(import.meta.dir, "..", "..");

/** A temporary folder with `flags/` (holding the given flavor files) and room for `dist/`. */
export function createBuildFolder(flavors: Record<string, unknown> = {}, copy: readonly string[] = []): TemporaryFolder & { flags: string; dist: string; baseline: string } {
  const folder = createTemporaryFolder("toolshed-build-test-");
  const flags = join(folder.path, "flags");
  mkdirSync(flags);
  for (const name of copy) copyFileSync(join(ROOT, "flags", `${name}.json`), join(flags, `${name}.json`));
  for (const [name, content] of Object.entries(flavors)) writeFileSync(join(flags, `${name}.json`), typeof content === "string" ? content : JSON.stringify(content));
  return { ...folder, flags, dist: join(folder.path, "dist"), baseline: join(folder.path, "audit-baseline.json") };
}

/** Runs a built binary and returns what it printed. */
export function runBinary(binary: string, args: string[], env: Record<string, string> = {}, cwd?: string): { exitCode: number; stdout: string; stderr: string } {
  const result = Bun.spawnSync([binary, ...args], { env: { ...process.env, ...env }, cwd, stdout: "pipe", stderr: "pipe" });
  return { exitCode: result.exitCode ?? -1, stdout: result.stdout.toString(), stderr: result.stderr.toString() };
}
