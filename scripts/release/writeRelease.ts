/**
 * `bun build.ts --release`: after a build that passed every check, an archive per executable
 * (the binary, the README and the licence), SHA256SUMS over the archives, release.json and
 * install.sh, in `<output>/release/`. Everything is written reproducibly: the same commit gives
 * the same bytes in any folder on any machine.
 */
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { writeFileAtomic } from "../../src/files/writeFileAtomic.ts";
import { BuildConfigError } from "../build/buildErrors.ts";
import { executableName, TARGET_PLATFORMS, type TargetName } from "../build/targets.ts";
import type { ArchiveEntry } from "./archiveEntry.ts";
import { gzip } from "./gzip.ts";
import { formatChecksums } from "../../src/release/parseChecksums.ts";
import {
  archiveFormat,
  archiveName,
  archiveStem,
  CHECKSUMS_FILE,
  INSTALLER_FILE,
  RELEASE_FOLDER,
  RELEASE_MANIFEST_FILE,
  type ReleaseArchive,
  type ReleaseManifest,
} from "../../src/release/releaseLayout.ts";
import { createTar } from "./tar.ts";
import { createZip } from "./zip.ts";

/** The files of the repository every archive carries beside the binary. */
export const RELEASE_DOCUMENTS = ["README.md", "LICENSE"] as const;

/** The installer as committed; it is shipped unchanged. */
export const INSTALLER_SOURCE = join(import.meta.dir, INSTALLER_FILE);

/** Fails before anything is built when a document the archives carry is missing. */
export function checkReleaseDocuments(root: string): void {
  const missing = RELEASE_DOCUMENTS.filter((file) => !existsSync(join(root, file)));
  if (missing.length > 0) throw new BuildConfigError(`a release carries ${RELEASE_DOCUMENTS.join(" and ")}, and ${root} has no ${missing.join(" or ")}.`);
}

function sha256(data: Uint8Array): string {
  return new Bun.CryptoHasher("sha256").update(data).digest("hex");
}

/** What writeRelease made. */
export interface WrittenRelease {
  folder: string;
  manifest: ReleaseManifest;
}

/** Writes the release of `binaries` into `<outputDirectory>/release/`, replacing any earlier one. */
export function writeRelease(options: {
  root: string;
  outputDirectory: string;
  release: Pick<ReleaseManifest, "name" | "version" | "commit" | "bunVersion">;
  binaries: ReadonlyArray<{ flavor: string; target: TargetName; path: string }>;
  onProgress?: (line: string) => void;
}): WrittenRelease {
  checkReleaseDocuments(options.root);
  const folder = join(options.outputDirectory, RELEASE_FOLDER);
  rmSync(folder, { recursive: true, force: true });
  mkdirSync(folder, { recursive: true });
  const documents = RELEASE_DOCUMENTS.map((file) => ({ file, data: readFileSync(join(options.root, file)) }));
  const version = options.release.version;
  const binaries = [...options.binaries].sort((a, b) => (archiveName({ version, ...a }) < archiveName({ version, ...b }) ? -1 : 1));
  const archives: ReleaseArchive[] = [];
  for (const binary of binaries) {
    const stem = archiveStem({ version, ...binary });
    const executable = readFileSync(binary.path);
    const entries: ArchiveEntry[] = [
      { path: `${stem}/${executableName(binary.target)}`, data: executable, executable: true },
      ...documents.map((document) => ({ path: `${stem}/${document.file}`, data: document.data, executable: false })),
    ];
    const format = archiveFormat(binary.target);
    const bytes = format === "zip" ? createZip(entries) : gzip(createTar(entries));
    const file = archiveName({ version, ...binary });
    writeFileAtomic(join(folder, file), bytes);
    const { os, arch, libc, baseline } = TARGET_PLATFORMS[binary.target];
    archives.push({
      file,
      flavor: binary.flavor,
      target: binary.target,
      format,
      os,
      arch,
      libc,
      baseline,
      bytes: bytes.length,
      sha256: sha256(bytes),
      binary: { path: `${stem}/${executableName(binary.target)}`, bytes: executable.length, sha256: sha256(executable) },
    });
    options.onProgress?.(`archived ${file} (${(bytes.length / 1024 / 1024).toFixed(1)} MB)`);
  }
  const manifest: ReleaseManifest = { ...options.release, checksums: CHECKSUMS_FILE, installer: INSTALLER_FILE, archives };
  writeFileAtomic(join(folder, CHECKSUMS_FILE), formatChecksums(archives));
  writeFileAtomic(join(folder, RELEASE_MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`);
  writeFileAtomic(join(folder, INSTALLER_FILE), readFileSync(INSTALLER_SOURCE), { mode: 0o755 });
  return { folder, manifest };
}
