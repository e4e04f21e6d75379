/**
 * `bun build.ts --npm`: after a build that passed every check, the npm tarballs in
 * `<output>/npm/`: `toolshed-<version>.tgz` and `toolshed-<target>-<version>.tgz` for each
 * platform built. Written as `npm pack` lays them out (everything under package/), reproducibly.
 */
import { mkdirSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { writeFileAtomic } from "../../src/files/writeFileAtomic.ts";
import { BuildCheckError, BuildConfigError } from "../build/buildErrors.ts";
import type { Flavor } from "../build/flavors.ts";
import { excludedTools } from "../build/gatedTools.ts";
import { findLeaks } from "../build/leakCheck.ts";
import { executableName, type TargetName } from "../build/targets.ts";
import type { ArchiveEntry } from "../release/archiveEntry.ts";
import { gzip } from "../release/gzip.ts";
import { checkReleaseDocuments, RELEASE_DOCUMENTS } from "../release/writeRelease.ts";
import { createTar } from "../release/tar.ts";
import { buildLibrary } from "./buildLibrary.ts";
import { emitDeclarations } from "./emitDeclarations.ts";
import { describePlatform, LAUNCHER_PATH, mainPackageJson, NOT_BUN_ENTRY, platformPackageJson, type PackageFacts } from "./npmPackageJson.ts";
import { NPM_FOLDER, NPM_TARGETS, npmTarballName, platformPackageName } from "./npmPackages.ts";

/** The repository's package.json, as far as the npm packages need it. */
export interface RepositoryPackage {
  version: string;
  description: string;
  license?: string;
  engines?: Record<string, string>;
  dependencies?: Record<string, string>;
}

/** One tarball written. */
export interface NpmTarball {
  name: string;
  file: string;
  bytes: number;
  sha256: string;
}

/** What the package.json files say; throws before anything is built when the repository cannot make the packages. */
export function checkNpmInputs(root: string, repository: RepositoryPackage): PackageFacts {
  checkReleaseDocuments(root);
  if (repository.license === undefined) throw new BuildConfigError(`the npm packages need a "license" in ${join(root, "package.json")}.`);
  return { version: repository.version, description: repository.description, license: repository.license, engines: repository.engines ?? {} };
}

/** First in every tarball, as npm pack puts it: npm reads it without inflating the binary behind it. */
const MANIFEST_PATH = "package/package.json";

function json(value: unknown): Uint8Array<ArrayBuffer> {
  return new TextEncoder().encode(`${JSON.stringify(value, null, 2)}\n`);
}

function platformReadme(target: TargetName): Uint8Array<ArrayBuffer> {
  return new TextEncoder().encode(`# ${platformPackageName(target)}\n\nThe toolshed binary for ${describePlatform(target)}. Install \`toolshed\` instead (\`npm install -g toolshed\`): it depends on this package, and npm installs it only on machines it runs on.\n`);
}

/** The dependencies the library's declarations import, at the ranges the repository uses. */
function libraryDependencies(packages: readonly string[], repository: RepositoryPackage): Record<string, string> {
  const dependencies: Record<string, string> = {};
  for (const name of packages) {
    const range = repository.dependencies?.[name];
    if (range === undefined) throw new BuildCheckError(`the library's declarations import ${name}, which is not among package.json's dependencies`);
    dependencies[name] = range;
  }
  return dependencies;
}

/** Writes the npm tarballs for the platform binaries given (npm targets of the npm flavor only). */
export async function writeNpmPackages(options: {
  root: string;
  outputDirectory: string;
  repository: RepositoryPackage;
  flavor: Flavor;
  commit: string;
  binaries: ReadonlyArray<{ target: TargetName; path: string }>;
  onProgress?: (line: string) => void;
}): Promise<{ folder: string; tarballs: NpmTarball[] }> {
  const packageFacts = checkNpmInputs(options.root, options.repository);
  const folder = join(options.outputDirectory, NPM_FOLDER);
  rmSync(folder, { recursive: true, force: true });
  mkdirSync(folder, { recursive: true });
  const documents = RELEASE_DOCUMENTS.map((file) => ({ path: `package/${file}`, data: readFileSync(join(options.root, file)), executable: false }));
  const tarballs: NpmTarball[] = [];
  const write = (name: string, entries: ArchiveEntry[]) => {
    const bytes = gzip(createTar(entries, { leading: [MANIFEST_PATH] }));
    const file = npmTarballName(name, packageFacts.version);
    writeFileAtomic(join(folder, file), bytes);
    tarballs.push({ name, file, bytes: bytes.length, sha256: new Bun.CryptoHasher("sha256").update(bytes).digest("hex") });
    options.onProgress?.(`packed ${file} (${(bytes.length / 1024 / 1024).toFixed(1)} MB)`);
  };

  // TypeScript runs in its own process while the platform tarballs are compressed here.
  const emitting = emitDeclarations(options.root);
  // Its failure is reported where it is awaited; this only keeps an early throw below from leaving it unhandled.
  emitting.catch(() => {});
  for (const binary of [...options.binaries].sort((a, b) => (a.target < b.target ? -1 : 1))) {
    if (!NPM_TARGETS.includes(binary.target)) continue;
    write(platformPackageName(binary.target), [
      { path: MANIFEST_PATH, data: json(platformPackageJson(packageFacts, binary.target)), executable: false },
      { path: "package/README.md", data: platformReadme(binary.target), executable: false },
      ...documents.filter((document) => document.path !== "package/README.md"),
      { path: `package/bin/${executableName(binary.target)}`, data: readFileSync(binary.path), executable: true },
    ]);
  }

  const declarations = await emitting;
  const dependencies = libraryDependencies(declarations.packages, options.repository);
  const library = await buildLibrary({ root: options.root, flavor: options.flavor, commit: options.commit, external: Object.keys(dependencies) });
  const undeclared = library.imports.filter((name) => !(name in dependencies));
  if (undeclared.length > 0) throw new BuildCheckError(`the library imports ${undeclared.join(", ")} at run time, but its declarations do not, so npm would not install them`);
  // The library is held to the flavor's gates as its binaries are.
  const chunks = library.files.filter((file) => file.path.endsWith(".js")).map((file) => ({ path: file.path, text: new TextDecoder().decode(file.data) }));
  const leaks = findLeaks({ excluded: excludedTools(options.flavor), inputs: library.inputs, chunks, listings: [] });
  if (leaks.length > 0) throw new BuildCheckError(`leak: the npm library contains gated tools the ${options.flavor.name} flavor leaves off:\n  ${leaks.map((leak) => `${leak.tool} in ${leak.where}: ${leak.evidence}`).join("\n  ")}`);
  write("toolshed", [
    { path: MANIFEST_PATH, data: json(mainPackageJson(packageFacts, dependencies)), executable: false },
    ...documents,
    { path: `package/${LAUNCHER_PATH}`, data: readFileSync(join(import.meta.dir, "launcher.cjs")), executable: true },
    { path: `package/${NOT_BUN_ENTRY}`, data: readFileSync(join(import.meta.dir, "needsBun.js")), executable: false },
    ...library.files.map((file) => ({ path: `package/lib/${file.path}`, data: file.data, executable: false })),
    ...declarations.files.map((file) => ({ path: `package/types/${file.path}`, data: file.data, executable: false })),
  ]);
  tarballs.sort((a, b) => (a.file < b.file ? -1 : 1));
  return { folder, tarballs };
}
