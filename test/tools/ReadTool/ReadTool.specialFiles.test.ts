import { afterEach, beforeEach, expect, test } from "bun:test";
import { closeSync, existsSync, ftruncateSync, openSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import { READ_TIMEOUT_MS } from "../../../src/tools/ReadTool/limits.ts";
import { ReadTool } from "../../../src/tools/ReadTool/ReadTool.ts";
import { ReadTimeoutError, readTextWindow } from "../../../src/tools/ReadTool/readTextWindow.ts";
import { reportSkip } from "../../helpers/specialFiles.ts";
import { createTemporaryFolder, type TemporaryFolder } from "../../helpers/temporaryFolder.ts";
import { callTool, createTestContext } from "../../helpers/testSession.ts";

let folder: TemporaryFolder;
beforeEach(() => {
  folder = createTemporaryFolder();
});
afterEach(() => folder.remove());

const context = () => createTestContext({ tools: [ReadTool], cwd: folder.path, mode: "bypassPermissions" });

test("a file whose size says 0 but that has content (/proc/cpuinfo) is read, not called empty", async () => {
  if (!existsSync("/proc/cpuinfo")) return reportSkip("Read /proc/cpuinfo", "no /proc on this system");
  const { text, result } = await callTool(await context(), "Read", { file_path: "/proc/cpuinfo", limit: 2 });
  expect(result.is_error).toBeUndefined();
  expect(text).not.toContain("exists but is empty");
  expect(text).toMatch(/^1\t\S/);
});

test("an I/O error (/proc/self/mem) is a tool error saying what happened", async () => {
  if (!existsSync("/proc/self/mem")) return reportSkip("Read /proc/self/mem", "no /proc on this system");
  const session = await context();
  const { text, stage } = await callTool(session, "Read", { file_path: "/proc/self/mem" });
  expect(stage).toBe("call");
  expect(text).toContain("input/output error (EIO)");
  expect(existsSync(join(folder.path, ".session", "errors.log"))).toBe(false);
});

test("a symlink loop is a tool error saying so, not logged as a toolshed bug", async () => {
  const link = join(folder.path, "loop");
  symlinkSync(link, link);
  const { text } = await callTool(await context(), "Read", { file_path: link });
  expect(text).toContain("is a symbolic link that loops back on itself");
  expect(existsSync(join(folder.path, ".session", "errors.log"))).toBe(false);
});

test("scanning a huge file for a window far down stops at the read timeout", async () => {
  const path = join(folder.path, "sparse.bin");
  const descriptor = openSync(path, "w");
  ftruncateSync(descriptor, 1024 ** 4);
  closeSync(descriptor);
  const reading = openSync(path, "r");
  try {
    const started = Date.now();
    await expect(readTextWindow(reading, 1024 ** 4, 10, 5, 100)).rejects.toBeInstanceOf(ReadTimeoutError);
    expect(Date.now() - started).toBeLessThan(5_000);
  } finally {
    closeSync(reading);
  }
  expect(READ_TIMEOUT_MS).toBeGreaterThan(0);
});
