import { afterEach, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { createTemporaryFolder, type TemporaryFolder } from "../helpers/temporaryFolder.ts";
import { eventually, isProcessAlive } from "./processAlive.ts";

let folder: TemporaryFolder | undefined;
afterEach(() => folder?.remove());

async function startChild(how: "exit" | "wait") {
  folder = createTemporaryFolder();
  const child = Bun.spawn([process.execPath, join(import.meta.dir, "fixtures", "startBackgroundTask.ts"), folder.path, how], {
    stdout: "pipe",
    stderr: "inherit",
  });
  const reader = child.stdout.getReader();
  const { value } = await reader.read();
  expect(new TextDecoder().decode(value)).toContain("ready");
  const pid = Number(readFileSync(join(folder.path, "task.pid"), "utf8").trim());
  return { child, pid };
}

test("background tasks are stopped when toolshed exits", async () => {
  const { child, pid } = await startChild("exit");
  await child.exited;
  expect(await eventually(() => !isProcessAlive(pid))).toBe(true);
});

test("background tasks are stopped when toolshed is terminated with SIGTERM", async () => {
  const { child, pid } = await startChild("wait");
  expect(isProcessAlive(pid)).toBe(true);
  child.kill("SIGTERM");
  await child.exited;
  expect(await eventually(() => !isProcessAlive(pid))).toBe(true);
});
