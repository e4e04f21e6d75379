/** Before a build: the last build's release files go, and so do executables this build will not make. */
import { afterEach, describe, expect, test } from "bun:test";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { PACKAGE_FOLDERS, RELEASE_FILES, removeStaleOutputs } from "../../scripts/build/cleanOutputs.ts";
import { createTemporaryFolder, type TemporaryFolder } from "../helpers/temporaryFolder.ts";

let folder: TemporaryFolder | undefined;
afterEach(() => folder?.remove());

function put(path: string): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, "x");
}

describe("removeStaleOutputs", () => {
  test("removes release files, the release and npm folders, and other flavors' and targets' executables, keeps what is being built and unrelated files", () => {
    folder = createTemporaryFolder();
    const dist = join(folder.path, "dist");
    for (const file of RELEASE_FILES) put(join(dist, file));
    put(join(dist, "release", "toolshed-0.1.0-public-linux-x64.tar.gz"));
    put(join(dist, "npm", "toolshed-0.1.0.tgz"));
    for (const path of ["public/linux-x64/toolshed", "public/windows-x64/toolshed.exe", "gone/darwin-arm64/toolshed", "internal/linux-x64/toolshed", "public/notes/keep.txt", "README.txt"]) put(join(dist, path));
    const removed = removeStaleOutputs(dist, { flavors: ["public"], targets: ["linux-x64"] });
    expect(removed).toEqual(["gone/darwin-arm64", "internal/linux-x64", "public/windows-x64"]);
    for (const file of RELEASE_FILES) expect(existsSync(join(dist, file))).toBe(false);
    expect(PACKAGE_FOLDERS).toEqual(["release", "npm"]);
    for (const name of PACKAGE_FOLDERS) expect(existsSync(join(dist, name))).toBe(false);
    expect(existsSync(join(dist, "public/linux-x64/toolshed"))).toBe(true);
    expect(existsSync(join(dist, "public/notes/keep.txt"))).toBe(true);
    expect(existsSync(join(dist, "README.txt"))).toBe(true);
    expect(existsSync(join(dist, "gone"))).toBe(false);
    expect(existsSync(join(dist, "internal"))).toBe(false);
  });

  test("an output folder that does not exist yet is fine", () => {
    folder = createTemporaryFolder();
    expect(removeStaleOutputs(join(folder.path, "dist"), { flavors: ["public"], targets: ["linux-x64"] })).toEqual([]);
  });
});
