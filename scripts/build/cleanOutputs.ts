/**
 * Before a build touches `dist/`: the release files of the last build go (so a build that fails
 * part-way leaves no manifest or checksums describing binaries it has since replaced), and so do
 * the release archives and npm tarballs made from them, and executables of flavors and targets
 * this build does not make (so `dist/` holds exactly what the manifest lists, never a stale
 * binary from an earlier build beside it).
 */
import { existsSync, readdirSync, rmSync, statSync } from "node:fs";
import { join } from "node:path";
import { NPM_FOLDER } from "../npm/npmPackages.ts";
import { RELEASE_FOLDER } from "../../src/release/releaseLayout.ts";
import { TARGETS } from "./targets.ts";

/** The files in the output folder that describe one build as a whole. */
export const RELEASE_FILES = ["manifest.json", "SHA256SUMS", "audit.json", "audit.md", "audit.html"] as const;
/** The folders made from a build's executables (`--release`, `--npm`). */
export const PACKAGE_FOLDERS = [RELEASE_FOLDER, NPM_FOLDER] as const;

function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

/**
 * Removes the release files, the release and npm folders, and every `<flavor>/<target>/` folder (a known target's name only)
 * that is not among `flavors` × `targets`; returns the folders removed, relative to `outputDirectory`.
 */
export function removeStaleOutputs(outputDirectory: string, build: { flavors: readonly string[]; targets: readonly string[] }): string[] {
  for (const file of RELEASE_FILES) rmSync(join(outputDirectory, file), { force: true });
  for (const folder of PACKAGE_FOLDERS) rmSync(join(outputDirectory, folder), { recursive: true, force: true });
  if (!existsSync(outputDirectory)) return [];
  const removed: string[] = [];
  for (const flavor of readdirSync(outputDirectory).sort()) {
    const flavorDirectory = join(outputDirectory, flavor);
    if (!isDirectory(flavorDirectory)) continue;
    for (const target of TARGETS) {
      const targetDirectory = join(flavorDirectory, target);
      if (!isDirectory(targetDirectory) || (build.flavors.includes(flavor) && build.targets.includes(target))) continue;
      rmSync(targetDirectory, { recursive: true, force: true });
      removed.push(`${flavor}/${target}`);
    }
    if (readdirSync(flavorDirectory).length === 0) rmSync(flavorDirectory, { recursive: true, force: true });
  }
  return removed;
}
