import { afterEach, beforeEach, expect, test } from "bun:test";
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { BackgroundTask } from "../../src/tasks/BackgroundTask.ts";
import { spawnShellCommand } from "../../src/tasks/spawnShellCommand.ts";
import { TaskRegistry } from "../../src/tasks/TaskRegistry.ts";
import { TaskOutputTool } from "../../src/tools/TaskOutputTool/TaskOutputTool.ts";
import { createTemporaryFolder, type TemporaryFolder } from "../helpers/temporaryFolder.ts";
import { eventually, isProcessAlive } from "./processAlive.ts";
import { guardLeftoverOutput } from "../../src/tasks/guardLeftoverOutput.ts";

let folder: TemporaryFolder;
beforeEach(() => {
  folder = createTemporaryFolder();
});
afterEach(() => folder.remove());

const MIB = 1024 * 1024;

test("a background task's log is emptied when it passes its limit; the task runs on and the drop is reported", async () => {
  const log = join(folder.path, "out.log");
  const shell = spawnShellCommand({ command: "yes | head -c 20000000; sleep 0.5; echo after; sleep 30", cwd: folder.path, outputPath: log, cwdPath: join(folder.path, "cwd") });
  const task = new BackgroundTask("t1", "yes", undefined, log, shell, MIB);
  try {
    let dropped = 0;
    let text = "";
    expect(await eventually(() => {
      const chunk = task.readNewOutput(30_000);
      dropped += chunk.droppedBytes;
      text += chunk.text;
      return dropped > 0 && text.includes("after");
    }, 10_000)).toBe(true);
    expect(dropped).toBeGreaterThan(MIB);
    expect(statSync(log).size).toBeLessThan(MIB);
    expect(task.status).toBe("running");
  } finally {
    await task.stop();
  }
  const block = TaskOutputTool.mapToolResultToToolResultBlockParam(
    { taskId: "t1", status: "running", exitCode: null, output: "", remainingBytes: 0, droppedBytes: 123, outputPath: log, waitedOut: false },
    "toolu_1",
  );
  expect(block.content).toContain("123 bytes of output were dropped unread");
});

test("a process a task's shell left running (even one gone with setsid) is stopped once the log passes its limit: it cannot fill the disk", async () => {
  const log = join(folder.path, "left.log");
  const pidFile = join(folder.path, "yes.pid");
  const shell = spawnShellCommand({ command: `setsid yes >> ${JSON.stringify(log)} 2>&1 & echo $! > ${JSON.stringify(pidFile)}; echo started`, cwd: folder.path, outputPath: log, cwdPath: join(folder.path, "cwd") });
  const task = new BackgroundTask("t2", "yes &", undefined, log, shell, MIB);
  await task.done;
  expect(task.status).toBe("completed");
  const pid = Number(readFileSync(pidFile, "utf8").trim());
  expect(await eventually(() => !isProcessAlive(pid), 10_000)).toBe(true);
  expect(statSync(log).size).toBeLessThan(2 * MIB);
  // What was emptied unread is reported as dropped, not lost in silence.
  expect(await eventually(() => task.readNewOutput(1000).droppedBytes > MIB || false, 5_000)).toBe(true);
});

test("once a command's group is empty, a leftover is stopped by its tag alone: the group id, free for reuse, is not signalled", async () => {
  const log = join(folder.path, "tagged.log");
  let groupStops = 0;
  let tagKills = 0;
  const shell = spawnShellCommand({ command: `setsid sh -c 'sleep 0.3; yes' >> ${JSON.stringify(log)} 2>&1 & echo started`, cwd: folder.path, outputPath: log, cwdPath: join(folder.path, "cwd") });
  await shell.exited;
  guardLeftoverOutput({ outputPath: log, maxBytes: MIB, leader: shell.pid, stop: async () => void groupStops++, killTagged: () => (tagKills++, shell.killTagged()) });
  expect(await eventually(() => tagKills === 1, 10_000)).toBe(true);
  expect(groupStops).toBe(0);
});

test("a foreground command's leftover writer is stopped the same way", async () => {
  const log = join(folder.path, "fg.log");
  const pidFile = join(folder.path, "fg.pid");
  const shell = spawnShellCommand({ command: `(yes & echo $! > ${JSON.stringify(pidFile)}); echo done`, cwd: folder.path, outputPath: log, cwdPath: join(folder.path, "cwd") });
  await shell.exited;
  guardLeftoverOutput({ outputPath: log, maxBytes: MIB, leader: shell.pid, stop: () => shell.stop() });
  const pid = Number(readFileSync(pidFile, "utf8").trim());
  expect(await eventually(() => !isProcessAlive(pid), 10_000)).toBe(true);
  expect(statSync(log).size).toBeLessThan(2 * MIB);
});

test("closing the session's tasks removes their logs and the folders left empty, and keeps saved results", async () => {
  const session = join(folder.path, "session");
  const registry = new TaskRegistry(session);
  const task = registry.start({ command: "echo hi; sleep 30", cwd: folder.path });
  expect(await eventually(() => existsSync(task.outputPath))).toBe(true);
  mkdirSync(join(session, "tool-results"), { recursive: true });
  writeFileSync(join(session, "tool-results", "toolu_1.txt"), "a saved result the model was pointed to");
  await registry.close();
  expect(existsSync(join(session, "tasks"))).toBe(false);
  expect(readdirSync(session)).toEqual(["tool-results"]);
  // With nothing worth keeping, the session's folder goes too.
  const empty = join(folder.path, "empty-session");
  const other = new TaskRegistry(empty);
  other.start({ command: "true", cwd: folder.path });
  await other.close();
  expect(existsSync(empty)).toBe(false);
});

test("a session folder is left without task logs when toolshed exits without closing it", async () => {
  const session = join(folder.path, "session");
  const script = join(folder.path, "child.ts");
  writeFileSync(script, `import { TaskRegistry } from ${JSON.stringify(join(import.meta.dir, "..", "..", "src", "tasks", "TaskRegistry.ts"))};
const task = new TaskRegistry(${JSON.stringify(session)}).start({ command: "echo hi; sleep 30", cwd: ${JSON.stringify(folder.path)} });
while (!(await Bun.file(task.outputPath).exists())) await Bun.sleep(5);
process.exit(0);`);
  const child = Bun.spawn([process.execPath, script], { stdout: "pipe", stderr: "pipe" });
  expect(await child.exited).toBe(0);
  expect(existsSync(session)).toBe(false);
});
