import { afterEach, expect, test } from "bun:test";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { getAllBaseTools } from "../../src/tools.ts";
import { findCommandProcesses, shareProcessReads } from "../../src/tasks/processTree.ts";
import { callTool, createTestSession } from "../helpers/testSession.ts";
import { createTemporaryFolder, type TemporaryFolder } from "../helpers/temporaryFolder.ts";
import { eventually, isProcessAlive } from "./processAlive.ts";

let folder: TemporaryFolder | undefined;
afterEach(() => folder?.remove());

test("a session's close stops many tasks at once, each with the process that left its group", async () => {
  folder = createTemporaryFolder();
  const session = await createTestSession({ tools: getAllBaseTools(), cwd: folder.path, allow: ["Bash"] });
  const count = 12;
  for (let index = 0; index < count; index++) {
    const pidFile = join(folder.path, `escaped-${index}.pid`);
    await callTool(session.context, "Bash", { command: `setsid sleep 300 & echo $! > ${pidFile}; sleep 300`, run_in_background: true });
  }
  const pidFiles = Array.from({ length: count }, (_, index) => join(folder!.path, `escaped-${index}.pid`));
  expect(await eventually(() => pidFiles.every((file) => existsSync(file) && readFileSync(file, "utf8").trim() !== ""))).toBe(true);
  const escaped = pidFiles.map((file) => Number(readFileSync(file, "utf8").trim()));
  expect(escaped.every(isProcessAlive)).toBe(true);
  await session.context.services.tasks.stopAll();
  expect(session.context.services.tasks.list().every((task) => task.status === "killed")).toBe(true);
  expect(await eventually(() => escaped.every((pid) => !isProcessAlive(pid)))).toBe(true);
});

test("shared readings: a lookup after a wait sees what a signal did; outside the sharing each lookup reads afresh", async () => {
  const first = Bun.spawn(["sleep", "300"], { detached: true });
  await shareProcessReads(async () => {
    expect(findCommandProcesses(first.pid, "no-such-tag")).toContain(first.pid);
    first.kill("SIGKILL");
    await first.exited;
    await Bun.sleep(1);
    expect(findCommandProcesses(first.pid, "no-such-tag")).not.toContain(first.pid);
  });
  // Outside shareProcessReads, a process started right after a lookup is seen by the next one, in the same turn.
  expect(findCommandProcesses(process.pid, "no-such-tag")).toBeArray();
  const second = Bun.spawn(["sleep", "300"], { detached: true });
  try {
    expect(findCommandProcesses(second.pid, "no-such-tag")).toContain(second.pid);
  } finally {
    second.kill("SIGKILL");
  }
});
