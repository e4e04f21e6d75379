/**
 * Which build a machine should run, from what it is: system, CPU, C library and AVX2. install.sh
 * applies the same rule in sh, the npm launcher its system/CPU/C-library part, and `toolshed
 * update` calls this with detectPlatform()'s answer.
 */
import { TARGET_PLATFORMS, TARGETS, type TargetName } from "./targets.ts";

/** What is known of a machine; null means unknown. */
export interface PlatformFacts {
  /** Node's names ("linux", "darwin", "win32") or ours ("windows"). */
  os: string;
  /** Node's names ("x64", "arm64") or uname's ("x86_64", "amd64", "aarch64"). */
  arch: string;
  libc: "glibc" | "musl" | null;
  avx2: boolean | null;
  /** An x64 process on an Apple silicon Mac (Rosetta 2), which runs the arm64 build better. */
  translated: boolean;
}

const OS_NAMES: Record<string, string> = { linux: "linux", darwin: "darwin", win32: "windows", windows: "windows" };
const ARCH_NAMES: Record<string, string> = { x64: "x64", x86_64: "x64", amd64: "x64", arm64: "arm64", aarch64: "arm64" };

/**
 * The target for `facts`. An x64 processor known to lack AVX2 gets the baseline build; unknown
 * means it has AVX2, as every x64 processor sold since about 2015 does.
 */
export function selectTarget(facts: PlatformFacts): { ok: true; target: TargetName } | { ok: false; error: string } {
  const os = OS_NAMES[facts.os];
  let arch = ARCH_NAMES[facts.arch];
  if (os === undefined || arch === undefined) {
    return { ok: false, error: `toolshed has no build for ${facts.os} on ${facts.arch}; the builds are: ${TARGETS.join(", ")}` };
  }
  if (os === "darwin" && arch === "x64" && facts.translated) arch = "arm64";
  const musl = os === "linux" && facts.libc === "musl" ? "-musl" : "";
  const baseline = arch === "x64" && facts.avx2 === false ? "-baseline" : "";
  const name = `${os}-${arch}${musl}${baseline}`;
  if (!Object.hasOwn(TARGET_PLATFORMS, name)) return { ok: false, error: `toolshed has no ${name} build; the builds are: ${TARGETS.join(", ")}` };
  return { ok: true, target: name as TargetName };
}
