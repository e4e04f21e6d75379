import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { listFiles } from "../../src/search/listFiles.ts";
import { listFilesRipgrep, listingArguments } from "../../src/search/listFilesRipgrep.ts";
import type { ListFilesOptions } from "../../src/search/listFilesTypes.ts";
import { FileWalker } from "../../src/search/walkFiles.ts";
import { writeIgnoreTree } from "./ignoreTree.ts";
import { createTemporaryFolder, type TemporaryFolder } from "../helpers/temporaryFolder.ts";

let folder: TemporaryFolder;
beforeAll(() => {
  folder = createTemporaryFolder();
  writeIgnoreTree(folder.path);
  // Hidden files a `!pattern` keeps (at the top and below), one it does not, links and a pipe.
  // Folders named as a name filter names files: one ignored, one hidden, one kept by a !pattern.
  writeFileSync(join(folder.path, ".gitignore"), "*.log\n!important.log\n!.kept.ts\nbuild/\ngen.ts/\n!.shown.log/\n");
  // A repository inside the repository: the outer one's .gitignore (*.log) stops at its top.
  mkdirSync(join(folder.path, "vendor", ".git"), { recursive: true });
  for (const path of ["vendor/v.log", "ü.ts", "€.ts", "😀.ts", ".kept.ts", ".dropped.ts", "sub/.x.log", "src/a.ts", "src/deep/b.test.ts", "src/c.tsx", "gen.ts/x.ts", ".cache.ts/y.ts", "sub/.shown.log/z.txt", "sub/.shown.log/z.log"]) {
    mkdirSync(join(folder.path, path, ".."), { recursive: true });
    writeFileSync(join(folder.path, path), "x\n");
  }
  symlinkSync(join(folder.path, "src/a.ts"), join(folder.path, "link.ts"));
  symlinkSync(join(folder.path, "src"), join(folder.path, "linked-src"));
  Bun.spawnSync(["mkfifo", join(folder.path, "pipe.ts")]);
});
afterAll(() => folder.remove());

const rg = (() => {
  const path = Bun.which("rg");
  if (path === null) throw new Error("ripgrep (rg) must be on PATH for this test: apt-get install ripgrep");
  return path;
})();

const options = (extra: Partial<ListFilesOptions> = {}): ListFilesOptions => ({ root: folder.path, hidden: false, deadline: Date.now() + 60_000, ...extra });

function walked(hidden: boolean, name?: string): string[] {
  const glob = name === undefined ? undefined : new Bun.Glob(name);
  const walker = new FileWalker({ root: folder.path, hidden });
  const files: string[] = [];
  for (let file = walker.next(); file !== undefined; file = walker.next()) {
    if (glob === undefined || glob.match(file.relativePath.slice(file.relativePath.lastIndexOf("/") + 1))) files.push(file.relativePath);
  }
  return files.sort();
}

async function listedByRipgrep(extra: Partial<ListFilesOptions>, name?: string): Promise<string[]> {
  const files: string[] = [];
  const glob = name === undefined ? undefined : new Bun.Glob(name);
  const listed = await listFilesRipgrep(rg, options(extra), (path, relativePath) => {
    expect(path).toBe(join(folder.path, relativePath));
    if (glob === undefined || glob.match(relativePath.slice(relativePath.lastIndexOf("/") + 1))) files.push(relativePath);
  });
  expect(listed).toEqual({ timedOut: false });
  return files.sort();
}

