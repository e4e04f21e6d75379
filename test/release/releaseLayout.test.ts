/** What `toolshed update` reuses: archive names, SHA256SUMS, and how the release location is chosen. */
import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { findArchive } from "../../src/release/findArchive.ts";
import { CHECKSUMS_MAX_BYTES, formatChecksums, parseChecksums } from "../../src/release/parseChecksums.ts";
import { archiveFormat, archiveName, archiveStem } from "../../src/release/releaseLayout.ts";
import { DEFAULT_RELEASE_URL, RELEASE_URL_VARIABLE, releaseFileLocation, releaseSource } from "../../src/release/releaseLocation.ts";
import { ROOT } from "../build/buildTestKit.ts";

const HASH = "ab".repeat(32);

describe("archive names", () => {
  test("toolshed-<version>-<flavor>-<target>, tar.gz but zip for Windows; the folder inside has the same name", () => {
    expect(archiveName({ version: "0.2.0", flavor: "public", target: "linux-x64-musl" })).toBe("toolshed-0.2.0-public-linux-x64-musl.tar.gz");
    expect(archiveName({ version: "0.2.0", flavor: "internal", target: "windows-x64-baseline" })).toBe("toolshed-0.2.0-internal-windows-x64-baseline.zip");
    expect(archiveStem({ version: "0.2.0", flavor: "public", target: "darwin-arm64" })).toBe("toolshed-0.2.0-public-darwin-arm64");
    expect(archiveFormat("windows-x64")).toBe("zip");
    expect(archiveFormat("darwin-x64")).toBe("tar.gz");
  });
});

describe("SHA256SUMS", () => {
  test("reads sha256sum's text and binary lines, and CRLF endings", () => {
    const parsed = parseChecksums(`${HASH}  a.tar.gz\n${HASH.toUpperCase()} *b.zip\r\n\n`);
    expect(parsed).toEqual({ ok: true, sums: new Map([["a.tar.gz", HASH], ["b.zip", HASH]]) });
    expect(parseChecksums(formatChecksums([{ file: "x.tar.gz", sha256: HASH }]))).toEqual({ ok: true, sums: new Map([["x.tar.gz", HASH]]) });
  });

  test("a line that is not one, or a file too large to be one, is an error saying which", () => {
    expect(parseChecksums(`${HASH}  a.tar.gz\n<html>not found</html>\n`)).toEqual({ ok: false, error: 'line 2 is not "<sha256>  <file>": "<html>not found</html>"' });
    expect(parseChecksums("x".repeat(CHECKSUMS_MAX_BYTES + 1))).toMatchObject({ ok: false });
  });
});

describe("finding an archive through SHA256SUMS", () => {
  const sums = new Map([
    ["toolshed-1.2.0-rc.1-public-linux-x64.tar.gz", HASH],
    ["toolshed-1.2.0-rc.1-public-linux-x64-musl.tar.gz", "cd".repeat(32)],
    ["toolshed-1.2.0-rc.1-public-windows-x64.zip", HASH],
  ]);

  test("the one archive of the flavor and target, with its checksum and the version its name carries", () => {
    expect(findArchive(sums, { flavor: "public", target: "linux-x64-musl" })).toEqual({ ok: true, archive: { file: "toolshed-1.2.0-rc.1-public-linux-x64-musl.tar.gz", sha256: "cd".repeat(32), version: "1.2.0-rc.1" } });
    expect(findArchive(sums, { flavor: "public", target: "windows-x64" })).toMatchObject({ ok: true, archive: { file: "toolshed-1.2.0-rc.1-public-windows-x64.zip" } });
  });

  test("a missing build names the archives there are; two matches are an error too", () => {
    expect(findArchive(sums, { flavor: "internal", target: "linux-x64" })).toEqual({ ok: false, error: `the release has no internal build for linux-x64 (it has: ${[...sums.keys()].join(" ")})` });
    const twice = new Map([...sums, ["toolshed-1.1.0-public-linux-x64.tar.gz", HASH]]);
    expect(findArchive(twice, { flavor: "public", target: "linux-x64" })).toMatchObject({ ok: false, error: expect.stringContaining("more than one public build for linux-x64") });
  });
});

describe("release location", () => {
  test("--from wins over $TOOLSHED_RELEASE_URL, which wins over the project's location", () => {
    const env = { [RELEASE_URL_VARIABLE]: "https://mirror.example/toolshed/" };
    expect(releaseSource({ from: "https://other.example/r", env })).toEqual({ ok: true, source: { kind: "url", url: "https://other.example/r" } });
    expect(releaseSource({ env })).toEqual({ ok: true, source: { kind: "url", url: "https://mirror.example/toolshed" } });
    expect(releaseSource({ env: { [RELEASE_URL_VARIABLE]: "" } })).toEqual({ ok: true, source: { kind: "url", url: DEFAULT_RELEASE_URL } });
    expect(releaseSource()).toEqual({ ok: true, source: { kind: "url", url: DEFAULT_RELEASE_URL } });
  });

  test("folders and file: URLs are folders; plain http only to this machine; other schemes are refused", () => {
    expect(releaseSource({ from: "./dist/release" })).toEqual({ ok: true, source: { kind: "folder", path: "./dist/release" } });
    expect(releaseSource({ from: "file:///srv/releases/0.1.0" })).toEqual({ ok: true, source: { kind: "folder", path: "/srv/releases/0.1.0" } });
    expect(releaseSource({ from: "http://127.0.0.1:8080/r" })).toEqual({ ok: true, source: { kind: "url", url: "http://127.0.0.1:8080/r" } });
    expect(releaseSource({ from: "http://releases.example/r" })).toEqual({ ok: false, error: expect.stringContaining("refusing plain http") });
    expect(releaseSource({ from: "ftp://releases.example/r" })).toEqual({ ok: false, error: "ftp: is not a release location; use an https URL or a folder" });
  });

  test("a file of the release is under its URL or in its folder", () => {
    expect(releaseFileLocation({ kind: "url", url: "https://r.example/latest" }, "SHA256SUMS")).toBe("https://r.example/latest/SHA256SUMS");
    expect(releaseFileLocation({ kind: "folder", path: "/srv/r" }, "release.json")).toBe(join("/srv/r", "release.json"));
  });

  test("install.sh and the npm launcher name the same default location", () => {
    expect(readFileSync(join(ROOT, "scripts/release/install.sh"), "utf8")).toContain(`DEFAULT_RELEASE_URL="${DEFAULT_RELEASE_URL}"`);
    expect(readFileSync(join(ROOT, "scripts/npm/launcher.cjs"), "utf8")).toContain(`"${DEFAULT_RELEASE_URL}/install.sh"`);
  });
});
