/** A temporary folder per test, removed afterwards. Paths are real (symlinks resolved). */
import { mkdtempSync, realpathSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

export interface TemporaryFolder {
  path: string;
  remove(): void;
}

export function createTemporaryFolder(prefix = "toolshed-test-"): TemporaryFolder {
  const path = realpathSync(mkdtempSync(join(tmpdir(), prefix)));
  return { path, remove: () => rmSync(path, { recursive: true, force: true }) };
}
