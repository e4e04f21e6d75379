/**
 * Gitlinks listed from real index files that git wrote: versions 2, 3 (an intent-to-add entry) and
 * 4 (compressed paths), SHA-1 and SHA-256 repositories, with and without an embedded repository.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { listGitlinks } from "../../../src/shell/programs/gitIndexEntries.ts";
import { createTemporaryFolder, type TemporaryFolder } from "../../helpers/temporaryFolder.ts";

const GIT = Bun.which("git");
let root: TemporaryFolder;
beforeAll(() => {
  root = createTemporaryFolder("toolshed-git-index-");
});
afterAll(() => root?.remove());

function git(cwd: string, ...args: string[]): void {
  const run = Bun.spawnSync([GIT as string, "-c", "user.name=t", "-c", "user.email=t@example.com", ...args], { cwd, stdout: "ignore", stderr: "pipe" });
  if (run.exitCode !== 0) throw new Error(`git ${args.join(" ")}: ${run.stderr}`);
}

/** A repository with 40 files in folders, optionally a gitlink at deep/inner, its index written as `version`. */
function indexOf(name: string, options: { version: number; sha256?: boolean; gitlink: boolean; intentToAdd?: boolean }): Uint8Array {
  const folder = join(root.path, name);
  mkdirSync(join(folder, "src", "nested"), { recursive: true });
  git(folder, "init", "-q", ...(options.sha256 ? ["--object-format=sha256"] : []));
  for (let index = 0; index < 40; index++) writeFileSync(join(folder, index % 2 === 0 ? "src" : "src/nested", `file-${index}-${"x".repeat(index)}.ts`), `${index}\n`);
  git(folder, "add", "src");
  if (options.gitlink) {
    mkdirSync(join(folder, "deep", "inner"), { recursive: true });
    git(join(folder, "deep", "inner"), "init", "-q", ...(options.sha256 ? ["--object-format=sha256"] : []));
    git(join(folder, "deep", "inner"), "commit", "-q", "--allow-empty", "-m", "x");
    git(folder, "add", "deep/inner");
  }
  if (options.intentToAdd) {
    writeFileSync(join(folder, "zz-later.txt"), "later\n");
    git(folder, "add", "-N", "zz-later.txt");
  }
  git(folder, "update-index", "--index-version", String(options.version));
  return readFileSync(join(folder, ".git", "index"));
}

describe.skipIf(GIT === null)("listGitlinks", () => {
  for (const version of [2, 3, 4]) {
    for (const sha256 of [false, true]) {
      const label = `index v${version}${sha256 ? ", SHA-256" : ""}`;
      test(`${label}: the embedded repository is found`, () => {
        expect(listGitlinks(indexOf(`with-${version}-${sha256}`, { version, sha256, gitlink: true, intentToAdd: version === 3 }))).toEqual({ kind: "listed", paths: ["deep/inner"], more: false });
      });
      test(`${label}: none without one`, () => {
        expect(listGitlinks(indexOf(`without-${version}-${sha256}`, { version, sha256, gitlink: false, intentToAdd: version === 3 }))).toEqual({ kind: "listed", paths: [], more: false });
      });
    }
  }

  test("bytes that are not an index are unreadable", () => {
    expect(listGitlinks(new TextEncoder().encode("not an index at all")).kind).toBe("unreadable");
    const cut = indexOf("cut", { version: 2, gitlink: true }).subarray(0, 80);
    expect(listGitlinks(cut).kind).toBe("unreadable");
  });
});
