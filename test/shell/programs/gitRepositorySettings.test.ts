/**
 * The reader of a repository's git settings, checked against git itself (`git config --list
 * --file`) on tricky texts: continued values, comments that end in a backslash, quotes,
 * subsections, a key on the section's line. Where git refuses a text, toolshed must too.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { parseGitConfig } from "../../../src/shell/programs/gitRepositorySettings.ts";
import { createTemporaryFolder, type TemporaryFolder } from "../../helpers/temporaryFolder.ts";

const GIT = Bun.which("git");
let folder: TemporaryFolder;
beforeAll(() => {
  folder = createTemporaryFolder("toolshed-git-config-");
});
afterAll(() => folder.remove());

/** git's own reading: key=value lines, or undefined when git rejects the file. */
function gitReads(text: string): string[] | undefined {
  const file = join(folder.path, "config");
  writeFileSync(file, text);
  const run = Bun.spawnSync([GIT as string, "config", "--list", "--file", file], { stdout: "pipe", stderr: "ignore", env: { ...process.env, GIT_CONFIG_NOSYSTEM: "1", HOME: folder.path } });
  if (run.exitCode !== 0) return undefined;
  // git lists a key given without a value by its name alone; it reads as true.
  return run.stdout.toString("utf8").split("\n").filter((line) => line !== "").map((line) => (line.includes("=") ? line : `${line}=true`));
}

const TEXTS: Record<string, string> = {
  "plain keys": "[core]\n\tbare = false\n\tfsmonitor = /x/y.sh\n",
  "a key with no value is true": "[core]\n\tfsmonitor\n",
  "a subsection": '[diff "bin"]\n\ttextconv = hexdump -C\n',
  "an old-style subsection": "[diff.bin]\n\ttextconv = od\n",
  "a key on the section's line": "[core] pager = less -R\n",
  "a continued value": "[core]\n\tfsmonitor = /tmp/ev\\\nil.sh\n",
  "a comment ending in a backslash hides nothing": "[user]\n\tname = x # note \\\n\tfsmonitor = evil\n[include]\n\tpath = ../other\n",
  "a comment line ending in a backslash": "[user]\n# a note \\\n[include]\n\tpath = ../other\n",
  "quotes keep # and ;": '[alias]\n\tx = "!echo #not a comment; still"\n',
  "escapes in values": '[core]\n\tpager = "less \\"-R\\""\n',
  "comments after a section": "[core] # note\n\tpager = more ; note\n",
  "uppercase keys and sections": "[Core]\n\tFsMonitor = /a.sh\n",
  "a quoted value keeps its spaces": '[core]\n\tfsmonitor = " yes"\n',
  "spaces between words are kept, around them dropped": "[core]\n\tpager =   less   -R  \n",
  "Windows line ends": "[core]\r\n\tpager = less\r\n[diff]\r\n\texternal = x\r\n",
  "a subsection with escapes": '[diff "a\\"b"]\n\ttextconv = c\n',
  "a key then a comment line": "[core]\n\tbare\n# fsmonitor = x\n\tpager = p\n",
};

describe.skipIf(GIT === null)("parseGitConfig reads what git reads", () => {
  for (const [name, text] of Object.entries(TEXTS)) {
    test(name, () => {
      const expected = gitReads(text);
      expect(expected).toBeDefined();
      expect(parseGitConfig(text)).toEqual(expected as string[]);
    });
  }

  test("a key outside any section (git lists it, and uses it for nothing) is not read", () => {
    expect(parseGitConfig("pager = x\n")).toBeUndefined();
  });

  test("a text git rejects is rejected", () => {
    for (const text of ["[core\n\tpager = x\n", '[core]\n\tpager = "open\n', "[core]\n\t9key = x\n", "[core]\n\tpager = a\\qb\n", "[core]\n\tbare # note\n"]) {
      expect(gitReads(text)).toBeUndefined();
      expect(parseGitConfig(text)).toBeUndefined();
    }
  });
});
