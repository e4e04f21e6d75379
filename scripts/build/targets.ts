/** The platforms a flavor can be compiled for, and where each executable goes. */
import { join } from "node:path";
import { BuildConfigError } from "./buildErrors.ts";

/** What a target runs on: its system, CPU, C library (Linux only) and whether it needs AVX2. */
export interface TargetPlatform {
  os: "linux" | "darwin" | "windows";
  arch: "x64" | "arm64";
  /** The C library a Linux binary links against; null elsewhere. */
  libc: "glibc" | "musl" | null;
  /** Built for x64 processors without AVX2 (Bun's "baseline" runtime). */
  baseline: boolean;
  /** Bun's name for the runtime this target is compiled with. */
  bunTarget: Bun.Build.CompileTarget;
}

/**
 * Every target Bun 1.4.5 compiles for that people run. Bun has no baseline build for arm64 (its
 * arm64 runtimes need nothing an arm64 processor may lack), so only x64 has `-baseline` targets.
 * The first five are one per system and CPU; the rest are variants of them.
 */
export const TARGET_PLATFORMS = {
  "linux-x64": { os: "linux", arch: "x64", libc: "glibc", baseline: false, bunTarget: "bun-linux-x64" },
  "linux-arm64": { os: "linux", arch: "arm64", libc: "glibc", baseline: false, bunTarget: "bun-linux-arm64" },
  "darwin-x64": { os: "darwin", arch: "x64", libc: null, baseline: false, bunTarget: "bun-darwin-x64" },
  "darwin-arm64": { os: "darwin", arch: "arm64", libc: null, baseline: false, bunTarget: "bun-darwin-arm64" },
  "windows-x64": { os: "windows", arch: "x64", libc: null, baseline: false, bunTarget: "bun-windows-x64" },
  "linux-x64-musl": { os: "linux", arch: "x64", libc: "musl", baseline: false, bunTarget: "bun-linux-x64-musl" },
  "linux-arm64-musl": { os: "linux", arch: "arm64", libc: "musl", baseline: false, bunTarget: "bun-linux-arm64-musl" },
  "linux-x64-baseline": { os: "linux", arch: "x64", libc: "glibc", baseline: true, bunTarget: "bun-linux-x64-baseline" },
  "linux-x64-musl-baseline": { os: "linux", arch: "x64", libc: "musl", baseline: true, bunTarget: "bun-linux-x64-baseline-musl" },
  "darwin-x64-baseline": { os: "darwin", arch: "x64", libc: null, baseline: true, bunTarget: "bun-darwin-x64-baseline" },
  "windows-x64-baseline": { os: "windows", arch: "x64", libc: null, baseline: true, bunTarget: "bun-windows-x64-baseline" },
} as const satisfies Record<string, TargetPlatform>;

export type TargetName = keyof typeof TARGET_PLATFORMS;

/** Every target `--target all` builds, in build order. Bun fetches the runtimes of other platforms from the npm registry. */
export const TARGETS = Object.keys(TARGET_PLATFORMS) as TargetName[];

function isTargetName(name: string): name is TargetName {
  return Object.hasOwn(TARGET_PLATFORMS, name);
}

/** The target of the machine running the build, if it is one we build for. */
export function hostTarget(): TargetName {
  const os = process.platform === "win32" ? "windows" : process.platform;
  const name = `${os}-${process.arch}`;
  if (!isTargetName(name)) {
    throw new BuildConfigError(`this machine (${name}) is not a build target; pass --target with one of: ${TARGETS.join(", ")}.`);
  }
  return name;
}

/** The names given, with "all" expanded and "host" meaning this machine; unknown names list the valid ones. */
export function selectTargets(names: readonly string[]): TargetName[] {
  if (names.length === 0) return [hostTarget()];
  const selected: TargetName[] = [];
  for (const name of names) {
    if (name === "all") selected.push(...TARGETS);
    else if (name === "host") selected.push(hostTarget());
    else if (isTargetName(name)) selected.push(name);
    else throw new BuildConfigError(`unknown target "${name}". The targets are: ${TARGETS.join(", ")}, all, host.`);
  }
  return [...new Set(selected)];
}

/** `toolshed` or `toolshed.exe`. */
export function executableName(target: TargetName): string {
  return TARGET_PLATFORMS[target].os === "windows" ? "toolshed.exe" : "toolshed";
}

/** `dist/<flavor>/<target>/toolshed[.exe]` under `outputDirectory`. */
export function executablePath(outputDirectory: string, flavor: string, target: TargetName): string {
  return join(outputDirectory, flavor, target, executableName(target));
}

/** Bun's name for the target's runtime. */
export function bunCompileTarget(target: TargetName): Bun.Build.CompileTarget {
  return TARGET_PLATFORMS[target].bunTarget;
}
