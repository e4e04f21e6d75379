import { afterEach, beforeEach, expect, test } from "bun:test";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { FileWalker } from "../../src/search/walkFiles.ts";
import { GLOB_TIMEOUT_MS } from "../../src/tools/GlobTool/limits.ts";
import { LS_TIMEOUT_MS } from "../../src/tools/LSTool/limits.ts";
import { createTemporaryFolder, type TemporaryFolder } from "../helpers/temporaryFolder.ts";

let folder: TemporaryFolder;
beforeEach(() => {
  folder = createTemporaryFolder();
  for (let group = 0; group < 2; group++) {
    mkdirSync(join(folder.path, `d${group}`));
    for (let index = 0; index < 600; index++) writeFileSync(join(folder.path, `d${group}`, `f${index}`), "");
  }
});
afterEach(() => folder.remove());

function walk(deadline?: number): { count: number; timedOut: boolean } {
  const walker = new FileWalker({ root: folder.path, deadline });
  let count = 0;
  while (walker.next() !== undefined) count++;
  return { count, timedOut: walker.timedOut };
}

test("a walk stops at its deadline and says so; Glob and LS give theirs", () => {
  expect(walk()).toEqual({ count: 1200, timedOut: false });
  expect(walk(Date.now() + 60_000)).toEqual({ count: 1200, timedOut: false });
  const stopped = walk(Date.now() - 1);
  expect(stopped.timedOut).toBe(true);
  expect(stopped.count).toBeLessThan(1200);
  expect(GLOB_TIMEOUT_MS).toBeGreaterThan(0);
  expect(LS_TIMEOUT_MS).toBeGreaterThan(0);
});
