/**
 * The archive writers: what system tools read back from them (GNU tar and gzip, unzip), and that
 * the same files give the same bytes whatever order they come in.
 */
import { afterEach, describe, expect, test } from "bun:test";
import { readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { ArchiveEntry } from "../../scripts/release/archiveEntry.ts";
import { gzip } from "../../scripts/release/gzip.ts";
import { createTar } from "../../scripts/release/tar.ts";
import { createZip } from "../../scripts/release/zip.ts";
import { createTemporaryFolder, type TemporaryFolder } from "../helpers/temporaryFolder.ts";

let folder: TemporaryFolder | undefined;
afterEach(() => folder?.remove());

const text = (value: string) => new TextEncoder().encode(value);
const LONG = `docs/${"a".repeat(70)}/${"b".repeat(60)}/notes.txt`;
const ENTRIES: ArchiveEntry[] = [
  { path: "toolshed-1.0.0/toolshed", data: text("#!/bin/sh\necho run\n"), executable: true },
  { path: "toolshed-1.0.0/README.md", data: text("# toolshed\n".repeat(500)), executable: false },
  { path: `toolshed-1.0.0/${LONG}`, data: new Uint8Array(0), executable: false },
  { path: "toolshed-1.0.0/big.bin", data: new Uint8Array(70_000).map((_, index) => (index * 7919) % 251), executable: false },
];

function run(command: string[], cwd: string): { exitCode: number; stdout: string; stderr: string } {
  const result = Bun.spawnSync(command, { cwd, stdout: "pipe", stderr: "pipe", timeout: 30_000 });
  return { exitCode: result.exitCode ?? -1, stdout: result.stdout.toString(), stderr: result.stderr.toString() };
}

function expectExtracted(root: string): void {
  for (const entry of ENTRIES) {
    const path = join(root, entry.path);
    expect(new Uint8Array(readFileSync(path))).toEqual(entry.data);
    expect(statSync(path).mode & 0o777).toBe(entry.executable ? 0o755 : 0o644);
  }
}

describe("tar.gz", () => {
  test.skipIf(Bun.which("tar") === null)("GNU tar lists fixed times, owner 0/0 and the modes, and extracts the same bytes", () => {
    folder = createTemporaryFolder();
    const archive = join(folder.path, "a.tar.gz");
    writeFileSync(archive, gzip(createTar(ENTRIES)));
    const listing = run(["tar", "-tvzf", archive], folder.path);
    expect(listing.exitCode).toBe(0);
    const lines = listing.stdout.trim().split("\n");
    expect(lines[0]).toMatch(/^drwxr-xr-x 0\/0 +0 1980-01-01 00:00 toolshed-1\.0\.0\/$/);
    expect(lines.find((line) => line.endsWith("toolshed-1.0.0/toolshed"))).toMatch(/^-rwxr-xr-x 0\/0 +19 1980-01-01 00:00 /);
    expect(lines.find((line) => line.endsWith("README.md"))).toMatch(/^-rw-r--r-- 0\/0 /);
    expect(lines.some((line) => line.endsWith(LONG))).toBe(true);
    expect(run(["gzip", "-t", archive], folder.path).exitCode).toBe(0);
    expect(run(["tar", "-xzf", archive], folder.path).exitCode).toBe(0);
    expectExtracted(folder.path);
  });

  test("gzip carries no name and no time, and unpacks to its input", () => {
    const data = text("the same bytes on every machine\n".repeat(100));
    const file = gzip(data);
    expect([...file.subarray(0, 10)]).toEqual([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 255]);
    expect(Bun.gunzipSync(file)).toEqual(data);
  });

  test("the same files in any order give the same bytes; unsafe or repeated paths are refused", () => {
    expect(createTar([...ENTRIES].reverse())).toEqual(createTar(ENTRIES));
    expect(gzip(createTar(ENTRIES))).toEqual(gzip(createTar([...ENTRIES].reverse())));
    for (const path of ["../escape", "/absolute", "a//b", "a/./b"]) {
      expect(() => createTar([{ path, data: new Uint8Array(0), executable: false }])).toThrow("must be relative");
    }
    expect(() => createTar([ENTRIES[0] as ArchiveEntry, ENTRIES[0] as ArchiveEntry])).toThrow("listed twice");
    expect(() => createTar([{ path: `${"x".repeat(101)}`, data: new Uint8Array(0), executable: false }])).toThrow("too long");
  });
});

describe("zip", () => {
  test.skipIf(Bun.which("unzip") === null)("unzip tests it, shows Unix modes and the fixed time, and extracts the same bytes", () => {
    folder = createTemporaryFolder();
    const archive = join(folder.path, "a.zip");
    writeFileSync(archive, createZip(ENTRIES));
    const tested = run(["unzip", "-t", archive], folder.path);
    expect(tested.stdout).toContain("No errors detected");
    const info = run(["zipinfo", archive], folder.path).stdout;
    expect(info).toMatch(/-rwxr-xr-x +2\.0 unx +19 b- defN 80-Jan-01 00:00 toolshed-1\.0\.0\/toolshed/);
    expect(info).toMatch(/drwxr-xr-x +2\.0 unx +0 b- stor 80-Jan-01 00:00 toolshed-1\.0\.0\//);
    expect(run(["unzip", "-q", archive], folder.path).exitCode).toBe(0);
    expectExtracted(folder.path);
  });

  test("the same files in any order give the same bytes", () => {
    expect(createZip([...ENTRIES].reverse())).toEqual(createZip(ENTRIES));
  });
});
