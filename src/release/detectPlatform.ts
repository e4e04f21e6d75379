/**
 * What this machine is, for selectTarget: read from the files and commands install.sh reads, by
 * the same rules, so the installer and `toolshed update` choose the same build.
 */
import { closeSync, existsSync, openSync, readSync } from "node:fs";
import type { PlatformFacts } from "./selectTarget.ts";

/** The dynamic loaders that tell a musl system from a glibc one, by CPU. */
export const LIBC_LOADERS = {
  x64: { musl: "/lib/ld-musl-x86_64.so.1", glibc: "/lib64/ld-linux-x86-64.so.2" },
  arm64: { musl: "/lib/ld-musl-aarch64.so.1", glibc: "/lib/ld-linux-aarch64.so.1" },
} as const;

/** How much of /proc/cpuinfo is read: the first processor's flags come within the first few KiB. */
const CPUINFO_MAX_BYTES = 64 * 1024;

/**
 * musl when musl's loader is here and glibc's is not; Alpine counts as musl even with gcompat,
 * which adds a glibc loader name that the glibc build cannot really use.
 */
export function detectLibc(arch: string, exists: (path: string) => boolean = existsSync): "glibc" | "musl" | null {
  const loaders = arch === "x64" || arch === "arm64" ? LIBC_LOADERS[arch] : undefined;
  if (loaders === undefined) return null;
  return exists(loaders.musl) && (!exists(loaders.glibc) || exists("/etc/alpine-release")) ? "musl" : "glibc";
}

/** Whether the first processor in /proc/cpuinfo's text lists the avx2 flag; null when there is no flags line. */
export function cpuinfoHasAvx2(cpuinfo: string): boolean | null {
  const flags = /^flags\s*:(.*)$/m.exec(cpuinfo);
  return flags === null ? null : (flags[1] as string).split(/\s+/).includes("avx2");
}

function readStart(path: string, maxBytes: number): string | null {
  try {
    const descriptor = openSync(path, "r");
    try {
      const buffer = Buffer.alloc(maxBytes);
      const length = readSync(descriptor, buffer, 0, maxBytes, null);
      return buffer.subarray(0, length).toString("utf8");
    } finally {
      closeSync(descriptor);
    }
  } catch {
    return null;
  }
}

function sysctl(name: string): string | null {
  const result = Bun.spawnSync(["sysctl", "-n", name], { stdout: "pipe", stderr: "ignore", timeout: 5_000 });
  return result.exitCode === 0 ? result.stdout.toString().trim() : null;
}

/** This machine's facts. AVX2 is unknown on Windows, where no file or command without a dependency says. */
export function detectPlatform(): PlatformFacts {
  const { platform, arch } = process;
  let avx2: boolean | null = null;
  if (arch === "x64" && platform === "linux") {
    const cpuinfo = readStart("/proc/cpuinfo", CPUINFO_MAX_BYTES);
    avx2 = cpuinfo === null ? null : cpuinfoHasAvx2(cpuinfo);
  } else if (arch === "x64" && platform === "darwin") {
    const features = sysctl("machdep.cpu.leaf7_features");
    avx2 = features === null ? null : features.split(/\s+/).includes("AVX2");
  }
  return {
    os: platform,
    arch,
    libc: platform === "linux" ? detectLibc(arch) : null,
    avx2,
    translated: platform === "darwin" && arch === "x64" && sysctl("sysctl.proc_translated") === "1",
  };
}
