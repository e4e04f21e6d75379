/**
 * The archive of one flavor and target in a release, found the way install.sh finds it: through
 * SHA256SUMS, whose names carry the version, so the newest release needs no other index.
 */
import type { TargetName } from "./targets.ts";
import { archiveFormat } from "./releaseLayout.ts";

/** What SHA256SUMS says of the archive wanted. */
export interface FoundArchive {
  file: string;
  sha256: string;
  version: string;
}

/**
 * The one archive in `sums` (from parseChecksums) for `flavor` and `target`; an error naming the
 * archives there are when it is missing, or saying so when more than one matches.
 */
export function findArchive(sums: ReadonlyMap<string, string>, wanted: { flavor: string; target: TargetName }): { ok: true; archive: FoundArchive } | { ok: false; error: string } {
  const suffix = `-${wanted.flavor}-${wanted.target}.${archiveFormat(wanted.target)}`;
  const found: FoundArchive[] = [];
  for (const [file, sha256] of sums) {
    if (!file.startsWith("toolshed-") || !file.endsWith(suffix) || file.length <= "toolshed-".length + suffix.length) continue;
    found.push({ file, sha256, version: file.slice("toolshed-".length, -suffix.length) });
  }
  if (found.length === 1) return { ok: true, archive: found[0] as FoundArchive };
  if (found.length > 1) return { ok: false, error: `the release lists more than one ${wanted.flavor} build for ${wanted.target}: ${found.map((archive) => archive.file).join(", ")}` };
  const available = [...sums.keys()].filter((file) => file.startsWith("toolshed-"));
  return { ok: false, error: `the release has no ${wanted.flavor} build for ${wanted.target} (it has: ${available.join(" ") || "no archives"})` };
}
