/** Replacing the running executable: what an update killed midway left beside it is removed by the next one. */
import { afterEach, expect, test } from "bun:test";
import { chmodSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { replaceExecutable } from "../../src/release/replaceExecutable.ts";
import { createTemporaryFolder, type TemporaryFolder } from "../helpers/temporaryFolder.ts";

let folder: TemporaryFolder | undefined;
afterEach(() => folder?.remove());

test("a new binary replaces the old one; abandoned temporary files of dead updates go, a live one's stay", () => {
  folder = createTemporaryFolder("toolshed-replace-");
  const target = join(folder.path, "toolshed");
  writeFileSync(target, "#!/bin/sh\necho 'toolshed 0.0.1'\n");
  chmodSync(target, 0o755);
  // A pid that is surely not running, and this test's own parent (alive).
  writeFileSync(join(folder.path, ".toolshed.update-999999999-abcd1234"), "half");
  writeFileSync(join(folder.path, `.toolshed.update-${process.ppid}-abcd1234`), "in progress");
  const line = replaceExecutable(target, new TextEncoder().encode("#!/bin/sh\necho 'toolshed 0.2.0 (flavor public)'\n"), "0.2.0");
  expect(line).toBe("toolshed 0.2.0 (flavor public)");
  expect(readdirSync(folder.path).sort()).toEqual([`.toolshed.update-${process.ppid}-abcd1234`, "toolshed"]);
});
