/** A full disk, wherever it is met: the session folder (Bash output, saved results) or a file being written. */
import { afterEach, expect, test } from "bun:test";
import { existsSync, mkdirSync } from "node:fs";
import { join, resolve } from "node:path";
import { persistLargeResult } from "../../src/pipeline/persistLargeResult.ts";
import { fullDiskUnavailable, mountFullDisk, reportSkip, type FullDisk } from "../helpers/specialFiles.ts";
import { callTool, createTestContext } from "../helpers/testSession.ts";
import { createTemporaryFolder, type TemporaryFolder } from "../helpers/temporaryFolder.ts";

let folder: TemporaryFolder | undefined;
let disk: FullDisk | undefined;
afterEach(() => {
  disk?.unmount();
  disk = undefined;
  folder?.remove();
  folder = undefined;
});

function fullDisk(name: string): FullDisk | undefined {
  const reason = fullDiskUnavailable();
  if (reason !== undefined) {
    reportSkip(name, reason);
    return undefined;
  }
  folder = createTemporaryFolder();
  disk = mountFullDisk(folder.path);
  return disk;
}

test("Bash with its session folder on a full disk says the output may be lost, as an error", async () => {
  const full = fullDisk("Bash on a full disk");
  if (full === undefined || folder === undefined) return;
  const context = await createTestContext({ cwd: folder.path, allow: ["Bash"], sessionDirectory: join(full.path, "session") });
  const result = await callTool(context, "Bash", { command: "echo hello" });
  expect(result.result.is_error).toBe(true);
  expect(result.text).toContain(`The disk that holds ${join(full.path, "session", "bash")} is full`);
  expect(result.text).toContain("Free some space");
  expect(existsSync(join(folder.path, "errors.log"))).toBe(false);
});

test("run Bash with the session folder on a full disk exits with status 1, not 0", async () => {
  const full = fullDisk("run Bash on a full disk");
  if (full === undefined || folder === undefined) return;
  mkdirSync(join(folder.path, ".config"));
  const cli = Bun.spawn([process.execPath, resolve(import.meta.dir, "../../src/main.ts"), "run", "Bash", '{"command": "echo hello"}', "--permission-mode", "bypassPermissions"], {
    cwd: folder.path,
    stdin: "ignore",
    stdout: "pipe",
    stderr: "pipe",
    env: { ...process.env, TOOLSHED_CONFIG_DIR: join(folder.path, ".config"), TOOLSHED_SESSION_DIR: join(full.path, "session") },
  });
  const [stderr, code] = await Promise.all([new Response(cli.stderr).text(), cli.exited]);
  expect(code).toBe(1);
  expect(stderr).toContain("is full");
});

test("Write to a full disk names the path and says what to do; nothing is logged as a bug", async () => {
  const full = fullDisk("Write on a full disk");
  if (full === undefined || folder === undefined) return;
  const sessionDirectory = join(folder.path, ".session");
  const context = await createTestContext({ cwd: folder.path, allow: ["Write"], mode: "bypassPermissions", sessionDirectory });
  const path = join(full.path, "new.txt");
  const result = await callTool(context, "Write", { file_path: path, content: "x".repeat(100_000) });
  expect(result.stage).toBe("call");
  expect(result.text).toContain(`No space is left on the device that holds ${path} (ENOSPC)`);
  expect(result.text).toContain("Free some space");
  expect(existsSync(join(sessionDirectory, "errors.log"))).toBe(false);
});

test("a large result that cannot be saved on a full disk says where and why", () => {
  const full = fullDisk("saving a large result on a full disk");
  if (full === undefined) return;
  const block = persistLargeResult({ type: "tool_result", tool_use_id: "toolu_big", content: "y".repeat(200_000) }, 1_000, join(full.path, "session"));
  const text = typeof block.content === "string" ? block.content : "";
  expect(text).toContain(`No space is left on the device that holds ${join(full.path, "session", "tool-results")}`);
  expect(text).toContain("only the start is shown");
});
