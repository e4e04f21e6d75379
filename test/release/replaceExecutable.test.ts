/** Replacing the running executable: what an update killed midway left beside it is removed by the next one. */
import { afterEach, expect, test } from "bun:test";
import { chmodSync, mkdirSync, readdirSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { replaceExecutable } from "../../src/release/replaceExecutable.ts";
import { createTemporaryFolder, type TemporaryFolder } from "../helpers/temporaryFolder.ts";

let folder: TemporaryFolder | undefined;
afterEach(() => folder?.remove());

test("a new binary replaces the old one; an hour-old temporary file of a dead update goes; a live one's, a fresh one's and a folder stay", () => {
  folder = createTemporaryFolder("toolshed-replace-");
  const target = join(folder.path, "toolshed");
  writeFileSync(target, "#!/bin/sh\necho 'toolshed 0.0.1'\n");
  chmodSync(target, 0o755);
  // A pid that is surely not running, and this test's own parent (alive).
  const hourAgo = new Date(Date.now() - 2 * 60 * 60_000);
  writeFileSync(join(folder.path, ".toolshed.update-999999999-abcd1234"), "half");
  utimesSync(join(folder.path, ".toolshed.update-999999999-abcd1234"), hourAgo, hourAgo);
  // A fresh one may be a live update in another pid namespace; a folder is not ours at all.
  writeFileSync(join(folder.path, ".toolshed.update-999999998-fresh123"), "new");
  mkdirSync(join(folder.path, ".toolshed.update-999999997-folder12"));
  writeFileSync(join(folder.path, `.toolshed.update-${process.ppid}-abcd1234`), "in progress");
  utimesSync(join(folder.path, `.toolshed.update-${process.ppid}-abcd1234`), hourAgo, hourAgo);
  const line = replaceExecutable(target, new TextEncoder().encode("#!/bin/sh\necho 'toolshed 0.2.0 (flavor public)'\n"), "0.2.0");
  expect(line).toBe("toolshed 0.2.0 (flavor public)");
  expect(readdirSync(folder.path).sort()).toEqual([`.toolshed.update-${process.ppid}-abcd1234`, ".toolshed.update-999999997-folder12", ".toolshed.update-999999998-fresh123", "toolshed"]);
});
