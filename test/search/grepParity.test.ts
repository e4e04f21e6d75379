import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { join } from "node:path";
import { grepBuiltin } from "../../src/search/grepBuiltin.ts";
import { findRipgrep, grepRipgrep } from "../../src/search/grepRipgrep.ts";
import type { GrepRequest } from "../../src/search/grepTypes.ts";
import { formatGrepOutput, orderGrepResult } from "../../src/tools/GrepTool/formatGrepOutput.ts";
import { toGrepRequest, type GrepInput } from "../../src/tools/GrepTool/GrepTool.ts";
import { createTemporaryFolder, type TemporaryFolder } from "../helpers/temporaryFolder.ts";
import { writeGrepCorpus } from "./grepCorpus.ts";

let folder: TemporaryFolder;
beforeAll(() => {
  folder = createTemporaryFolder();
  writeGrepCorpus(folder.path);
});
afterAll(() => folder.remove());

const ripgrep = findRipgrep({ PATH: process.env.PATH });

async function bothEngines(input: GrepInput): Promise<{ builtin: string; ripgrep: string }> {
  const request: GrepRequest = toGrepRequest(input, { cwd: folder.path }, new AbortController().signal);
  const render = (result: Awaited<ReturnType<typeof grepBuiltin>>) =>
    formatGrepOutput({ mode: request.outputMode, result: orderGrepResult(result, request.outputMode), offset: input.offset ?? 0, headLimit: input.head_limit ?? 250 }).replaceAll(folder.path, "<root>");
  if (ripgrep === undefined) throw new Error("ripgrep (rg) must be on PATH for the parity tests: apt-get install ripgrep");
  return { builtin: render(await grepBuiltin(request)), ripgrep: render(await grepRipgrep(ripgrep, request)) };
}

const CASES: Array<[string, GrepInput]> = [
  ["files: gitignore, .ignore, hidden, binary, symlink", { pattern: "needle" }],
  ["content with line numbers", { pattern: "needle", output_mode: "content" }],
  ["content without line numbers", { pattern: "needle", output_mode: "content", "-n": false }],
  ["count", { pattern: "needle", output_mode: "count" }],
  ["case-insensitive", { pattern: "needle", output_mode: "count", "-i": true }],
  ["context around", { pattern: "needle", output_mode: "content", "-C": 1, path: "src" }],
  ["context before and after", { pattern: "needle", output_mode: "content", "-B": 2, "-A": 1, glob: "*.ts" }],
  ["context alias", { pattern: "TODO", output_mode: "content", context: 3 }],
  ["only matching", { pattern: "need\\w+", output_mode: "content", "-o": true, path: "sub" }],
  ["head_limit and offset in content", { pattern: "needle", output_mode: "content", head_limit: 5, offset: 3, path: "many.txt" }],
  ["head_limit in files", { pattern: "needle", head_limit: 3 }],
  ["offset in files", { pattern: "needle", head_limit: 4, offset: 2 }],
  ["head_limit 0 is no limit", { pattern: "needle", output_mode: "content", head_limit: 0, path: "many.txt" }],
  ["type ts", { pattern: "needle", type: "ts" }],
  ["type py content", { pattern: "caf", output_mode: "content", type: "py" }],
  ["glob brace", { pattern: "needle", glob: "*.{ts,js}" }],
  ["negated glob", { pattern: "needle", glob: "!*.txt" }],
  ["glob selects an ignored log", { pattern: "needle", glob: "*.log" }],
  ["glob with a slash", { pattern: "needle", glob: "src/*.js" }],
  ["unicode literal", { pattern: "café", output_mode: "content" }],
  ["unicode word class", { pattern: "\\bna\\w+", output_mode: "content", "-o": true }],
  ["unicode case folding", { pattern: "café", output_mode: "content", "-i": true, path: "unicode.txt" }],
  ["multiline", { pattern: "begin.*?end", output_mode: "content", multiline: true }],
  ["multiline count", { pattern: "begin[^\\n]*\\n[^\\n]*\\n", output_mode: "count", multiline: true }],
  ["multiline only matching", { pattern: "block\\nmiddle", output_mode: "content", multiline: true, "-o": true }],
  ["crlf lines", { pattern: "needle$", output_mode: "content", path: "crlf.txt" }],
  ["anchors", { pattern: "^needle", output_mode: "content", path: "sub" }],
  ["long lines are cut", { pattern: "needle", output_mode: "content", path: "long.txt" }],
  ["a pattern starting with -", { pattern: "-v", output_mode: "content" }],
  ["a pattern starting with --", { pattern: "--help", output_mode: "content" }],
  ["no matches", { pattern: "zzzz_nothing" }],
  ["single file path", { pattern: "needle", path: "src/a.ts", output_mode: "content" }],
  ["binary file named directly", { pattern: "needle", path: "bin.dat", output_mode: "count" }],
  ["file without final newline", { pattern: "end", output_mode: "content", path: "no-newline.txt" }],
  ["inline case flag", { pattern: "(?i)NEEDLE upper", output_mode: "content" }],
  ["escaped punctuation", { pattern: "\\-\\-help", output_mode: "content" }],
  ["a search root inside an ignored folder", { pattern: "needle", path: "vendored" }],
  ["alternation and classes", { pattern: "const [a-c] = [0-9]|return", output_mode: "content" }],
];

describe("Grep gives the same output with ripgrep and with the built-in engine", () => {
  for (const [name, input] of CASES) {
    test(name, async () => {
      const { builtin, ripgrep: fromRipgrep } = await bothEngines(input);
      expect(builtin).toBe(fromRipgrep);
    });
  }
});

describe("and that output is right", () => {
  test("ignored, hidden, binary and symlinked files are skipped; the negated log is kept", async () => {
    const { ripgrep: text } = await bothEngines({ pattern: "needle" });
    for (const skipped of ["ignored.txt", "build/out.js", "debug.log", "secret.md", ".hidden.txt", ".cache", "sub/local.txt", "bin.dat", "link-to-a.ts"]) {
      expect(text).not.toContain(`<root>/${skipped}`);
    }
    expect(text).toContain("<root>/keep.log");
    expect(text.split("\n")[1]).toBe("<root>/no-newline.txt"); // newest first
  });

  test("content lines are path:line:text, context path-line-text, groups split by --", async () => {
    const { builtin } = await bothEngines({ pattern: "TODO", output_mode: "content", "-C": 1, path: "src" });
    expect(builtin).toBe("<root>/src/a.ts-1-import x from 'y';\n<root>/src/a.ts:2:// TODO: needle\n<root>/src/a.ts-3-const a = 1;");
    const { builtin: grouped } = await bothEngines({ pattern: "needle", output_mode: "content", "-C": 1, path: "src/a.ts" });
    expect(grouped.split("\n")).toContain("--");
  });

  test("count and paging text", async () => {
    const { builtin } = await bothEngines({ pattern: "needle", output_mode: "count", path: "sub/kept.txt" });
    expect(builtin).toBe("<root>/sub/kept.txt:2\n\nFound 2 total occurrences across 1 file.");
    const { builtin: paged } = await bothEngines({ pattern: "needle", output_mode: "content", path: "many.txt", head_limit: 2, offset: 1 });
    expect(paged).toBe("<root>/many.txt:2:needle 1\n<root>/many.txt:3:needle 2\n(Showing 2 from offset 1; there are more. Pass offset=3 to see the next 2, or narrow the search.)");
  });
});
