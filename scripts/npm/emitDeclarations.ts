/**
 * The library's declaration files, emitted by the repository's TypeScript (tsgo) from
 * src/index.ts with tsconfig.declarations.json, and the packages they import: those become the
 * npm package's dependencies, so a project that imports toolshed gets the same types we compiled against.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { BuildCheckError } from "../build/buildErrors.ts";

/** One emitted file, its path relative to the declarations' root (forward slashes). */
export interface EmittedFile {
  path: string;
  data: Uint8Array<ArrayBuffer>;
}

/** The package a bare specifier names: `zod` for `zod/v4`, `@scope/name` for `@scope/name/sub`. */
export function packageOfSpecifier(specifier: string): string {
  const parts = specifier.split("/");
  return specifier.startsWith("@") ? parts.slice(0, 2).join("/") : (parts[0] as string);
}

/**
 * Packages imported by declaration text: the bare specifiers of import and export statements and
 * of `import("...")` types, not node: or bun: ones. Comments are left out (TSDoc shows imports too).
 */
export function importedPackages(declarations: readonly string[]): string[] {
  const found = new Set<string>();
  for (const text of declarations) {
    const code = text.replace(/\/\*[\s\S]*?\*\//g, "").replace(/^\s*\/\/.*$/gm, "");
    const statements = code.matchAll(/^\s*(?:import|export)\b[^;]*?\bfrom\s*"([^"]+)"/gm);
    const types = code.matchAll(/\bimport\(\s*"([^"]+)"\s*\)/g);
    for (const match of [...statements, ...types]) {
      const specifier = match[1] as string;
      if (specifier.startsWith(".") || /^(node|bun):/.test(specifier)) continue;
      found.add(packageOfSpecifier(specifier));
    }
  }
  return [...found].sort();
}

function listFiles(folder: string): string[] {
  return readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name));
}

/**
 * Emits the declarations (a second or two, in another process, so the caller can work
 * meanwhile); throws a BuildCheckError with TypeScript's messages when it fails.
 */
export async function emitDeclarations(root: string): Promise<{ files: EmittedFile[]; packages: string[] }> {
  const output = mkdtempSync(join(tmpdir(), "toolshed-declarations-"));
  try {
    const tsc = join(root, "node_modules", "typescript", "bin", "tsc");
    const child = Bun.spawn([process.execPath, tsc, "-p", join(root, "tsconfig.declarations.json"), "--outDir", output], { cwd: root, stdout: "pipe", stderr: "pipe", timeout: 180_000 });
    const [stdout, stderr, exitCode] = await Promise.all([new Response(child.stdout).text(), new Response(child.stderr).text(), child.exited]);
    if (exitCode !== 0) {
      throw new BuildCheckError(`emitting the library's declarations failed (tsc exit ${exitCode}):\n${`${stdout}${stderr}`.trim().slice(0, 4000)}`);
    }
    const files = listFiles(output)
      .filter((path) => path.endsWith(".d.ts"))
      .map((path) => ({ path: relative(output, path).replaceAll("\\", "/"), data: readFileSync(path) }))
      .sort((a, b) => (a.path < b.path ? -1 : 1));
    if (!files.some((file) => file.path === "index.d.ts")) throw new BuildCheckError("emitting the library's declarations produced no index.d.ts");
    return { files, packages: importedPackages(files.map((file) => new TextDecoder().decode(file.data))) };
  } finally {
    rmSync(output, { recursive: true, force: true });
  }
}
