import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { compileIgnoreFile } from "../../src/search/ignoreFileRules.ts";
import { walkFiles } from "../../src/search/walkFiles.ts";
import { createTemporaryFolder, type TemporaryFolder } from "../helpers/temporaryFolder.ts";

/** Ignore files with the pattern shapes the walk's quick checks treat differently. */
const IGNORE_FILES: Record<string, string> = {
  ".gitignore": [
    "*.log", "!important.log", "/anchored.txt", "build/", "docs/**/draft.md", "f[ab]o.txt", "**/cache",
    "temp?", "logs/*", "!logs/keep/", "*.o/", "\\#hash.txt", "name*", "!name-kept.txt",
  ].join("\n"),
  ".ignore": "secret*\n",
  "sub/.gitignore": "!*.log\nlocal/\n/only-here.txt\n",
  "sub/.rgignore": "rgonly.txt\n",
};

const FILES = [
  ".git/HEAD", "a.log", "important.log", "anchored.txt", "sub/anchored.txt", "build/x.ts", "sub/build/y.ts",
  "plain/build", "docs/a/b/draft.md", "docs/draft.md", "draft.md", "fao.txt", "fbo.txt", "fco.txt",
  "x/cache/c.txt", "cache", "temp1", "temp12", "logs/one.txt", "logs/keep/k.txt", "out.o/z.txt", "file.o",
  "#hash.txt", "secret1.txt", "sub/secret2.txt", "sub/a.log", "sub/local/l.txt", "sub/only-here.txt",
  "sub/deeper/only-here.txt", "sub/rgonly.txt", ".hidden/h.txt", ".h.txt", "normal.ts", "sub/deeper/n.ts",
  "name.txt", "name-kept.txt", "names/inside.txt", "sub/.hidden.log",
];

let folder: TemporaryFolder;
beforeAll(() => {
  folder = createTemporaryFolder();
  for (const [path, text] of [...Object.entries(IGNORE_FILES), ...FILES.map((path) => [path, "x\n"] as const)]) {
    mkdirSync(dirname(join(folder.path, path)), { recursive: true });
    writeFileSync(join(folder.path, path), text);
  }
});
afterAll(() => folder.remove());

function ripgrepFiles(hidden: boolean): string[] {
  const rg = Bun.which("rg");
  if (rg === null) throw new Error("ripgrep (rg) must be on PATH for this test: apt-get install ripgrep");
  const args = [rg, "--files", "--sort", "path", "--no-config", "--no-ignore-global", ...(hidden ? ["--hidden"] : [])];
  const result = Bun.spawnSync(args, { cwd: folder.path });
  return result.stdout.toString().split("\n").filter((line) => line !== "");
}

function walked(options: { hidden: boolean; sorted?: boolean }): string[] {
  return [...walkFiles({ root: folder.path, ...options })].map((file) => file.relativePath);
}

describe("the walk skips what ripgrep skips", () => {
  test("without hidden files, in ripgrep's path order", () => {
    const expected = ripgrepFiles(false);
    expect(expected).toContain("normal.ts");
    expect(expected).not.toContain("a.log");
    expect(walked({ hidden: false })).toEqual(expected);
  });

  test("with hidden files", () => {
    const expected = ripgrepFiles(true).filter((path) => !path.startsWith(".git/"));
    expect(expected).toContain(".h.txt");
    expect(walked({ hidden: true }).filter((path) => !path.startsWith(".git/"))).toEqual(expected);
  });

  test("unsorted, the same files", () => {
    expect(walked({ hidden: false, sorted: false }).sort()).toEqual(walked({ hidden: false }).sort());
  });
});

describe("one ignore file's rules", () => {
  const rules = compileIgnoreFile("*.log\n!keep.log\nbuild/\n/top.txt\nsrc/**/gen\n");

  test("the last matching rule decides; no rule is no opinion", () => {
    expect(rules.verdict("a/b.log")).toBe("ignore");
    expect(rules.verdict("a/keep.log")).toBe("whitelist");
    expect(rules.verdict("build/")).toBe("ignore");
    expect(rules.verdict("build")).toBe("none");
    expect(rules.verdict("top.txt")).toBe("ignore");
    expect(rules.verdict("a/top.txt")).toBe("none");
    expect(rules.verdict("src/x/gen")).toBe("ignore");
    expect(rules.verdict("other.ts")).toBe("none");
  });

  test("rules are sorted into name-only and path rules, and folder-only rules are left out for files", () => {
    expect(rules.forFiles.name).toHaveLength(2); // *.log, !keep.log
    expect(rules.forFiles.path).toHaveLength(2); // /top.txt, src/**/gen
    expect(rules.forFolders.name).toHaveLength(3); // and build/
    expect(rules.forFolders.path).toHaveLength(2);
  });
});
