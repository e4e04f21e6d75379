/** What a chunk of the public flavor's bundle loads before it runs, read from the build's metafile. */
import { join, resolve } from "node:path";
import { bundleJavaScript, type Metafile } from "../../scripts/build/bundleFlavor.ts";
import { loadFlavors } from "../../scripts/build/flavors.ts";

const ROOT = resolve(import.meta.dir, "..", "..");

/** The public flavor's JavaScript bundle, as the build makes it (in memory), and its metafile. */
export async function publicMetafile(): Promise<Metafile> {
  const flavor = loadFlavors(join(ROOT, "flags")).find((candidate) => candidate.name === "public");
  if (flavor === undefined) throw new Error("flags/public.json is missing");
  return (await bundleJavaScript({ root: ROOT, entrypoint: "src/main.ts", flavor, commit: "test" })).metafile;
}

/** The chunk made for `entry` (a source path such as src/cli/runCommand.ts). */
export function chunkOf(metafile: Metafile, entry: string): string | undefined {
  return Object.entries(metafile.outputs).find(([, output]) => output.entryPoint === entry)?.[0];
}

/** Every chunk `start` loads before it runs: its static imports, and theirs. */
export function staticClosure(metafile: Metafile, start: string): Set<string> {
  const seen = new Set<string>();
  const pending = [start];
  while (pending.length > 0) {
    const path = pending.pop() as string;
    if (seen.has(path)) continue;
    seen.add(path);
    for (const imported of metafile.outputs[path]?.imports ?? []) {
      if (imported.kind !== "dynamic-import" && metafile.outputs[imported.path] !== undefined) pending.push(imported.path);
    }
  }
  return seen;
}

/** The source files (and packages' files) inside `chunks`. */
export function inputsOf(metafile: Metafile, chunks: Iterable<string>): string[] {
  return [...chunks].flatMap((chunk) => Object.keys(metafile.outputs[chunk]?.inputs ?? {}));
}

/** The runtime modules (node:fs, ...) those source files import at load time, with who imports each. */
export function builtinsLoadedBy(metafile: Metafile, inputs: readonly string[]): Map<string, string[]> {
  const found = new Map<string, string[]>();
  for (const input of inputs) {
    for (const imported of metafile.inputs[input]?.imports ?? []) {
      if (imported.external !== true || imported.kind !== "import-statement") continue;
      const name = (imported.original ?? imported.path).replace(/^node:/, "");
      found.set(name, [...(found.get(name) ?? []), input]);
    }
  }
  return found;
}
