/**
 * The platforms toolshed is built for: each target's system, CPU, C library and whether it needs
 * AVX2. The build compiles them (scripts/build/targets.ts); the installer's rules and `toolshed
 * update` choose among them.
 */

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

/** The executable's file name on `target`. */
export function executableName(target: TargetName): string {
  return TARGET_PLATFORMS[target].os === "windows" ? "toolshed.exe" : "toolshed";
}
