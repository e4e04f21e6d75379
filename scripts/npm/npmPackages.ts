/**
 * The npm packages: `toolshed` (a launcher as its bin, the library for Bun, the declarations)
 * and one `@toolshed/<target>` per platform holding the binary, each an optional dependency of
 * `toolshed` that npm installs only where its os, cpu and libc fields match.
 */
import { TARGET_PLATFORMS, TARGETS, type TargetName } from "../build/targets.ts";

/** The flavor npm users get. */
export const NPM_FLAVOR = "public";
/** The scope of the platform packages. */
export const NPM_SCOPE = "@toolshed";
/** Where `bun build.ts --npm` writes the tarballs, inside the output folder. */
export const NPM_FOLDER = "npm";

/**
 * The targets with a platform package: all but the baseline builds, since a package.json can
 * name a system, CPU and C library but not a processor feature, and npm would install both x64
 * builds everywhere. Machines without AVX2 use install.sh, which picks the baseline build.
 */
export const NPM_TARGETS: readonly TargetName[] = TARGETS.filter((target) => !TARGET_PLATFORMS[target].baseline);

/** `@toolshed/<target>`. */
export function platformPackageName(target: TargetName): string {
  return `${NPM_SCOPE}/${target}`;
}

/** The file `npm pack` would name the package's tarball: `toolshed-0.1.0.tgz`, `toolshed-linux-x64-0.1.0.tgz`. */
export function npmTarballName(packageName: string, version: string): string {
  return `${packageName.replace(/^@/, "").replace("/", "-")}-${version}.tgz`;
}

/** The package.json fields that make npm install a platform package only on its own platform. */
export function platformFields(target: TargetName): { os: string[]; cpu: string[]; libc?: string[] } {
  const { os, arch, libc } = TARGET_PLATFORMS[target];
  return { os: [os === "windows" ? "win32" : os], cpu: [arch], ...(libc === null ? {} : { libc: [libc] }) };
}
