/** Choosing the build for a machine, and reading what the machine is. */
import { describe, expect, test } from "bun:test";
import { cpuinfoHasAvx2, detectLibc, detectPlatform, LIBC_LOADERS } from "../../src/release/detectPlatform.ts";
import { selectTarget, type PlatformFacts } from "../../src/release/selectTarget.ts";
import { TARGETS, type TargetName } from "../../scripts/build/targets.ts";

const machine = (facts: Partial<PlatformFacts>): PlatformFacts => ({ os: "linux", arch: "x64", libc: "glibc", avx2: true, translated: false, ...facts });

describe("selectTarget", () => {
  test("system, CPU, C library and AVX2 pick the build", () => {
    const cases: Array<[Partial<PlatformFacts>, TargetName]> = [
      [{}, "linux-x64"],
      [{ avx2: false }, "linux-x64-baseline"],
      [{ avx2: null }, "linux-x64"],
      [{ libc: "musl" }, "linux-x64-musl"],
      [{ libc: "musl", avx2: false }, "linux-x64-musl-baseline"],
      [{ arch: "aarch64", avx2: false }, "linux-arm64"],
      [{ arch: "arm64", libc: "musl" }, "linux-arm64-musl"],
      [{ os: "darwin", libc: null }, "darwin-x64"],
      [{ os: "darwin", libc: null, avx2: false }, "darwin-x64-baseline"],
      [{ os: "darwin", libc: null, translated: true }, "darwin-arm64"],
      [{ os: "darwin", arch: "arm64", libc: null }, "darwin-arm64"],
      [{ os: "win32", libc: null, avx2: null }, "windows-x64"],
      [{ os: "windows", arch: "amd64", libc: null, avx2: false }, "windows-x64-baseline"],
    ];
    for (const [facts, target] of cases) expect({ facts, chosen: selectTarget(machine(facts)) }).toEqual({ facts, chosen: { ok: true, target } });
  });

  test("a machine with no build is told which builds there are", () => {
    expect(selectTarget(machine({ os: "freebsd" }))).toEqual({ ok: false, error: `toolshed has no build for freebsd on x64; the builds are: ${TARGETS.join(", ")}` });
    expect(selectTarget(machine({ arch: "ia32" }))).toMatchObject({ ok: false, error: expect.stringContaining("no build for linux on ia32") });
    expect(selectTarget(machine({ os: "win32", arch: "arm64" }))).toMatchObject({ ok: false, error: expect.stringContaining("no windows-arm64 build") });
  });
});

describe("detectPlatform", () => {
  test("musl when only musl's loader is here, or on Alpine; glibc otherwise", () => {
    const { musl, glibc } = LIBC_LOADERS.x64;
    const on = (...paths: string[]) => (path: string) => paths.includes(path);
    expect(detectLibc("x64", on(musl))).toBe("musl");
    expect(detectLibc("x64", on(musl, glibc))).toBe("glibc");
    expect(detectLibc("x64", on(musl, glibc, "/etc/alpine-release"))).toBe("musl");
    expect(detectLibc("x64", on(glibc))).toBe("glibc");
    expect(detectLibc("arm64", on(LIBC_LOADERS.arm64.musl))).toBe("musl");
    expect(detectLibc("ia32", on())).toBeNull();
  });

  test("AVX2 comes from the first processor's flags in /proc/cpuinfo", () => {
    expect(cpuinfoHasAvx2("processor\t: 0\nflags\t\t: fpu sse2 avx avx2 bmi2\n\nprocessor\t: 1\nflags\t\t: fpu\n")).toBe(true);
    expect(cpuinfoHasAvx2("processor\t: 0\nflags\t\t: fpu sse2 avx\n")).toBe(false);
    expect(cpuinfoHasAvx2("processor\t: 0\nFeatures\t: fp asimd\n")).toBeNull();
  });

  test("this machine has a build", () => {
    const facts = detectPlatform();
    expect(facts.os).toBe(process.platform);
    expect(selectTarget(facts)).toMatchObject({ ok: true });
  });
});
