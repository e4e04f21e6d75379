import { describe, expect, test } from "bun:test";
import { gzip } from "../../scripts/release/gzip.ts";
import { createTar } from "../../scripts/release/tar.ts";
import { createZip } from "../../scripts/release/zip.ts";
import { ArchiveError, extractArchiveFile } from "../../src/release/extractArchiveFile.ts";

const bytes = (text: string) => new TextEncoder().encode(text);
const longFolder = `toolshed-${"9".repeat(60)}-public-linux-x64-musl-baseline-with-a-long-name`;
const entries = [
  { path: "pkg/README.md", data: bytes("readme"), executable: false },
  { path: `${longFolder}/toolshed`, data: bytes("#!/bin/sh\necho binary\n".repeat(200)), executable: true },
];

describe("extractArchiveFile", () => {
  test("finds a file in a gzipped tar, also behind a long path split into prefix and name", () => {
    const archive = gzip(createTar(entries));
    expect(new TextDecoder().decode(extractArchiveFile(archive, "tar.gz", "pkg/README.md", 1 << 20))).toBe("readme");
    expect(extractArchiveFile(archive, "tar.gz", `${longFolder}/toolshed`, 1 << 20)).toEqual(entries[1]!.data);
  });

  test("finds a file in a zip", () => {
    const archive = createZip(entries);
    expect(extractArchiveFile(archive, "zip", `${longFolder}/toolshed`, 1 << 20)).toEqual(entries[1]!.data);
  });

  test("a missing file, a damaged archive and a file over the limit are errors that say so", () => {
    const archive = gzip(createTar(entries));
    expect(() => extractArchiveFile(archive, "tar.gz", "nothing", 1 << 20)).toThrow(new ArchiveError("the archive holds no nothing"));
    expect(() => extractArchiveFile(bytes("not gzip at all"), "tar.gz", "x", 1 << 20)).toThrow(/the archive does not unpack/);
    expect(() => extractArchiveFile(bytes("not a zip"), "zip", "x", 1 << 20)).toThrow("the file is not a zip archive");
    expect(() => extractArchiveFile(createZip(entries), "zip", `${longFolder}/toolshed`, 100)).toThrow("larger than the limit of 100 bytes");
  });
});
