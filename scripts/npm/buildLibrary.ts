/**
 * The library in the npm package: src/index.ts bundled for Bun as the npm flavor (its gated
 * tools absent, its user type fixed), split where the source loads lazily, with the packages
 * named in `external` left for npm to install and every other package bundled in.
 */
import { readFileSync } from "node:fs";
import { isBuiltin } from "node:module";
import { basename, join, relative, resolve } from "node:path";
import { BuildCheckError } from "../build/buildErrors.ts";
import { buildDefines } from "../build/bundleFlavor.ts";
import type { Flavor } from "../build/flavors.ts";
import { packageOfSpecifier, type EmittedFile } from "./emitDeclarations.ts";

/** The library built: its files relative to the package's lib/ folder, the packages it imports at run time, its inputs relative to the root. */
export interface BuiltLibrary {
  files: EmittedFile[];
  imports: string[];
  inputs: string[];
}

/** Builds the library in memory. */
export async function buildLibrary(options: { root: string; flavor: Flavor; commit: string; external: readonly string[] }): Promise<BuiltLibrary> {
  const assets = new Map<string, string>();
  // A bundled `import path from "x.wasm" with { type: "file" }` would give a path relative to the
  // working folder of whoever runs the library; this one resolves beside the chunk, where the file is copied.
  const filesBesideChunks: Bun.BunPlugin = {
    name: "files beside the chunks",
    setup(build) {
      build.onLoad({ filter: /\.wasm$/ }, (args) => {
        const name = basename(args.path);
        if (assets.has(name) && assets.get(name) !== args.path) throw new Error(`two bundled files are both named ${name}: ${assets.get(name)} and ${args.path}`);
        assets.set(name, args.path);
        return { contents: `export default Bun.fileURLToPath(new URL(${JSON.stringify(`./${name}`)}, import.meta.url));`, loader: "js" };
      });
    },
  };
  const result = await Bun.build({
    entrypoints: [join(options.root, "src", "index.ts")],
    root: join(options.root, "src"),
    target: "bun",
    format: "esm",
    splitting: true,
    // Readable output: people step through a library they call; the binary is where size matters.
    minify: false,
    sourcemap: "none",
    metafile: true,
    features: options.flavor.features,
    define: buildDefines(options.flavor, options.commit),
    external: [...options.external],
    naming: { entry: "[name].[ext]", chunk: "[name]-[hash].[ext]" },
    plugins: [filesBesideChunks],
  }).catch((error: unknown) => ({ success: false as const, logs: [error], outputs: [], metafile: undefined }));
  if (!result.success || result.metafile === undefined) {
    throw new BuildCheckError(`bundling the library failed:\n${result.logs.map((log) => `  ${String(log)}`).join("\n")}`);
  }
  const files: EmittedFile[] = [];
  for (const output of result.outputs) files.push({ path: output.path.replace(/^\.\//, ""), data: new Uint8Array(await output.arrayBuffer()) });
  for (const [name, path] of assets) files.push({ path: name, data: readFileSync(path) });
  // Externals show only among the inputs' imports; "./chunk-..." entries there are our own chunks.
  const imports = new Set<string>();
  for (const input of Object.values(result.metafile.inputs)) {
    for (const imported of input.imports) {
      const external = "external" in imported && imported.external === true;
      if (external && !imported.path.startsWith(".") && !isBuiltin(imported.path) && !imported.path.startsWith("bun:")) imports.add(packageOfSpecifier(imported.path));
    }
  }
  // Bun names inputs relative to the working folder; the leak check wants them relative to the root.
  const inputs = Object.keys(result.metafile.inputs).map((path) => relative(options.root, resolve(path)).replaceAll("\\", "/"));
  return { files: files.sort((a, b) => (a.path < b.path ? -1 : 1)), imports: [...imports].sort(), inputs };
}
