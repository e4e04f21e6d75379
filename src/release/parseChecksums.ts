/** Reading SHA256SUMS (sha256sum's format) from a release, the way install.sh and `toolshed update` do. */

/** The most a SHA256SUMS file may hold; a release has a few dozen lines. */
export const CHECKSUMS_MAX_BYTES = 1024 * 1024;

/** Each file named in the text with its SHA-256 (lower-case hex), or the first line that is not one. */
export function parseChecksums(text: string): { ok: true; sums: Map<string, string> } | { ok: false; error: string } {
  if (text.length > CHECKSUMS_MAX_BYTES) return { ok: false, error: `a checksum list larger than ${CHECKSUMS_MAX_BYTES} bytes is not a release's` };
  const sums = new Map<string, string>();
  const lines = text.split("\n");
  for (const [index, line] of lines.entries()) {
    if (line.trim() === "") continue;
    // Two spaces (text mode) or space and star (binary mode), as sha256sum writes them.
    const match = /^([0-9a-fA-F]{64}) [ *](.+)$/.exec(line.replace(/\r$/, ""));
    if (match === null) return { ok: false, error: `line ${index + 1} is not "<sha256>  <file>": ${JSON.stringify(line.slice(0, 120))}` };
    // Two sums for one file: which is meant cannot be told, so neither is trusted (install.sh refuses it too).
    if (sums.has(match[2] as string)) return { ok: false, error: `${match[2]} is listed more than once` };
    sums.set(match[2] as string, (match[1] as string).toLowerCase());
  }
  return { ok: true, sums };
}

/** SHA256SUMS's text for `files`, in the order given. */
export function formatChecksums(files: ReadonlyArray<{ file: string; sha256: string }>): string {
  return files.map(({ file, sha256 }) => `${sha256}  ${file}\n`).join("");
}
