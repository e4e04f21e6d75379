import { afterEach, beforeEach, expect, test } from "bun:test";
import { existsSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import { ReadTool } from "../../../src/tools/ReadTool/ReadTool.ts";
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
