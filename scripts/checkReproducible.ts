#!/usr/bin/env bun
/**
 * Proves the build is reproducible: copies this working tree into two different folders (at
 * different depths), builds the same flavors for the host in each with the same commit stamp,
 * and compares the executables byte for byte (their SHA256SUMS), and the manifest and audit
 * (which must not hold paths, times or anything else of the machine). Exit 0 identical, 1 not.
 * Usage: bun scripts/checkReproducible.ts [--flavor <name>]... [--json]
 */
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { gitCommit } from "./build/gitCommit.ts";

const root = resolve(import.meta.dir, "..");

/** Files git would commit: tracked ones and new ones that are not ignored. */
function sourceFiles(): string[] {
  const listed = Bun.spawnSync(["git", "-C", root, "ls-files", "-z", "--cached", "--others", "--exclude-standard"], { stdout: "pipe", stderr: "pipe" });
  if (listed.exitCode !== 0) throw new Error(`git ls-files failed: ${listed.stderr}`);
  return listed.stdout.toString().split("\0").filter((path) => path !== "");
}

/** A copy of the tree in `folder`; node_modules is hard-linked when it can be, else copied. */
function copyTree(folder: string, files: readonly string[]): void {
  for (const file of files) {
    mkdirSync(dirname(join(folder, file)), { recursive: true });
    try {
      cpSync(join(root, file), join(folder, file));
    } catch {
      // Listed by git but gone from the working tree (deleted, not yet committed).
    }
  }
  const linked = Bun.spawnSync(["cp", "-al", join(root, "node_modules"), join(folder, "node_modules")], { stderr: "pipe" });
  if (linked.exitCode !== 0) cpSync(join(root, "node_modules"), join(folder, "node_modules"), { recursive: true });
}

/** The files compared between the two builds; SHA256SUMS stands for the executables. */
const COMPARED = ["SHA256SUMS", "manifest.json", "audit.json"] as const;
type Outputs = Record<(typeof COMPARED)[number], string>;

class BuildFailedError extends Error {}

function build(folder: string, flavors: readonly string[], commit: string): Outputs {
  const args = [process.execPath, "build.ts", "--commit", commit, ...flavors.flatMap((flavor) => ["--flavor", flavor])];
  const result = Bun.spawnSync(args, { cwd: folder, stdout: "pipe", stderr: "pipe" });
  if (result.exitCode !== 0) throw new BuildFailedError(`the build in ${folder} failed (exit ${result.exitCode}):\n${result.stdout}\n${result.stderr}`);
  const read = (file: string) => readFileSync(join(folder, "dist", file), "utf8");
  return { SHA256SUMS: read("SHA256SUMS"), "manifest.json": read("manifest.json"), "audit.json": read("audit.json") };
}

function compare(): void {
  const { values } = parseArgs({ options: { flavor: { type: "string", multiple: true }, json: { type: "boolean" } } });
  const stamped = gitCommit(root);
  const commit = stamped === "unknown" ? "0000000" : stamped;
  const files = sourceFiles();
  const base = mkdtempSync(join(tmpdir(), "toolshed-repro-"));
  const folders = [join(base, "a"), join(base, "second", "checkout")];
  try {
    const [first, second] = folders.map((folder) => {
      copyTree(folder, files);
      return build(folder, values.flavor ?? [], commit);
    }) as [Outputs, Outputs];
    const differing = COMPARED.filter((file) => first[file] !== second[file]);
    const identical = differing.length === 0 && first.SHA256SUMS.trim() !== "";
    if (values.json) console.log(JSON.stringify({ identical, differing, commit, folders, sums: { first: first.SHA256SUMS, second: second.SHA256SUMS } }, null, 2));
    else if (identical) console.log(`reproducible: two builds of ${commit} in different folders gave identical binaries, manifests and audits:\n${first.SHA256SUMS.trimEnd()}`);
    else console.log(`NOT reproducible: the builds of ${commit} differ in ${differing.join(", ") || "nothing (but built nothing)"}.\nIn ${folders[0]}:\n${first.SHA256SUMS}In ${folders[1]}:\n${second.SHA256SUMS}`);
    process.exitCode = identical ? 0 : 1;
  } finally {
    rmSync(base, { recursive: true, force: true });
  }
}

try {
  compare();
} catch (error) {
  // A build that fails or a bad flag is reported plainly, without a stack.
  if (!(error instanceof BuildFailedError) && !(error instanceof TypeError && "code" in error)) throw error;
  console.error(`check:reproducible: ${error.message}`);
  process.exitCode = 2;
}
