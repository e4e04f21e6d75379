import { afterEach, describe, expect, test } from "bun:test";
import { closeSync, existsSync, ftruncateSync, mkdirSync, openSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { grepBuiltin } from "../../../src/search/grepBuiltin.ts";
import { findRipgrep, grepRipgrep } from "../../../src/search/grepRipgrep.ts";
import { MAX_BUILTIN_FILE_BYTES } from "../../../src/search/grepTypes.ts";
import { toGrepRequest } from "../../../src/tools/GrepTool/GrepTool.ts";
import { GREP_TIMEOUT_MS, MAX_PATTERN_CHARS } from "../../../src/tools/GrepTool/limits.ts";
import { makeFifo, reportSkip } from "../../helpers/specialFiles.ts";
import { callTool } from "../../helpers/testSession.ts";
import { createToolFixture, type ToolFixture } from "../../helpers/toolFixture.ts";
import { eventually, isProcessAlive } from "../../tasks/processAlive.ts";

let fixture: ToolFixture;
const previousEngine = process.env.TOOLSHED_GREP_ENGINE;
afterEach(async () => {
  await fixture?.remove();
  if (previousEngine === undefined) delete process.env.TOOLSHED_GREP_ENGINE;
  else process.env.TOOLSHED_GREP_ENGINE = previousEngine;
});

const ripgrep = findRipgrep();
const errorsLogged = () => existsSync(join(fixture.folder.path, ".session", "errors.log"));

/** A sparse file: huge on paper, nothing on disk. */
function sparseFile(path: string, bytes: number): string {
  const descriptor = openSync(path, "w");
  ftruncateSync(descriptor, bytes);
  closeSync(descriptor);
  return path;
}

for (const engine of ["ripgrep", "builtin"] as const) {
  describe(`Grep (${engine}) on special files`, () => {
    const setUp = async () => {
      if (engine === "builtin") process.env.TOOLSHED_GREP_ENGINE = "builtin";
      fixture = await createToolFixture({ mode: "bypassPermissions" });
      writeFileSync(join(fixture.folder.path, "a.txt"), "needle\n");
      return fixture;
    };

    test("a named pipe or /dev/zero as the path is refused at once", async () => {
      const { folder, context } = await setUp();
      const pipe = makeFifo(join(folder.path, "pipe"));
      const zero = join(folder.path, "zero");
      symlinkSync("/dev/zero", zero);
      for (const [path, kind] of [[pipe, "a named pipe"], [zero, "a character device"], ["/dev/zero", "a character device"]]) {
        const result = await callTool(context, "Grep", { pattern: "needle", path });
        expect(result.stage).toBe("validation");
        expect(result.text).toContain(`${path} is ${kind}, not a file or folder`);
      }
    });

    test("a named pipe inside the folder is skipped, and the search ends", async () => {
      const { folder, context } = await setUp();
      makeFifo(join(folder.path, "pipe.txt"));
      const result = await callTool(context, "Grep", { pattern: "needle", output_mode: "content" });
      expect(result.text).toBe(`${join(folder.path, "a.txt")}:1:needle`);
    });

    test("a pattern too long for the command line, or holding a NUL, is a validation error", async () => {
      const { context } = await setUp();
      const long = await callTool(context, "Grep", { pattern: "x".repeat(10_000_000) });
      expect(long.stage).toBe("validation");
      expect(long.text).toContain(`at most ${MAX_PATTERN_CHARS} are taken`);
      const nul = await callTool(context, "Grep", { pattern: "a\0b" });
      expect(nul.stage).toBe("validation");
      expect(nul.text).toContain("NUL");
      const glob = await callTool(context, "Grep", { pattern: "a", glob: "*\0" });
      expect(glob.stage).toBe("validation");
      expect(errorsLogged()).toBe(false);
    });
  });
}

describe("Grep without ripgrep stays bounded", () => {
  test("a file larger than the built-in engine reads is skipped and said to be", async () => {
    process.env.TOOLSHED_GREP_ENGINE = "builtin";
    fixture = await createToolFixture({ mode: "bypassPermissions" });
    writeFileSync(join(fixture.folder.path, "a.txt"), "needle\n");
    sparseFile(join(fixture.folder.path, "huge.txt"), MAX_BUILTIN_FILE_BYTES + 1);
    const result = await callTool(fixture.context, "Grep", { pattern: "needle" });
    expect(result.text).toContain(join(fixture.folder.path, "a.txt"));
    expect(result.text).toContain(`1 file larger than ${MAX_BUILTIN_FILE_BYTES / 1024 / 1024} MB was not searched`);
  });

  test("a named pipe as an ignore file is not read", async () => {
    process.env.TOOLSHED_GREP_ENGINE = "builtin";
    fixture = await createToolFixture({ mode: "bypassPermissions" });
    writeFileSync(join(fixture.folder.path, "a.txt"), "needle\n");
    makeFifo(join(fixture.folder.path, ".ignore"));
    const result = await callTool(fixture.context, "Grep", { pattern: "needle" });
    expect(result.text).toBe(`Found 1 file\n${join(fixture.folder.path, "a.txt")}`);
  });
});

describe("Grep's timeout", () => {
  test("the tool asks both engines to stop at GREP_TIMEOUT_MS", () => {
    expect(toGrepRequest({ pattern: "x" }, { cwd: "/" }, new AbortController().signal).timeoutMs).toBe(GREP_TIMEOUT_MS);
  });

  test("ripgrep is stopped at the timeout and the result says it is partial", async () => {
    if (ripgrep === undefined) return reportSkip("ripgrep timeout", "rg is not on PATH");
    fixture = await createToolFixture();
    const path = sparseFile(join(fixture.folder.path, "sparse.bin"), 1024 ** 4);
    const started = Date.now();
    const request = { ...toGrepRequest({ pattern: "zzz", path }, { cwd: fixture.folder.path }, new AbortController().signal), timeoutMs: 200 };
    const result = await grepRipgrep(ripgrep, request);
    expect(result.timedOut).toBe(true);
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  test("the built-in engine stops at the timeout too", async () => {
    fixture = await createToolFixture();
    for (let index = 0; index < 64; index++) writeFileSync(join(fixture.folder.path, `f${index}.txt`), "needle\n");
    const request = { ...toGrepRequest({ pattern: "needle" }, { cwd: fixture.folder.path }, new AbortController().signal), timeoutMs: -1 };
    const result = await grepBuiltin(request);
    expect(result.timedOut).toBe(true);
    expect(result.files.length).toBeLessThan(64);
  });
});

/** The pids of `rg` processes whose parent is `parent`. */
function ripgrepChildren(parent: number): number[] {
  const found: number[] = [];
  for (const name of readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      if (Number(fields[1]) === parent && stat.includes("(rg)")) found.push(Number(name));
    } catch {
      // Gone meanwhile.
    }
  }
  return found;
}

test("SIGTERM during a Grep leaves no ripgrep running", async () => {
  if (ripgrep === undefined) return reportSkip("SIGTERM during Grep", "rg is not on PATH");
  if (!existsSync("/proc/self/stat")) return reportSkip("SIGTERM during Grep", "needs /proc to find the child");
  fixture = await createToolFixture();
  const folder = fixture.folder.path;
  const path = sparseFile(join(folder, "sparse.bin"), 1024 ** 4);
  mkdirSync(join(folder, ".config"));
  const cli = Bun.spawn(
    [process.execPath, join(import.meta.dir, "..", "..", "..", "src", "main.ts"), "run", "Grep", JSON.stringify({ pattern: "zzz", path }), "--permission-mode", "bypassPermissions"],
    { cwd: folder, stdin: "ignore", stdout: "pipe", stderr: "pipe", env: { ...process.env, TOOLSHED_CONFIG_DIR: join(folder, ".config"), TOOLSHED_SESSION_DIR: join(folder, ".session") } },
  );
  let searching: number[] = [];
  expect(await eventually(() => (searching = ripgrepChildren(cli.pid)).length > 0, 10_000)).toBe(true);
  cli.kill("SIGTERM");
  expect(await cli.exited).toBe(143);
  try {
    expect(await eventually(() => searching.every((pid) => !isProcessAlive(pid)), 5_000)).toBe(true);
  } finally {
    for (const pid of searching) if (isProcessAlive(pid)) process.kill(pid, "SIGKILL");
  }
});
