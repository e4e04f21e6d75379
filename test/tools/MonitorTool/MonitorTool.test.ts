import { afterEach, describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { ToolProgress } from "../../../src/Tool.ts";
import { MonitorTool, type MonitorOutput } from "../../../src/tools/MonitorTool/MonitorTool.ts";
import { MAX_KEPT_LINES, MAX_LINE_CHARS, MAX_MONITOR_TIMEOUT_MS } from "../../../src/tools/MonitorTool/prompt.ts";
import { trackedProcessGroups } from "../../../src/tasks/processGroups.ts";
import { callTool } from "../../helpers/testSession.ts";
import { isProcessAlive } from "../../tasks/processAlive.ts";
import { createToolFixture, pollUntil, type ToolFixture } from "../../helpers/toolFixture.ts";

let fixture: ToolFixture;
afterEach(async () => {
  await fixture?.remove();
});

/** A fixture whose progress lines are collected, or handed to `onProgress` when a test gives one. */
async function monitorFixture(onProgress?: (progress: ToolProgress<unknown>) => void): Promise<ToolFixture & { lines: string[] }> {
  const lines: string[] = [];
  const collect = (progress: ToolProgress<unknown>) => lines.push((progress.data as { line: string }).line);
  const created = await createToolFixture({ tools: [MonitorTool], allow: ["Monitor"], onProgress: onProgress ?? collect });
  return { ...created, lines };
}

/** Calls the tool directly (past the pipeline) to see its structured output. */
async function monitorData(input: { command: string; timeout_ms?: number; until?: string }): Promise<MonitorOutput> {
  const result = await MonitorTool.call({ description: "test", ...input }, {
    context: fixture.context,
    toolUseId: "toolu_direct",
    signal: fixture.context.abortController.signal,
    onProgress: () => {},
    canUseTool: async () => ({ decision: "allow", reason: "test" }),
  });
  return result.data;
}

describe("Monitor", () => {
  test("streams each stdout line as progress and stops the command when a line matches until", async () => {
    const created = await monitorFixture();
    fixture = created;
    const command = `sleep 60 & echo $! > child; echo $$ > pid; echo booting; echo "Listening on 4321"; echo later; wait`;
    const outcome = await callTool(fixture.context, "Monitor", { description: "server up", command, until: "Listening on \\d+" });
    expect(outcome.stage).toBe("done");
    expect(outcome.text).toContain("Matched after 2 lines: Listening on 4321");
    expect(created.lines).toEqual(["booting", "Listening on 4321"]);
    // The shell and the background sleep it started are both gone.
    const shell = Number(readFileSync(join(fixture.folder.path, "pid"), "utf8"));
    expect(await pollUntil(() => !isProcessAlive(shell))).toBe(true);
    const child = Number(readFileSync(join(fixture.folder.path, "child"), "utf8"));
    expect(await pollUntil(() => !isProcessAlive(child))).toBe(true);
  });

  test("ends when the command exits, with its exit code, every line (the last without a newline) and stderr", async () => {
    fixture = await monitorFixture();
    const data = await monitorData({ command: "printf 'a\\nb\\nc'; echo oops >&2; exit 3" });
    expect(data.end).toBe("exited");
    expect(data.exitCode).toBe(3);
    expect(data.lines).toEqual(["a", "b", "c"]);
    expect(data.stderrTail).toBe("oops");
    expect(MonitorTool.mapToolResultToToolResultBlockParam(data, "t").content).toContain("exited with code 3 after 3 lines");
  });

  test("stops the command at the deadline and says no line matched", async () => {
    fixture = await monitorFixture();
    const outcome = await callTool(fixture.context, "Monitor", { description: "never", command: "echo waiting; sleep 60", timeout_ms: 300, until: "never printed" });
    expect(outcome.stage).toBe("done");
    expect(outcome.text).toContain("The deadline of 300 ms passed after 1 lines with no line matching the pattern");
  });

  test(`keeps the last ${MAX_KEPT_LINES} lines of a long output`, async () => {
    fixture = await monitorFixture();
    const data = await monitorData({ command: "seq 1 500" });
    expect(data.totalLines).toBe(500);
    expect(data.lines).toHaveLength(MAX_KEPT_LINES);
    expect(data.lines.at(-1)).toBe("500");
  });

  test("a line that never ends holds little: 50 MB without a newline is cut, and the next line still counts", async () => {
    const created = await monitorFixture();
    fixture = created;
    await callTool(fixture.context, "Monitor", { description: "long line", command: "head -c 50000000 /dev/zero | tr '\\0' a; echo; echo next" });
    // What is held of the unfinished line (and handed on as progress) stays a few lines' worth.
    expect(created.lines.map((line) => line.length <= 4 * MAX_LINE_CHARS)).toEqual([true, true]);
    const data = await monitorData({ command: "head -c 50000000 /dev/zero | tr '\\0' a; echo; echo next" });
    expect(data.lines).toHaveLength(2);
    expect(data.lines[0]?.length).toBeLessThanOrEqual(MAX_LINE_CHARS + 3);
    expect(data.lines[0]).toEndWith("...");
    expect(data.lines[1]).toBe("next");
  });

  test("the watched command's process group is tracked while it runs, so toolshed's exit stops it", async () => {
    let trackedWhileRunning: number[] = [];
    fixture = await monitorFixture(() => {
      trackedWhileRunning = trackedProcessGroups();
      fixture.context.abortController.abort();
    });
    const outcome = await callTool(fixture.context, "Monitor", { description: "tracked", command: "echo $$ > pid; echo up; sleep 60" });
    expect(outcome.stage).toBe("aborted");
    const shell = Number(readFileSync(join(fixture.folder.path, "pid"), "utf8").trim());
    expect(trackedWhileRunning).toContain(shell);
    expect(await pollUntil(() => !trackedProcessGroups().includes(shell))).toBe(true);
  });

  test("an abort stops the watch and the command", async () => {
    fixture = await monitorFixture(() => fixture.context.abortController.abort());
    const outcome = await callTool(fixture.context, "Monitor", { description: "abort", command: "echo first; sleep 60" });
    expect(outcome.stage).toBe("aborted");
  });

  test("an invalid until or an over-long timeout is refused before anything runs", async () => {
    fixture = await monitorFixture();
    const badPattern = await callTool(fixture.context, "Monitor", { description: "x", command: "touch ran", until: "(unclosed" });
    expect(badPattern.stage).toBe("validation");
    expect(badPattern.text).toContain("until is not a valid regular expression");
    const tooLong = await callTool(fixture.context, "Monitor", { description: "x", command: "touch ran", timeout_ms: MAX_MONITOR_TIMEOUT_MS + 1 });
    expect(tooLong.stage).toBe("validation");
    expect(await Bun.file(join(fixture.folder.path, "ran")).exists()).toBe(false);
  });

  test("without an allow rule a non-interactive session refuses to run the command", async () => {
    fixture = await createToolFixture({ tools: [MonitorTool] });
    const outcome = await callTool(fixture.context, "Monitor", { description: "x", command: "touch ran" });
    expect(outcome.stage).toBe("permission");
    expect(await Bun.file(join(fixture.folder.path, "ran")).exists()).toBe(false);
  });
});
