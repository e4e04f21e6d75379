/**
 * Release binaries carry no source maps and no original sources. Bun's runtime itself contains
 * the word "sourceMappingURL", so the outputs and chunks are checked for any map, and each binary
 * for our sources' TSDoc comments, which only an unminified original would hold.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Chunk, Metafile } from "./bundleFlavor.ts";

/** How many first-party modules lend a comment line to look for. */
const SAMPLED_MODULES = 6;
const MIN_COMMENT_CHARS = 30;

/** The first TSDoc line of each of a few first-party modules among `inputs`. */
export function originalSourceMarkers(root: string, inputs: readonly string[]): string[] {
  const markers: string[] = [];
  for (const path of inputs.filter((input) => input.startsWith("src/") && input.endsWith(".ts")).sort()) {
    if (markers.length >= SAMPLED_MODULES) break;
    let text: string;
    try {
      text = readFileSync(join(root, path), "utf8");
    } catch {
      continue;
    }
    const comment = /\/\*\*\s*\n?\s*\*?\s*([^\n*][^\n]*)/.exec(text)?.[1]?.replace(/\*\/\s*$/, "").trim();
    if (comment !== undefined && comment.length >= MIN_COMMENT_CHARS) markers.push(comment);
  }
  return markers;
}

/** Problems in the build outputs: an emitted map, or a chunk that links one. */
export function findSourceMapProblems(chunks: readonly Chunk[], metafiles: readonly Metafile[]): string[] {
  const problems: string[] = [];
  for (const metafile of metafiles) {
    for (const path of Object.keys(metafile.outputs)) if (path.endsWith(".map")) problems.push(`a source map was emitted: ${path}`);
  }
  for (const chunk of chunks) {
    if (chunk.text.includes("//# sourceMappingURL=")) problems.push(`chunk ${chunk.path} links a source map`);
  }
  return problems;
}

/** A problem when one compiled binary holds original source text (one of `markers`). */
export function findOriginalSourceInBinary(markers: readonly string[], target: string, bytes: Buffer): string[] {
  const found = markers.find((marker) => bytes.includes(Buffer.from(marker, "utf8")) || bytes.includes(Buffer.from(marker, "utf16le")));
  return found === undefined ? [] : [`binary ${target} holds original source text: "${found.slice(0, 60)}"`];
}
