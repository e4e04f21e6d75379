import { afterEach, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { createTemporaryFolder, type TemporaryFolder } from "../helpers/temporaryFolder.ts";
import { eventually, isProcessAlive } from "./processAlive.ts";

let folder: TemporaryFolder | undefined;
afterEach(() => folder?.remove());

async function startChild(how: "exit" | "wait" | "return") {
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

for (const [signal, status] of [["SIGQUIT", 131], ["SIGUSR1", 138], ["SIGUSR2", 140], ["SIGHUP", 129]] as const) {
  test(`background tasks are stopped when toolshed is ended with ${signal}, which exits ${status}`, async () => {
    const { child, pid } = await startChild("wait");
    expect(isProcessAlive(pid)).toBe(true);
    child.kill(signal);
    expect(await child.exited).toBe(status);
    expect(await eventually(() => !isProcessAlive(pid))).toBe(true);
  });
}

test("a running background task does not keep toolshed alive once its work is done, and is stopped at exit", async () => {
  const { child, pid } = await startChild("return");
  expect(await eventually(() => child.exitCode !== null)).toBe(true);
  expect(child.exitCode).toBe(0);
  expect(await eventually(() => !isProcessAlive(pid))).toBe(true);
});

test("processes a foreground command leaves running are stopped when toolshed exits", async () => {
  folder = createTemporaryFolder();
  const pidFile = join(folder.path, "left.pid");
  const cli = Bun.spawn(
    [process.execPath, join(import.meta.dir, "..", "..", "src", "main.ts"), "run", "Bash",
      JSON.stringify({ command: `sleep 300 & echo $! > ${pidFile}` }), "--permission-mode", "bypassPermissions"],
    { cwd: folder.path, stdin: "ignore", stdout: "pipe", stderr: "pipe", env: { ...process.env, TOOLSHED_CONFIG_DIR: join(folder.path, ".config"), TOOLSHED_SESSION_DIR: join(folder.path, ".session") } },
  );
  expect(await cli.exited).toBe(0);
  const pid = Number(readFileSync(pidFile, "utf8").trim());
  expect(pid).toBeGreaterThan(0);
  expect(await eventually(() => !isProcessAlive(pid))).toBe(true);
});

test("TaskStop stops what a background task's shell left running after it ended", async () => {
  const { BackgroundTask } = await import("../../src/tasks/BackgroundTask.ts");
  const { spawnShellCommand } = await import("../../src/tasks/spawnShellCommand.ts");
  folder = createTemporaryFolder();
  const pidFile = join(folder.path, "left.pid");
  const shell = spawnShellCommand({ command: `sleep 300 & echo $! > ${pidFile}`, cwd: folder.path, outputPath: join(folder.path, "out.txt"), cwdPath: join(folder.path, "cwd.txt") });
  const task = new BackgroundTask("t1", "sleep", undefined, join(folder.path, "out.txt"), shell);
  await task.done;
  const pid = Number(readFileSync(pidFile, "utf8").trim());
  expect(task.status).toBe("completed");
  expect(isProcessAlive(pid)).toBe(true);
  await task.stop();
  expect(await eventually(() => !isProcessAlive(pid))).toBe(true);
});
