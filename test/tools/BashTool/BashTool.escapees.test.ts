import { afterEach, expect, test } from "bun:test";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { reportSkip } from "../../helpers/specialFiles.ts";
import { callTool } from "../../helpers/testSession.ts";
import { createToolFixture, type ToolFixture } from "../../helpers/toolFixture.ts";
import { eventually, isProcessAlive } from "../../tasks/processAlive.ts";

let fixture: ToolFixture;
const started: number[] = [];
afterEach(async () => {
  for (const pid of started.splice(0)) if (isProcessAlive(pid)) process.kill(pid, "SIGKILL");
  await fixture?.remove();
});

/**
 * A command whose children leave its process group three ways (setsid, `set -m` in a subshell
 * that exits, so the child loses its parent too, and setpgid) and record their pids.
 */
function escapingCommand(folder: string, thenWait = true): string {
  const pid = (name: string) => join(folder, `${name}.pid`);
  return [
    `setsid sleep 300 & echo $! > ${pid("setsid")}`,
    `( set -m; sleep 300 & echo $! > ${pid("jobs")} )`,
    `perl -e 'setpgrp(0, 0); exec "sleep", "300"' & echo $! > ${pid("setpgid")}`,
    ...(thenWait ? ["sleep 300"] : []),
  ].join("\n");
}

function readPids(folder: string): number[] {
  const pids = ["setsid", "jobs", "setpgid"].map((name) => Number(readFileSync(join(folder, `${name}.pid`), "utf8").trim()));
  started.push(...pids);
  return pids;
}

const unavailable = () => (!existsSync("/proc/self/environ") ? "needs /proc" : Bun.which("setsid") === null || Bun.which("perl") === null ? "needs setsid and perl" : undefined);

test("a timeout stops children that left the process group, and the result's claim is true", async () => {
  const reason = unavailable();
  if (reason !== undefined) return reportSkip("escapees stopped at a timeout", reason);
  fixture = await createToolFixture({ allow: ["Bash"] });
  const folder = fixture.folder.path;
  const result = await callTool(fixture.context, "Bash", { command: escapingCommand(folder), timeout: 1000 });
  expect(result.result.is_error).toBe(true);
  expect(result.text).toContain("timed out after 1000 ms and was stopped with every process it started");
  const pids = readPids(folder);
  expect(pids.every((pid) => pid > 0)).toBe(true);
  expect(await eventually(() => pids.every((pid) => !isProcessAlive(pid)), 5_000)).toBe(true);
});

test("TaskStop stops a background task's children that left its process group", async () => {
  const reason = unavailable();
  if (reason !== undefined) return reportSkip("escapees stopped by TaskStop", reason);
  fixture = await createToolFixture({ allow: ["Bash", "TaskStop"] });
  const folder = fixture.folder.path;
  await callTool(fixture.context, "Bash", { command: escapingCommand(folder), run_in_background: true });
  expect(await eventually(() => ["setsid", "jobs", "setpgid"].every((name) => existsSync(join(folder, `${name}.pid`)) && readFileSync(join(folder, `${name}.pid`), "utf8").trim() !== ""))).toBe(true);
  const pids = readPids(folder);
  const stop = await callTool(fixture.context, "TaskStop", { task_id: "bash_1" });
  expect(stop.text).toBe("Stopped task bash_1 (" + escapingCommand(folder) + ") and every process it started.");
  expect(await eventually(() => pids.every((pid) => !isProcessAlive(pid)), 5_000)).toBe(true);
});

test("processes that left the group are stopped when toolshed exits", async () => {
  const reason = unavailable();
  if (reason !== undefined) return reportSkip("escapees stopped at exit", reason);
  fixture = await createToolFixture();
  const folder = fixture.folder.path;
  const cli = Bun.spawn(
    [process.execPath, join(import.meta.dir, "..", "..", "..", "src", "main.ts"), "run", "Bash", JSON.stringify({ command: escapingCommand(folder, false) }), "--permission-mode", "bypassPermissions"],
    { cwd: folder, stdin: "ignore", stdout: "pipe", stderr: "pipe", env: { ...process.env, TOOLSHED_CONFIG_DIR: join(folder, ".config"), TOOLSHED_SESSION_DIR: join(folder, ".session") } },
  );
  const [code, stderr] = await Promise.all([cli.exited, new Response(cli.stderr).text()]);
  expect(stderr).toBe("");
  expect(code).toBe(0);
  const pids = readPids(folder);
  await eventually(() => pids.every((pid) => !isProcessAlive(pid)), 5_000);
  // What a survivor is, if there is one: its status line and its command line.
  const describe = (pid: number) => {
    try {
      return `${pid}: ${readFileSync(`/proc/${pid}/stat`, "utf8").trim()} | ${readFileSync(`/proc/${pid}/cmdline`, "utf8").replaceAll("\0", " ")}`;
    } catch {
      return `${pid}: gone`;
    }
  };
  expect(pids.filter((pid) => isProcessAlive(pid)).map(describe)).toEqual([]);
});