describe("rg --files lists what the walk lists", () => {
  for (const hidden of [false, true]) {
    test(`${hidden ? "with" : "without"} hidden files, with no name filter`, async () => {
      const expected = walked(hidden);
      expect(expected).toContain("normal.ts");
      expect(expected).not.toContain("link.ts");
      expect(expected.includes(".h.txt")).toBe(hidden);
      expect(await listedByRipgrep({ hidden })).toEqual(expected);
    });

    for (const name of ["*.ts", "*.log", "*.txt", "?ormal.ts", ".*", "?.ts"]) {
      test(`${hidden ? "with" : "without"} hidden files, filtered by ${name}`, async () => {
        expect(await listedByRipgrep({ hidden, nameFilter: name }, name)).toEqual(walked(hidden, name));
      });
    }
  }

  test("a hidden file is listed without --hidden only where a !pattern keeps it", async () => {
    const logs = await listedByRipgrep({ nameFilter: "*.log" }, "*.log");
    expect(logs).toContain("sub/.hidden.log");
    expect(logs).toContain("sub/.x.log");
    expect(logs).not.toContain("a.log");
    const scripts = await listedByRipgrep({ nameFilter: "*.ts" }, "*.ts");
    expect(scripts).toContain(".kept.ts");
    expect(scripts).not.toContain(".dropped.ts");
  });

  test("a folder named as the name filter names files is judged by the ignore files all the same", async () => {
    expect(await listedByRipgrep({ nameFilter: "*.ts" }, "*.ts")).not.toContainEqual(expect.stringMatching(/^(gen|\.cache)\.ts\//));
    expect(await listedByRipgrep({ nameFilter: "*.ts", hidden: true }, "*.ts")).toContain(".cache.ts/y.ts");
  });

  test("the name filter is a type, which ignore files still govern, not a glob, which overrides them", () => {
    const args = listingArguments(options({ nameFilter: "*.ts", hidden: true }));
    expect(args).toContain("--hidden");
    expect(args.slice(args.indexOf("--type-add"), args.indexOf("--type-add") + 4)).toEqual(["--type-add", "toolshedname:*.ts", "--type", "toolshedname"]);
    expect(args).not.toContain("--glob");
    expect(args.slice(-2)).toEqual(["--", folder.path]);
  });
});

describe("stopping and falling back", () => {
  test("a deadline already past stops the listing and says so", async () => {
    const seen: string[] = [];
    const listed = await listFilesRipgrep(rg, options({ deadline: Date.now() - 1 }), (path) => seen.push(path));
    expect(listed?.timedOut).toBe(true);
    expect(seen).toEqual([]);
  });

  test("an aborted signal stops it", async () => {
    const controller = new AbortController();
    controller.abort();
    const seen: string[] = [];
    const listed = await listFilesRipgrep(rg, options({ signal: controller.signal }), (path) => seen.push(path));
    expect(listed).toEqual({ timedOut: false });
    expect(seen).toEqual([]);
  });

  test("a repository inside another is its own, for the outer one's ignore files", async () => {
    expect(walked(false)).toContain("vendor/v.log");
    expect(await listedByRipgrep({ nameFilter: "*.log" }, "*.log")).toContain("vendor/v.log");
  });

  test("a ripgrep stuck on an ignore file that is a pipe gives way to the walk, which refuses to read it", async () => {
    const stuck = createTemporaryFolder();
    try {
      mkdirSync(join(stuck.path, "sub"));
      writeFileSync(join(stuck.path, "a.ts"), "");
      Bun.spawnSync(["mkfifo", join(stuck.path, "sub", ".ignore")]);
      expect(await listFilesRipgrep(rg, options({ root: stuck.path }), () => {})).toBeUndefined();
      const files: string[] = [];
      await listFiles(options({ root: stuck.path, nameFilter: "*.ts" }), (_path, relativePath) => files.push(relativePath));
      expect(files).toEqual(["a.ts"]);
    } finally {
      stuck.remove();
    }
  });

  test("a ripgrep that cannot run gives way to the walk", async () => {
    expect(await listFilesRipgrep(join(folder.path, "no-such-rg"), options(), () => {})).toBeUndefined();
    const broken = join(folder.path, "broken-rg");
    writeFileSync(broken, "#!/bin/sh\necho 'rg: broken' >&2\nexit 2\n", { mode: 0o755 });
    expect(await listFilesRipgrep(broken, options(), () => {})).toBeUndefined();
  });

  test("listFiles uses the walk when TOOLSHED_GREP_ENGINE=builtin, with the same files", async () => {
    const collect = async () => {
      const files: string[] = [];
      await listFiles(options({ nameFilter: "*.ts" }), (_path, relativePath) => files.push(relativePath));
      return files.sort();
    };
    const viaRipgrep = await collect();
    const saved = process.env.TOOLSHED_GREP_ENGINE;
    process.env.TOOLSHED_GREP_ENGINE = "builtin";
    try {
      const viaWalk = await collect();
      // The walk hands out every file; the name filter may be ignored, so compare the .ts ones.
      expect(viaWalk.filter((path) => path.endsWith(".ts"))).toEqual(viaRipgrep);
      expect(viaWalk).toContain("important.log");
    } finally {
      if (saved === undefined) delete process.env.TOOLSHED_GREP_ENGINE;
      else process.env.TOOLSHED_GREP_ENGINE = saved;
    }
  });
});
