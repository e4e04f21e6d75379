import { afterEach, expect, test } from "bun:test";
import { readdirSync, readFileSync, statSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { STALE_TEMPORARY_FILE_AGE_MS } from "../../../src/files/limits.ts";
import { forgetSweptFolders } from "../../../src/files/sweepStaleTemporaryFiles.ts";
import { writeFileAtomic } from "../../../src/files/writeFileAtomic.ts";
import { createTemporaryFolder, type TemporaryFolder } from "../../helpers/temporaryFolder.ts";
import { eventually } from "../../tasks/processAlive.ts";

let folder: TemporaryFolder | undefined;
afterEach(() => folder?.remove());

const NEW_SIZE = 96 * 1024 * 1024;

function temporaryFileSize(path: string): number {
  const name = readdirSync(path).find((entry) => entry.endsWith(".tmp"));
  if (name === undefined) return 0;
  try {
    return statSync(join(path, name)).size;
  } catch {
    return 0;
  }
}

test("a process killed -9 in the middle of a Write leaves the old file or the new one, never a mix", async () => {
  folder = createTemporaryFolder();
  const target = join(folder.path, "data.txt");
  writeFileSync(target, "old content\n");
  const child = Bun.spawn([process.execPath, join(import.meta.dir, "writeChild.ts"), target, String(NEW_SIZE)], {
    stdout: "pipe",
    stderr: "pipe",
  });
  const path = folder.path;
  // Kill once the temporary file holds part of the new content: the write is under way.
  const caught = await eventually(() => temporaryFileSize(path) > 0 || child.exitCode !== null, 60_000, 1);
  expect(caught).toBe(true);
  const killedMidWrite = child.exitCode === null;
  child.kill("SIGKILL");
  await child.exited;
  const bytes = readFileSync(target);
  const isOld = bytes.toString() === "old content\n";
  const isNew = bytes.length === NEW_SIZE && bytes.every((byte) => byte === 0x6e);
  expect(isOld || isNew).toBe(true);
  // The kill landed while the temporary file was being written, so the old file must still be there.
  expect(killedMidWrite).toBe(true);
  expect(isOld).toBe(true);
  // The dead writer's temporary file is left; the next write in the folder, once it is old enough
  // that no live writer elsewhere could own it, removes it.
  const leftover = readdirSync(path).filter((name) => name.endsWith(".tmp"));
  expect(leftover.length).toBe(1);
  const old = new Date(Date.now() - STALE_TEMPORARY_FILE_AGE_MS - 1000);
  for (const name of leftover) utimesSync(join(path, name), old, old);
  forgetSweptFolders();
  writeFileAtomic(join(path, "another.txt"), "x");
  expect(readdirSync(path).filter((name) => name.endsWith(".tmp"))).toEqual([]);
});
