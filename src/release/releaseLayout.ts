/**
 * The layout of a release: one folder (a URL or a path) holding an archive per flavor and
 * target, SHA256SUMS over the archives, release.json describing them, and install.sh. Shared by
 * the release build, the installer's tests and `toolshed update`, so the names cannot drift.
 */
import { TARGET_PLATFORMS, type TargetName } from "./targets.ts";

/** Where `bun build.ts --release` writes the release, inside the output folder. */
export const RELEASE_FOLDER = "release";
/** sha256sum's format, one line per archive: `<hex>  <file name>`. */
export const CHECKSUMS_FILE = "SHA256SUMS";
/** The manifest (see ReleaseManifest). */
export const RELEASE_MANIFEST_FILE = "release.json";
/** The POSIX sh installer, shipped beside the archives. */
export const INSTALLER_FILE = "install.sh";

/** `zip` for Windows, whose own tools open it; `tar.gz` elsewhere, which keeps the executable bit. */
export function archiveFormat(target: TargetName): "zip" | "tar.gz" {
  return TARGET_PLATFORMS[target].os === "windows" ? "zip" : "tar.gz";
}

/** `toolshed-<version>-<flavor>-<target>`: the archive's name without its extension, and the folder inside it. */
export function archiveStem(release: { version: string; flavor: string; target: TargetName }): string {
  return `toolshed-${release.version}-${release.flavor}-${release.target}`;
}

/** `toolshed-<version>-<flavor>-<target>.tar.gz`, or `.zip` for Windows. */
export function archiveName(release: { version: string; flavor: string; target: TargetName }): string {
  return `${archiveStem(release)}.${archiveFormat(release.target)}`;
}

/** One archive in release.json. */
export interface ReleaseArchive {
  file: string;
  flavor: string;
  target: TargetName;
  format: "zip" | "tar.gz";
  os: string;
  arch: string;
  libc: string | null;
  baseline: boolean;
  bytes: number;
  sha256: string;
  /** The executable inside the archive. */
  binary: { path: string; bytes: number; sha256: string };
}

/** release.json: what the release holds, with nothing of the machine or the time it was made on. */
export interface ReleaseManifest {
  name: string;
  version: string;
  commit: string;
  bunVersion: string;
  checksums: typeof CHECKSUMS_FILE;
  installer: typeof INSTALLER_FILE;
  archives: ReleaseArchive[];
}
