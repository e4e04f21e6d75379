/** The binaries the whole-process benchmarks compare: the built public toolshed and a bare hello-world. */
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";

export const hostTarget = `${process.platform === "win32" ? "windows" : process.platform}-${process.arch}`;
export const benchDirectory = resolve(".bench");

/** The public binary; built first when it is missing. */
export async function publicBinary(): Promise<string> {
  const path = resolve("dist", "public", hostTarget, "toolshed");
  if (!existsSync(path)) {
    const build = Bun.spawnSync([process.execPath, "build.ts"], { stdout: "inherit", stderr: "inherit" });
    if (build.exitCode !== 0) throw new Error("npm run build failed; the benchmarks need the public binary");
  }
  return path;
}

/** A bare `bun build --compile` hello-world, built in this run so both share the machine's state. */
export async function helloWorldBinary(): Promise<string> {
  mkdirSync(benchDirectory, { recursive: true });
  const source = join(benchDirectory, "hello.ts");
  const outfile = join(benchDirectory, "hello");
  writeFileSync(source, 'console.log("hello");\n');
  const result = await Bun.build({ entrypoints: [source], target: "bun", minify: true, compile: { outfile } });
  if (!result.success) throw new Error(`hello-world build failed: ${result.logs.join("\n")}`);
  return outfile;
}

/** Runs a command to completion and fails loudly when it does not exit 0. */
export function runOnce(command: string[], cwd?: string): void {
  const result = Bun.spawnSync(command, { stdout: "ignore", stderr: "pipe", cwd });
  if (result.exitCode !== 0) throw new Error(`${command.join(" ")} exited ${result.exitCode}: ${result.stderr}`);
}
