import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { compileIgnoreFile } from "../../src/search/ignoreFileRules.ts";
import { walkFiles } from "../../src/search/walkFiles.ts";
import { writeIgnoreTree } from "./ignoreTree.ts";
import { createTemporaryFolder, type TemporaryFolder } from "../helpers/temporaryFolder.ts";

let folder: TemporaryFolder;
beforeAll(() => {
  folder = createTemporaryFolder();
  writeIgnoreTree(folder.path);
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
