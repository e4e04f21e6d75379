import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { chownSync, linkSync, readdirSync, readFileSync, statSync, utimesSync, writeFileSync } from "node:fs";
import { basename, join } from "node:path";
import { forgetSweptFolders, sweepStaleTemporaryFiles } from "../../src/files/sweepStaleTemporaryFiles.ts";
import { MAX_FILE_NAME_BYTES, temporaryFileName, temporaryFileOwner } from "../../src/files/temporaryFileName.ts";
import { writeFileAtomic } from "../../src/files/writeFileAtomic.ts";
import { reportSkip } from "../helpers/specialFiles.ts";
import { createTemporaryFolder, type TemporaryFolder } from "../helpers/temporaryFolder.ts";

let folder: TemporaryFolder;
beforeEach(() => {
  folder = createTemporaryFolder();
  forgetSweptFolders();
});
afterEach(() => folder.remove());

/** The pid of a process that has ended. */
function deadPid(): number {
  const child = Bun.spawnSync(["true"]);
  return child.pid;
}

describe("temporary names", () => {
  test("stay within 255 bytes for the longest names, and name their owner", () => {
    for (const name of ["a", "n".repeat(236), "n".repeat(255), "é".repeat(127)]) {
      const temporary = temporaryFileName(name, 4242);
      expect(Buffer.byteLength(temporary)).toBeLessThanOrEqual(MAX_FILE_NAME_BYTES);
      expect(temporaryFileOwner(temporary)).toBe(4242);
    }
    expect(temporaryFileOwner("notes.txt")).toBeUndefined();
    expect(temporaryFileOwner(".notes.txt.12.tmp")).toBeUndefined();
  });

  test("files whose names are 236 to 255 bytes long can be written", () => {
    for (const length of [236, 240, 250, 255]) {
      const path = join(folder.path, "x".repeat(length));
      writeFileAtomic(path, `${length}\n`);
      expect(readFileSync(path, "utf8")).toBe(`${length}\n`);
    }
    expect(readdirSync(folder.path).filter((name) => name.endsWith(".tmp"))).toEqual([]);
  });
});

describe("stale temporary files", () => {
  test("a dead process's old temporary file is removed at the next write in its folder; live, young and foreign ones stay", () => {
    const old = new Date(Date.now() - 10 * 60_000);
    const stale = join(folder.path, `.data.txt.${deadPid()}.0123abcd.tmp`);
    const young = join(folder.path, `.data.txt.${deadPid()}.4567abcd.tmp`);
    const live = join(folder.path, `.data.txt.${process.pid}.89abcdef.tmp`);
    const foreign = join(folder.path, ".data.txt.1.tmp");
    for (const path of [stale, young, live, foreign]) writeFileSync(path, "partial");
    for (const path of [stale, live, foreign]) utimesSync(path, old, old);
    writeFileAtomic(join(folder.path, "other.txt"), "x");
    const names = readdirSync(folder.path);
    expect(names).not.toContain(basename(stale));
    for (const kept of [young, live, foreign]) expect(names).toContain(basename(kept));
  });

  test("each folder is swept once per process", () => {
    expect(sweepStaleTemporaryFiles(folder.path)).toBe(0);
    const old = new Date(Date.now() - 10 * 60_000);
    const stale = join(folder.path, `.late.${deadPid()}.0123abcd.tmp`);
    writeFileSync(stale, "x");
    utimesSync(stale, old, old);
    expect(sweepStaleTemporaryFiles(folder.path)).toBe(0);
    forgetSweptFolders();
    expect(sweepStaleTemporaryFiles(folder.path)).toBe(1);
  });
});

describe("what a rename would lose", () => {
  test("a file with another hard link is written in place: both names see the new content", () => {
    const path = join(folder.path, "a.txt");
    const other = join(folder.path, "b.txt");
    writeFileSync(path, "old\n");
    linkSync(path, other);
    const inode = statSync(path).ino;
    writeFileAtomic(path, "new and longer\n");
    expect(readFileSync(other, "utf8")).toBe("new and longer\n");
    writeFileAtomic(other, "short\n");
    expect(readFileSync(path, "utf8")).toBe("short\n");
    expect(statSync(path).ino).toBe(inode);
    expect(statSync(path).nlink).toBe(2);
    expect(readdirSync(folder.path).sort()).toEqual(["a.txt", "b.txt"]);
  });

  test("root editing another user's file leaves it owned by that user", () => {
    if (process.getuid?.() !== 0) return reportSkip("owner kept", "needs root to give a file to another user");
    const path = join(folder.path, "theirs.txt");
    writeFileSync(path, "theirs\n");
    chownSync(path, 65534, 65534);
    writeFileAtomic(path, "edited by root\n");
    expect(readFileSync(path, "utf8")).toBe("edited by root\n");
    expect(statSync(path).uid).toBe(65534);
    expect(statSync(path).gid).toBe(65534);
  });

  test("a user who cannot give the new file the old owner writes in place, keeping the owner", () => {
    if (process.getuid?.() !== 0) return reportSkip("owner kept in place", "needs root to run a child as another user");
    const path = join(folder.path, "shared.txt");
    writeFileSync(path, "root's\n");
    chownSync(folder.path, 0, 0);
    Bun.spawnSync(["chmod", "777", folder.path, path]);
    const script = `import { writeFileAtomic } from ${JSON.stringify(join(import.meta.dir, "..", "..", "src", "files", "writeFileAtomic.ts"))};
writeFileAtomic(${JSON.stringify(path)}, "written by nobody\\n");`;
    const scriptPath = join(folder.path, "child.ts");
    writeFileSync(scriptPath, script);
    Bun.spawnSync(["chmod", "644", scriptPath]);
    const child = Bun.spawnSync([process.execPath, scriptPath], { uid: 65534, gid: 65534, env: { ...process.env, HOME: folder.path } });
    expect(child.stderr.toString()).toBe("");
    expect(readFileSync(path, "utf8")).toBe("written by nobody\n");
    expect(statSync(path).uid).toBe(0);
  });
});
