/** Sizes of a flavor's JavaScript: raw, gzip and brotli bytes, and what each module and package adds. */
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import type { Chunk, Metafile } from "./bundleFlavor.ts";

export interface BundleSize {
  raw: number;
  gzip: number;
  brotli: number;
  chunks: number;
}

/** One input module and the bytes it adds to the minified output. */
export interface ModuleSize {
  path: string;
  bytes: number;
}

/** A package (or "toolshed" for our own sources) and the bytes its modules add. */
export interface PackageSize {
  name: string;
  bytes: number;
  modules: number;
}

/** The name every first-party module is grouped under. */
export const OWN_PACKAGE = "toolshed";

/** Brotli quality for the audit: 5 lands within about 1.5% of 9 at two fifths of its time (and 9 within 7% of 11 at a thirtieth); sizes are compared at one quality. */
export const BROTLI_QUALITY = 5;
/** gzip level for the audit (the maximum; it is cheap). */
export const GZIP_LEVEL = 9;

/**
 * Raw, gzip and brotli bytes, summed over every chunk. On this thread: compressing a hundred small
 * chunks through the thread pool cost twice the CPU time (each handoff has its price), and the
 * build's cores are busy compiling anyway.
 */
export function measureChunks(chunks: readonly Chunk[]): BundleSize {
  const sizes = chunks.map((chunk) => {
    const bytes = Buffer.from(chunk.text, "utf8");
    const gzipped = gzipSync(bytes, { level: GZIP_LEVEL });
    const brotlied = brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } });
    return { raw: bytes.length, gzip: gzipped.length, brotli: brotlied.length };
  });
  return {
    raw: sizes.reduce((sum, size) => sum + size.raw, 0),
    gzip: sizes.reduce((sum, size) => sum + size.gzip, 0),
    brotli: sizes.reduce((sum, size) => sum + size.brotli, 0),
    chunks: chunks.length,
  };
}

/** Bytes each input contributes across every output chunk, largest first. */
export function moduleSizes(metafile: Metafile): ModuleSize[] {
  const totals = new Map<string, number>();
  for (const output of Object.values(metafile.outputs)) {
    for (const [path, contribution] of Object.entries(output.inputs)) {
      totals.set(path, (totals.get(path) ?? 0) + contribution.bytesInOutput);
    }
  }
  return [...totals].map(([path, bytes]) => ({ path, bytes })).sort((a, b) => b.bytes - a.bytes || (a.path < b.path ? -1 : 1));
}

/** The package a module path belongs to: the part after the last node_modules/, or "toolshed". */
export function packageOf(path: string): string {
  const index = path.lastIndexOf("node_modules/");
  if (index === -1) return OWN_PACKAGE;
  const [first, second] = path.slice(index + "node_modules/".length).split("/");
  return first?.startsWith("@") && second !== undefined ? `${first}/${second}` : (first ?? path);
}

/** Module sizes grouped by package, largest first. */
export function packageSizes(modules: readonly ModuleSize[]): PackageSize[] {
  const totals = new Map<string, PackageSize>();
  for (const module of modules) {
    const name = packageOf(module.path);
    const entry = totals.get(name) ?? { name, bytes: 0, modules: 0 };
    entry.bytes += module.bytes;
    entry.modules += 1;
    totals.set(name, entry);
  }
  return [...totals.values()].sort((a, b) => b.bytes - a.bytes || (a.name < b.name ? -1 : 1));
}
