#!/usr/bin/env bun
/**
 * Builds the standalone toolshed executable for the host platform (public flavor).
 * Usage: bun build.ts
 */
import { mkdirSync, rmSync } from "node:fs";
import { join } from "node:path";

const target = `${process.platform === "win32" ? "windows" : process.platform}-${process.arch}`;
const outfile = join("dist", "public", target, process.platform === "win32" ? "toolshed.exe" : "toolshed");

function gitCommit(): string {
  const result = Bun.spawnSync(["git", "rev-parse", "--short=12", "HEAD"], { stderr: "ignore" });
  return result.exitCode === 0 ? result.stdout.toString().trim() : "unknown";
}

const started = performance.now();
rmSync(join("dist", "public", target), { recursive: true, force: true });
mkdirSync(join("dist", "public", target), { recursive: true });
const result = await Bun.build({
  entrypoints: ["src/main.ts"],
  target: "bun",
  minify: true,
  bytecode: true,
  format: "esm",
  // Split chunks keep the heavy modules (and the node built-ins they import) out of start-up.
  splitting: true,
  features: [],
  define: {
    "process.env.TOOLSHED_BUILD_FLAVOR": JSON.stringify("public"),
    "process.env.TOOLSHED_BUILD_FEATURES": JSON.stringify(""),
    "process.env.TOOLSHED_BUILD_COMMIT": JSON.stringify(gitCommit()),
    "process.env.TOOLSHED_BUILD_BUN_VERSION": JSON.stringify(Bun.version),
    "process.env.USER_TYPE": JSON.stringify("external"),
  },
  compile: { target: `bun-${target}` as Bun.Build.CompileTarget, outfile, autoloadDotenv: false, autoloadBunfig: false },
});
if (!result.success) {
  for (const log of result.logs) console.error(log);
  process.exit(1);
}
const smoke = Bun.spawnSync([outfile, "--version"]);
if (smoke.exitCode !== 0) {
  console.error(`smoke test failed: ${outfile} --version exited ${smoke.exitCode}\n${smoke.stderr}`);
  process.exit(1);
}
console.log(`built ${outfile} in ${((performance.now() - started) / 1000).toFixed(1)} s: ${smoke.stdout.toString().trim()}`);
console.log(`\nRun it:\n  ./${outfile} --help\n  ./${outfile} tools\n  ./${outfile} run Read '{"file_path": "${join(process.cwd(), "README.md")}"}'`);
