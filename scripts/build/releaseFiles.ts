/** `dist/manifest.json` and `dist/SHA256SUMS`: what this run built, with no timestamps. */
import { open } from "node:fs/promises";
import { join } from "node:path";
import { writeFileAtomic } from "../../src/files/writeFileAtomic.ts";
import type { FeatureName } from "../../src/features.ts";
import { formatChecksums } from "../../src/release/parseChecksums.ts";
import type { TargetName } from "./targets.ts";

/** One executable in the manifest. */
export interface ManifestArtifact {
  flavor: string;
  target: TargetName;
  /** Relative to the output folder, with forward slashes. */
  file: string;
  features: FeatureName[];
  userType: string;
  bytes: number;
  sha256: string;
  jsBytes: number;
  jsGzipBytes: number;
  jsBrotliBytes: number;
  smokeTest: string;
}

export interface Manifest {
  name: string;
  version: string;
  commit: string;
  bunVersion: string;
  artifacts: ManifestArtifact[];
}

/** How much of a file sha256File reads at a time. */
const HASH_READ_BYTES = 4 * 1024 * 1024;

/** The SHA-256 of a file, in hex (read a few megabytes at a time: a 100 MB binary is never held whole). */
export async function sha256File(path: string): Promise<string> {
  const hasher = new Bun.CryptoHasher("sha256");
  const file = await open(path, "r");
  try {
    const buffer = Buffer.allocUnsafe(HASH_READ_BYTES);
    for (;;) {
      const { bytesRead } = await file.read(buffer, 0, buffer.length, null);
      if (bytesRead === 0) break;
      hasher.update(buffer.subarray(0, bytesRead));
    }
  } finally {
    await file.close();
  }
  return hasher.digest("hex");
}

function byFlavorAndTarget(a: ManifestArtifact, b: ManifestArtifact): number {
  return a.flavor === b.flavor ? (a.target < b.target ? -1 : 1) : a.flavor < b.flavor ? -1 : 1;
}

/** Writes manifest.json and SHA256SUMS (sha256sum's format) into `outputDirectory`. */
export function writeReleaseFiles(outputDirectory: string, manifest: Manifest): void {
  const artifacts = [...manifest.artifacts].sort(byFlavorAndTarget);
  writeFileAtomic(join(outputDirectory, "manifest.json"), `${JSON.stringify({ ...manifest, artifacts }, null, 2)}\n`, { createParents: true });
  writeFileAtomic(join(outputDirectory, "SHA256SUMS"), formatChecksums(artifacts), { createParents: true });
}
