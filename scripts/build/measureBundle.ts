/** Sizes of a flavor's JavaScript: raw, gzip and brotli bytes, and what each module and package adds. */
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
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

/** Brotli quality for the audit: 9 lands within about 7% of 11 at a thirtieth of the time (10 took 2.3 s of CPU a flavor, on every build); sizes are compared at one quality. */
export const BROTLI_QUALITY = 9;
/** gzip level for the audit (the maximum; it is cheap). */
export const GZIP_LEVEL = 9;

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

/** Raw, gzip and brotli bytes, summed over every chunk; chunks compress in parallel. */
export async function measureChunks(chunks: readonly Chunk[]): Promise<BundleSize> {
  const sizes = await Promise.all(chunks.map(async (chunk) => {
    const bytes = Buffer.from(chunk.text, "utf8");
    const [gzipped, brotlied] = await Promise.all([
      gzipAsync(bytes, { level: GZIP_LEVEL }),
      brotliAsync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } }),
    ]);
    return { raw: bytes.length, gzip: gzipped.length, brotli: brotlied.length };
  }));
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
