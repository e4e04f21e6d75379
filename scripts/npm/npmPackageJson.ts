/** The package.json of `toolshed` and of each `@toolshed/<target>`, with their keys in a fixed order. */
import { TARGET_PLATFORMS, type TargetName } from "../build/targets.ts";
import { NPM_TARGETS, platformFields, platformPackageName } from "./npmPackages.ts";

/** What the package.json files take from the repository's own. */
export interface PackageFacts {
  version: string;
  description: string;
  license: string;
  engines: Record<string, string>;
}

/** Where things are inside the `toolshed` package. */
export const LAUNCHER_PATH = "bin/toolshed.cjs";
export const LIBRARY_ENTRY = "lib/index.js";
export const NOT_BUN_ENTRY = "lib/needsBun.js";
export const DECLARATIONS_ENTRY = "types/index.d.ts";

/**
 * `toolshed`: the launcher as its bin, the library for Bun (anything else gets an error saying
 * so), the declarations first for TypeScript, and every platform package as an optional
 * dependency at exactly this version.
 */
export function mainPackageJson(facts: PackageFacts, dependencies: Record<string, string>): Record<string, unknown> {
  return {
    name: "toolshed",
    version: facts.version,
    description: facts.description,
    license: facts.license,
    type: "module",
    bin: { toolshed: LAUNCHER_PATH },
    types: `./${DECLARATIONS_ENTRY}`,
    exports: {
      ".": { types: `./${DECLARATIONS_ENTRY}`, bun: `./${LIBRARY_ENTRY}`, default: `./${NOT_BUN_ENTRY}` },
      "./package.json": "./package.json",
    },
    engines: facts.engines,
    dependencies,
    optionalDependencies: Object.fromEntries(NPM_TARGETS.map((target) => [platformPackageName(target), facts.version])),
  };
}

/** How a platform reads in a sentence: "Linux x64 (musl)", "macOS arm64", "Windows x64". */
export function describePlatform(target: TargetName): string {
  const { os, arch, libc } = TARGET_PLATFORMS[target];
  const system = { linux: "Linux", darwin: "macOS", windows: "Windows" }[os];
  return `${system} ${arch}${libc === null ? "" : ` (${libc})`}`;
}

/** `@toolshed/<target>`: the binary, installed by npm only where os, cpu and libc match. */
export function platformPackageJson(facts: PackageFacts, target: TargetName): Record<string, unknown> {
  return {
    name: platformPackageName(target),
    version: facts.version,
    description: `The toolshed binary for ${describePlatform(target)}; install toolshed, which depends on it.`,
    license: facts.license,
    ...platformFields(target),
    // Yarn's plug'n'play must unpack it: a binary cannot run from inside a zip.
    preferUnplugged: true,
  };
}
