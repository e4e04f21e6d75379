import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { findRipgrep, grepRipgrep } from "../../src/search/grepRipgrep.ts";
import { toGrepRequest } from "../../src/tools/GrepTool/GrepTool.ts";
import { createTemporaryFolder, type TemporaryFolder } from "../helpers/temporaryFolder.ts";
import { writeGrepCorpus } from "./grepCorpus.ts";

let corpus: TemporaryFolder;
let scratch: TemporaryFolder;
beforeAll(() => {
  corpus = createTemporaryFolder();
  writeGrepCorpus(corpus.path);
  scratch = createTemporaryFolder();
});
afterAll(() => {
  corpus.remove();
  scratch.remove();
});

async function search(outputMode: "files_with_matches" | "count", temporaryFolder: string) {
  const ripgrep = findRipgrep({ PATH: process.env.PATH });
  if (ripgrep === undefined) throw new Error("ripgrep (rg) must be on PATH for this test: apt-get install ripgrep");
  const saved = process.env.TMPDIR;
  process.env.TMPDIR = temporaryFolder;
  try {
    const request = toGrepRequest({ pattern: "needle", output_mode: outputMode }, { cwd: corpus.path }, new AbortController().signal);
    return await grepRipgrep(ripgrep, request);
  } finally {
    if (saved === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = saved;
  }
}

describe("ripgrep's file lists and counts go through a nameless temporary file", () => {
  test("the same result as through a pipe (no usable temporary folder), and nothing left behind", async () => {
    const missing = join(scratch.path, "missing");
    for (const mode of ["files_with_matches", "count"] as const) {
      const throughFile = await search(mode, scratch.path);
      const throughPipe = await search(mode, missing);
      expect(throughFile.files.length + throughFile.counts.length).toBeGreaterThan(5);
      // ripgrep lists files in no particular order.
      expect({ ...throughFile, files: throughFile.files.sort() }).toEqual({ ...throughPipe, files: throughPipe.files.sort() });
    }
    expect(readdirSync(scratch.path)).toEqual([]);
  });

  test("a search that fails still says why", async () => {
    const ripgrep = findRipgrep({ PATH: process.env.PATH }) as string;
    const request = toGrepRequest({ pattern: "(unclosed" }, { cwd: corpus.path }, new AbortController().signal);
    await expect(grepRipgrep(ripgrep, request)).rejects.toThrow("ripgrep could not run this search");
  });
});
