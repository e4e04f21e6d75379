#!/usr/bin/env bun
/**
 * Proves the build is reproducible: copies this working tree into two different folders (at
 * different depths), builds the same flavors for the host in each with the same commit stamp,
 * and compares the executables byte for byte (their SHA256SUMS), and the manifest and audit
 * (which must not hold paths, times or anything else of the machine). With --release, each
 * build also writes the release, and its archives (release/SHA256SUMS) and release.json are
 * compared too; with --npm, the npm tarballs. Exit 0 identical, 1 not.
 * Usage: bun scripts/checkReproducible.ts [--flavor <name>]... [--target <target>]... [--release] [--npm] [--json]
 */
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
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

/** The files compared between the two builds; SHA256SUMS stands for the executables, release/SHA256SUMS for the archives. */
const COMPARED = ["SHA256SUMS", "manifest.json", "audit.json"] as const;
const COMPARED_RELEASE = ["release/SHA256SUMS", "release/release.json"] as const;
type Outputs = Record<string, string>;

class BuildFailedError extends Error {}

/** `npm/<file>` for each npm tarball, with its SHA-256, as SHA256SUMS would list it. */
function npmTarballSums(folder: string): Outputs {
  const npm = join(folder, "dist", "npm");
  const line = (file: string) => `${new Bun.CryptoHasher("sha256").update(readFileSync(join(npm, file))).digest("hex")}  npm/${file}\n`;
  return { "npm/": readdirSync(npm).sort().map(line).join("") };
}

function build(folder: string, options: { flavors: readonly string[]; targets: readonly string[]; release: boolean; npm: boolean; commit: string }): Outputs {
  const args = [
    process.execPath, "build.ts", "--commit", options.commit,
    ...options.flavors.flatMap((flavor) => ["--flavor", flavor]),
    // The host by default, with or without --release (whose own default is every target).
    ...(options.targets.length === 0 ? ["host"] : options.targets).flatMap((target) => ["--target", target]),
    ...(options.release ? ["--release"] : []),
    ...(options.npm ? ["--npm"] : []),
  ];
  // Every wait has an end: a release of every flavor and target takes minutes, not an hour.
  const result = Bun.spawnSync(args, { cwd: folder, stdout: "pipe", stderr: "pipe", timeout: 3_600_000 });
  if (result.exitCode !== 0) throw new BuildFailedError(`the build in ${folder} failed (exit ${result.exitCode}):\n${result.stdout}\n${result.stderr}`);
  const files = [...COMPARED, ...(options.release ? COMPARED_RELEASE : [])];
  return { ...Object.fromEntries(files.map((file) => [file, readFileSync(join(folder, "dist", file), "utf8")])), ...(options.npm ? npmTarballSums(folder) : {}) };
}

function compare(): void {
  const { values } = parseArgs({ options: { flavor: { type: "string", multiple: true }, target: { type: "string", multiple: true }, release: { type: "boolean" }, npm: { type: "boolean" }, json: { type: "boolean" } } });
  const release = values.release ?? false;
  const npm = values.npm ?? false;
  const stamped = gitCommit(root);
  const commit = stamped === "unknown" ? "0000000" : stamped;
  const files = sourceFiles();
  const base = mkdtempSync(join(tmpdir(), "toolshed-repro-"));
  const folders = [join(base, "a"), join(base, "second", "checkout")];
  try {
    const [first, second] = folders.map((folder) => {
      copyTree(folder, files);
      return build(folder, { flavors: values.flavor ?? [], targets: values.target ?? [], release, npm, commit });
    }) as [Outputs, Outputs];
    const differing = Object.keys(first).filter((file) => first[file] !== second[file]);
    const sums = (outputs: Outputs) => `${outputs.SHA256SUMS}${outputs["release/SHA256SUMS"] ?? ""}${outputs["npm/"] ?? ""}`;
    const identical = differing.length === 0 && (first.SHA256SUMS ?? "").trim() !== "";
    const what = `binaries, ${release ? "archives, " : ""}${npm ? "npm tarballs, " : ""}manifests and audits`;
    if (values.json) console.log(JSON.stringify({ identical, differing, commit, folders, sums: { first: first.SHA256SUMS, second: second.SHA256SUMS }, ...(release ? { archives: { first: first["release/SHA256SUMS"], second: second["release/SHA256SUMS"] } } : {}) }, null, 2));
    else if (identical) console.log(`reproducible: two builds of ${commit} in different folders gave identical ${what}:\n${sums(first).trimEnd()}`);
    else console.log(`NOT reproducible: the builds of ${commit} differ in ${differing.join(", ") || "nothing (but built nothing)"}.\nIn ${folders[0]}:\n${sums(first)}In ${folders[1]}:\n${sums(second)}`);
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
