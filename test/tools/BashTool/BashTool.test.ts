import { afterEach, describe, expect, test } from "bun:test";
import { existsSync, mkdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { BashTool } from "../../../src/tools/BashTool/BashTool.ts";
import { MAX_OUTPUT_CHARS } from "../../../src/tools/BashTool/limits.ts";
import { callTool } from "../../helpers/testSession.ts";
import { eventually, isProcessAlive } from "../../tasks/processAlive.ts";
import { createToolFixture, type ToolFixture } from "../../helpers/toolFixture.ts";

let fixture: ToolFixture;
afterEach(async () => {
  await fixture?.remove();
});

async function setUp(allow: string[] = ["Bash", "TaskOutput", "TaskStop"]): Promise<ToolFixture> {
  fixture = await createToolFixture({ allow });
  return fixture;
}

function readPid(path: string): number {
  return Number(readFileSync(path, "utf8").trim());
}

describe("Bash", () => {
  test("returns stdout and stderr together, and the exit code when it is not 0", async () => {
    const { context } = await setUp();
    const ok = await callTool(context, "Bash", { command: "echo out; echo err >&2" });
    expect(ok.text).toBe("out\nerr");
    const failed = await callTool(context, "Bash", { command: "echo partial; exit 3" });
    expect(failed.text).toBe("partial\nExit code 3");
    const quiet = await callTool(context, "Bash", { command: "true" });
    expect(quiet.text).toBe("(no output)");
  });

  test("the command does not see the variables toolshed uses to run it", async () => {
    const { context } = await setUp();
    const seen = await callTool(context, "Bash", { command: "env | cut -d= -f1 | grep '^TOOLSHED_C' | sort" });
    expect(seen.text).not.toContain("TOOLSHED_COMMAND");
    expect(seen.text).not.toContain("TOOLSHED_CWD_FILE");
  });

  test("cd carries over inside the working folders, not outside them", async () => {
    const { folder, context } = await setUp();
    mkdirSync(join(folder.path, "sub"));
    await callTool(context, "Bash", { command: "cd sub" });
    expect((await callTool(context, "Bash", { command: "pwd" })).text).toBe(join(folder.path, "sub"));
    const outside = await callTool(context, "Bash", { command: "cd /" });
    expect(outside.text).toContain("outside the working folders");
    expect((await callTool(context, "Bash", { command: "pwd" })).text).toBe(join(folder.path, "sub"));
  });

  test("a syntax error is reported by the shell", async () => {
    // The permission engine asks about commands it cannot parse: a person says yes here.
    fixture = await createToolFixture({ allow: ["Bash"], interactive: true });
    const { context } = fixture;
    const result = await callTool(context, "Bash", { command: "if then fi (" }, { interactive: true, ask: async () => "yes" });
    expect(result.text).toContain("syntax error");
    expect(result.text).toContain("Exit code 2");
  });

  test("a timeout stops the command and its grandchildren, even ones that ignore SIGTERM", async () => {
    const { folder, context } = await setUp();
    const pidFile = join(folder.path, "grandchild.pid");
    const command = `(trap '' TERM; sleep 300) & echo $! > ${pidFile}; sleep 300`;
    const result = await callTool(context, "Bash", { command, timeout: 1000 });
    expect(result.result.is_error).toBe(true);
    expect(result.text).toContain("timed out after 1000 ms");
    const grandchild = readPid(pidFile);
    expect(await eventually(() => !isProcessAlive(grandchild))).toBe(true);
  });

  test("an abort stops the whole process group", async () => {
    const { folder, context } = await setUp();
    const pidFile = join(folder.path, "child.pid");
    const running = callTool(context, "Bash", { command: `sleep 300 & echo $! > ${pidFile}; wait` });
    expect(await eventually(() => existsSync(pidFile) && readFileSync(pidFile, "utf8").trim() !== "")).toBe(true);
    const child = readPid(pidFile);
    context.abortController.abort();
    const result = await running;
    expect(result.stage).toBe("aborted");
    expect(await eventually(() => !isProcessAlive(child))).toBe(true);
  });

  test("the limit counts characters: output of many-byte characters under the limit is shown whole", async () => {
    const { context } = await setUp();
    // 20,000 characters of three bytes each: 60,000 bytes, but fewer characters than the limit.
    const result = await callTool(context, "Bash", { command: `printf '\\u20ac%.0s' $(seq 1 20000)` });
    expect(result.text).not.toContain("too long to show");
    expect(result.text).toBe("\u20ac".repeat(20_000));
  });

  test("long output goes to a file; the model gets the path and a preview", async () => {
    const { context } = await setUp();
    const result = await callTool(context, "Bash", { command: "seq 1 100000" });
    expect(result.text).toContain("too long to show");
    expect(result.text.length).toBeLessThan(MAX_OUTPUT_CHARS);
    const path = /All of it is in (\S+);/.exec(result.text)?.[1] as string;
    expect(readFileSync(path, "utf8").split("\n")[99_999]).toBe("100000");
    expect(result.text).toStartWith("The output was");
    expect(result.text).toContain("\n1\n2\n3\n");
    expect(result.text).toContain("99999\n100000");
  });

  test("1 GB of output is captured with bounded memory", async () => {
    const { context } = await setUp();
    Bun.gc(true);
    const before = process.memoryUsage().rss;
    const result = await callTool(context, "Bash", { command: "head -c 1000000000 /dev/zero | tr '\\0' 'x'", timeout: 300_000 });
    const grown = process.memoryUsage().rss - before;
    const path = /All of it is in (\S+);/.exec(result.text)?.[1] as string;
    expect(statSync(path).size).toBe(1_000_000_000);
    expect(grown).toBeLessThan(64 * 1024 * 1024);
  }, 300_000);

  test("a timeout over the maximum is a validation error", async () => {
    const { context } = await setUp();
    const result = await callTool(context, "Bash", { command: "true", timeout: 600_001 });
    expect(result.stage).toBe("validation");
  });
});

describe("Bash in the background, TaskOutput and TaskStop", () => {
  test("run_in_background returns a task id at once; TaskOutput waits and reads new output", async () => {
    const { context } = await setUp();
    const started = await callTool(context, "Bash", { command: "echo one; sleep 0.2; echo two; exit 4", run_in_background: true });
    const taskId = /task (bash_\d+)/.exec(started.text)?.[1] as string;
    expect(taskId).toBe("bash_1");
    const output = await callTool(context, "TaskOutput", { task_id: taskId });
    expect(output.text).toBe("Task bash_1: failed (exit code 4)\nNew output:\none\ntwo");
    const again = await callTool(context, "TaskOutput", { task_id: taskId, block: false });
    expect(again.text).toBe("Task bash_1: failed (exit code 4)\n(no new output)");
  });

  test("TaskOutput without blocking, then TaskStop stops the task and its children", async () => {
    const { folder, context } = await setUp();
    const pidFile = join(folder.path, "bg.pid");
    await callTool(context, "Bash", { command: `sleep 300 & echo $! > ${pidFile}; echo started; wait`, run_in_background: true });
    expect(await eventually(() => existsSync(pidFile) && readFileSync(pidFile, "utf8").trim() !== "")).toBe(true);
    const peek = await callTool(context, "TaskOutput", { task_id: "bash_1", block: false });
    expect(peek.text).toStartWith("Task bash_1: running");
    const waited = await callTool(context, "TaskOutput", { task_id: "bash_1", timeout: 50 });
    expect(waited.text).toContain("still running after the wait");
    const stopped = await callTool(context, "TaskStop", { task_id: "bash_1" });
    expect(stopped.text).toStartWith("Stopped task bash_1");
    expect(await eventually(() => !isProcessAlive(readPid(pidFile)))).toBe(true);
    const after = await callTool(context, "TaskStop", { task_id: "bash_1" });
    expect(after.text).toContain("had already ended (killed");
  });

  test("unknown task ids list the tasks there are", async () => {
    const { context } = await setUp();
    const none = await callTool(context, "TaskOutput", { task_id: "bash_9" });
    expect(none.text).toContain("No background tasks were started");
    await callTool(context, "Bash", { command: "true", run_in_background: true });
    const listed = await callTool(context, "TaskStop", { task_id: "bash_9" });
    expect(listed.text).toContain("The tasks are: bash_1");
  });
});

describe("Bash permissions", () => {
  test("a read-only command runs without a rule; a writing one is denied without one", async () => {
    const { folder, context } = await setUp([]);
    const listed = await callTool(context, "Bash", { command: "ls" });
    expect(listed.stage).toBe("done");
    const removed = await callTool(context, "Bash", { command: `rm -f ${join(folder.path, "x")}` });
    expect(removed.stage).toBe("permission");
  });

  test("capabilities follow the command", async () => {
    await setUp();
    const { initShellParser } = await import("../../../src/shell/isReadOnlyShellCommand.ts");
    await initShellParser();
    expect(BashTool.isReadOnly({ command: "ls -la" })).toBe(true);
    expect(BashTool.isConcurrencySafe({ command: "ls -la" })).toBe(true);
    expect(BashTool.isConcurrencySafe({ command: "ls -la", run_in_background: true })).toBe(false);
    expect(BashTool.isReadOnly({ command: "rm -rf build" })).toBe(false);
    expect(BashTool.isDestructive({ command: "rm -rf build" })).toBe(true);
  });
});
