import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { existsSync, readdirSync, readFileSync, statSync, utimesSync, writeFileSync } from "node:fs";
import { hostname } from "node:os";
import { join } from "node:path";
import { FileStateCache } from "../../src/files/FileStateCache.ts";
import { lockFilePath, withFileLock } from "../../src/files/fileLock.ts";
import { MAX_FILE_NAME_BYTES } from "../../src/files/temporaryFileName.ts";
import { writeCheckedFile } from "../../src/files/writeCheckedFile.ts";
import { createTemporaryFolder, type TemporaryFolder } from "../helpers/temporaryFolder.ts";

let folder: TemporaryFolder;
beforeEach(() => {
  folder = createTemporaryFolder();
});
afterEach(() => folder.remove());

const deadPid = () => Bun.spawnSync(["true"]).pid;

describe("file locks", () => {
  test("are held while the body runs and removed after", async () => {
    const path = join(folder.path, "f.txt");
    const seen = await withFileLock(path, () => existsSync(lockFilePath(path)));
    expect(seen).toBe(true);
    expect(existsSync(lockFilePath(path))).toBe(false);
  });

  test("a long file name gets a lock name within 255 bytes", () => {
    const name = "x".repeat(255);
    const lock = lockFilePath(join(folder.path, name)).slice(folder.path.length + 1);
    expect(Buffer.byteLength(lock)).toBeLessThanOrEqual(MAX_FILE_NAME_BYTES);
    expect(lock).not.toBe(lockFilePath(join(folder.path, `${"x".repeat(254)}y`)).slice(folder.path.length + 1));
  });

  test("a lock left by a dead process is taken over", async () => {
    const path = join(folder.path, "f.txt");
    writeFileSync(lockFilePath(path), `toolshed-lock\n${deadPid()}\n${hostname()}\nsome-token\n`);
    expect(await withFileLock(path, () => "ran", 200)).toBe("ran");
    expect(existsSync(lockFilePath(path))).toBe(false);
  });

  test("a lock held by a live process makes the writer wait, then refuse with a clear message", async () => {
    const path = join(folder.path, "f.txt");
    writeFileSync(lockFilePath(path), `toolshed-lock\n${process.ppid}\n${hostname()}\nother\n`);
    const started = Date.now();
    await expect(withFileLock(path, () => "ran", 150)).rejects.toThrow(`is being changed by another toolshed process (pid ${process.ppid})`);
    expect(Date.now() - started).toBeGreaterThanOrEqual(150);
    // Someone else's lock is not removed.
    expect(readFileSync(lockFilePath(path), "utf8")).toContain("other");
  });

  test("an old lock is taken over whoever holds it; a file that is not a lock is never removed", async () => {
    const path = join(folder.path, "f.txt");
    const lock = lockFilePath(path);
    writeFileSync(lock, `toolshed-lock\n${process.ppid}\nelsewhere\nold\n`);
    const old = new Date(Date.now() - 10 * 60_000);
    utimesSync(lock, old, old);
    expect(await withFileLock(path, () => "ran", 200)).toBe("ran");
    writeFileSync(lock, "my own notes\n");
    await expect(withFileLock(path, () => "ran", 200)).rejects.toThrow("is not a lock toolshed made");
    expect(readFileSync(lock, "utf8")).toBe("my own notes\n");
  });
});

describe("checked writes", () => {
  test("a change made between the check and the rename is refused, not overwritten", async () => {
    const path = join(folder.path, "f.txt");
    writeFileSync(path, "one\n");
    const fileState = new FileStateCache();
    const stats = statSync(path);
    fileState.set(path, { mtimeMs: stats.mtimeMs, size: stats.size, ino: stats.ino, readAt: 0 });
    const racing = writeCheckedFile({
      path,
      fileState,
      maxBytes: 1024,
      action: "edit",
      produce: () => {
        // Another program writes the file after the check, while the new content is being prepared.
        writeFileSync(path, "changed by someone else\n");
        return { text: "mine\n", result: undefined };
      },
    });
    await expect(racing).rejects.toThrow(`${path} has changed since it was last read`);
    expect(readFileSync(path, "utf8")).toBe("changed by someone else\n");
    expect(readdirSync(folder.path)).toEqual(["f.txt"]);
  });
});
