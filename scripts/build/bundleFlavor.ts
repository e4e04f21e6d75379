/**
 * The two Bun.build calls of a flavor: the compiled executable per target, and the JavaScript
 * bundle kept in memory, which the audit needs only when it cannot read the chunks out of a binary
 * (see chunksInBinary). Both share one configuration, so the bundle holds the binaries' modules;
 * made for no platform, it keeps the code each compile drops for the platforms it is not for.
 */
import { relative, resolve } from "node:path";
import type { Flavor } from "./flavors.ts";
import { BuildCheckError } from "./buildErrors.ts";
import { bunCompileTarget, type TargetName } from "./targets.ts";
import { embeddedSchemaTable } from "./schemaTable.ts";

/** What a flavor's build is made from. */
export interface FlavorSource {
  /** The repository root; metafile paths are made relative to it. */
  root: string;
  /** The entry file (absolute, or relative to root). */
  entrypoint: string;
  flavor: Flavor;
  commit: string;
  /** The flavor's tools' input schemas, embedded so the binary need not derive them (see toolSchemas.ts). */
  toolSchemas?: Record<string, unknown>;
  /** The tools among them whose input the binary may check by that schema alone (see flavorExactSchemas). */
  exactSchemas?: string[];
}

/** One output chunk of the JavaScript bundle. */
export interface Chunk {
  path: string;
  /** The module the chunk was split off for, when it is an entry or a lazily loaded module. */
  entryPoint?: string;
  text: string;
}

/** The metafile with input paths relative to the repository root. */
export type Metafile = Bun.BuildMetafile;

/** The defines every build sets: what `--version` prints, and the flavor's own. */
export function buildDefines(flavor: Flavor, commit: string): Record<string, string> {
  const defines: Record<string, string> = {};
  for (const [key, value] of Object.entries(flavor.defines)) defines[key] = JSON.stringify(value);
  defines["process.env.TOOLSHED_BUILD_FLAVOR"] = JSON.stringify(flavor.name);
  defines["process.env.TOOLSHED_BUILD_FEATURES"] = JSON.stringify(flavor.features.join(","));
  defines["process.env.TOOLSHED_BUILD_COMMIT"] = JSON.stringify(commit);
  defines["process.env.TOOLSHED_BUILD_BUN_VERSION"] = JSON.stringify(Bun.version);
  // React (the interactive terminal's) picks its production build by this; folded, the other is left out.
  defines["process.env.NODE_ENV"] = JSON.stringify("production");
  return defines;
}

/** The embedded schema table and where each tool's schema lies in it (see embeddedSchemaTable). */
function schemaDefines(schemas: Record<string, unknown>): Record<string, string> {
  const { text, spans } = embeddedSchemaTable(schemas);
  return { TOOLSHED_TOOL_SCHEMAS: JSON.stringify(text), TOOLSHED_TOOL_SCHEMA_SPANS: JSON.stringify(JSON.stringify(spans)) };
}

function sharedConfig(source: FlavorSource) {
  return {
    entrypoints: [source.entrypoint],
    root: source.root,
    target: "bun" as const,
    format: "esm" as const,
    minify: true,
    // Split chunks keep lazily loaded modules (and gated tools behind require()) out of start-up.
    splitting: true,
    // Release binaries carry no source maps and no original sources.
    sourcemap: "none" as const,
    metafile: true,
    // Ink reaches for React's devtools only when DEV=true and the package is installed; toolshed ships neither.
    external: ["react-devtools-core"],
    features: source.flavor.features,
    define: {
      ...buildDefines(source.flavor, source.commit),
      ...(source.toolSchemas === undefined ? {} : schemaDefines(source.toolSchemas)),
      ...(source.exactSchemas === undefined ? {} : { TOOLSHED_EXACT_TOOL_SCHEMAS: JSON.stringify(JSON.stringify(source.exactSchemas)) }),
    },
  };
}

function failure(what: string, logs: readonly unknown[]): BuildCheckError {
  // A bundle that fails throws one AggregateError ("Bundle failed"): its messages are inside it.
  const messages = logs.flatMap((log) => (log instanceof AggregateError && log.errors.length > 0 ? log.errors : [log]));
  return new BuildCheckError(`${what} failed:\n${messages.map((log) => `  ${String(log)}`).join("\n")}`);
}

/** Input paths relative to the root, with forward slashes, so audits compare across machines. */
export function normalizeMetafile(metafile: Metafile, root: string): Metafile {
  // Bun writes input paths relative to the working folder, which need not be the root.
  const clean = (path: string) => relative(root, resolve(path)).replaceAll("\\", "/");
  const inputs: Metafile["inputs"] = {};
  for (const [path, input] of Object.entries(metafile.inputs)) inputs[clean(path)] = input;
  const outputs: Metafile["outputs"] = {};
  for (const [path, output] of Object.entries(metafile.outputs)) {
    const outputInputs: (typeof output)["inputs"] = {};
    for (const [inputPath, contribution] of Object.entries(output.inputs)) outputInputs[clean(inputPath)] = contribution;
    outputs[path] = { ...output, inputs: outputInputs };
  }
  return { inputs, outputs };
}

/** Bundles the flavor's JavaScript in memory: every chunk's text and the metafile. */
export async function bundleJavaScript(source: FlavorSource): Promise<{ chunks: Chunk[]; metafile: Metafile }> {
  const result = await Bun.build(sharedConfig(source)).catch((error: unknown) => ({ success: false as const, logs: [error], outputs: [], metafile: undefined }));
  if (!result.success || result.metafile === undefined) throw failure(`bundling ${source.flavor.name}`, result.logs);
  const metafile = normalizeMetafile(result.metafile, source.root);
  const entryPoints = new Map(Object.entries(metafile.outputs).map(([path, output]) => [path.replace(/^\.\//, ""), output.entryPoint]));
  const chunks: Chunk[] = [];
  for (const output of result.outputs) {
    if (output.kind !== "entry-point" && output.kind !== "chunk") continue;
    const path = output.path.replace(/^\.\//, "");
    chunks.push({ path, entryPoint: entryPoints.get(path) ?? undefined, text: await output.text() });
  }
  return { chunks, metafile };
}

/** Compiles the flavor into a standalone executable for one target and returns its metafile. */
export async function compileExecutable(source: FlavorSource, target: TargetName, outfile: string): Promise<Metafile> {
  const result = await Bun.build({
    ...sharedConfig(source),
    bytecode: true,
    // JavaScriptCore's build-time passes over the bytecode took half of each compile (about a
    // second) and made no difference to start-up that the bench could see.
    optimize: { bytecode: false },
    compile: { target: bunCompileTarget(target), outfile, autoloadDotenv: false, autoloadBunfig: false },
  }).catch((error: unknown) => ({ success: false as const, logs: [error], outputs: [], metafile: undefined }));
  if (!result.success || result.metafile === undefined) throw failure(`compiling ${source.flavor.name} for ${target}`, result.logs);
  return normalizeMetafile(result.metafile, source.root);
}
