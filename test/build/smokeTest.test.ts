/** The smoke test on stand-in executables (shell scripts): what passes, and each way it fails the build. */
import { afterEach, describe, expect, test } from "bun:test";
import { chmodSync, existsSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { BuildCheckError } from "../../scripts/build/buildErrors.ts";
import { findRunner, smokeTest } from "../../scripts/build/smokeTest.ts";
import { hostTarget } from "../../scripts/build/targets.ts";
import { createTemporaryFolder, type TemporaryFolder } from "../helpers/temporaryFolder.ts";

const host = hostTarget();
// Some tests make several stand-ins; every folder goes afterwards.
const folders: TemporaryFolder[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) folder.remove();
});

/** An executable that answers --version and tools --json as given. */
function fakeBinary(version: string, tools: string, toolsExit = 0): string {
  const folder = createTemporaryFolder();
  folders.push(folder);
  const path = join(folder.path, "toolshed");
  writeFileSync(path, `#!/bin/sh
if [ "$1" = "--version" ]; then echo '${version}'; exit 0; fi
echo '${tools}'; exit ${toolsExit}
`);
  chmodSync(path, 0o755);
  return path;
}

const goodVersion = "toolshed 0.1.0 (flavor public; features none; commit abc1234; bun 1.4.5)";
const run = (binary: string) => smokeTest({ binary, target: host, host, flavor: "public", commit: "abc1234" });

describe.skipIf(process.platform === "win32")("smoke test", () => {
  test("passes when --version names the flavor and commit and tools --json lists tools", () => {
    expect(run(fakeBinary(goodVersion, '[{"name":"Read"},{"name":"Glob"}]'))).toEqual({ ran: true, runner: "native", version: goodVersion, tools: ["Glob", "Read"] });
  });

  test("fails the build when --version names another flavor or commit", () => {
    expect(() => run(fakeBinary(goodVersion.replace("public", "internal"), "[]"))).toThrow(BuildCheckError);
    expect(() => run(fakeBinary(goodVersion.replace("abc1234", "fff0000"), "[]"))).toThrow("does not name flavor public and commit abc1234");
  });

  test("fails the build when tools --json exits non-zero, prints no JSON, or lists nothing", () => {
    expect(() => run(fakeBinary(goodVersion, "[]", 3))).toThrow('"tools --json" exited 3');
    expect(() => run(fakeBinary(goodVersion, "not json"))).toThrow("did not print JSON");
    expect(() => run(fakeBinary(goodVersion, "[]"))).toThrow("did not print a non-empty list of tools");
  });

  test("a binary for another platform is not run, and says why", () => {
    expect(findRunner("windows-x64", "linux-x64")).toEqual({ reason: "a windows-x64 binary cannot run on linux-x64" });
    expect(findRunner("windows-x64-baseline", "darwin-arm64")).toEqual({ reason: "a windows-x64-baseline binary cannot run on darwin-arm64" });
    expect(findRunner(host, host)).toEqual({ prefix: [], runner: "native" });
  });

  test("a baseline build runs natively wherever the full build of its system and CPU does", () => {
    expect(findRunner("linux-x64-baseline", "linux-x64")).toEqual({ prefix: [], runner: "native" });
    expect(findRunner("darwin-x64-baseline", "darwin-x64")).toEqual({ prefix: [], runner: "native" });
    expect(findRunner("windows-x64-baseline", "windows-x64")).toEqual({ prefix: [], runner: "native" });
  });

  test("a musl build runs only where musl's loader can load it; otherwise the reason names what is missing", () => {
    expect(findRunner("linux-arm64-musl", "linux-x64")).toEqual({ reason: expect.stringContaining("musl") });
    const loader = "/lib/ld-musl-x86_64.so.1";
    const found = findRunner("linux-x64-musl", "linux-x64", fakeBinary(goodVersion, "[]"));
    if (!existsSync(loader)) expect(found).toEqual({ reason: `there is no musl loader here (${loader}); musl builds run on Alpine and other musl systems` });
    // A shell script is no ELF file, so musl's loader refuses it: a reason, not a failed smoke test.
    else expect(found).toEqual({ reason: expect.stringMatching(/^the musl loader here cannot load it/) });
  });
});
