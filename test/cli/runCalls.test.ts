import { afterEach, describe, expect, test } from "bun:test";
import { readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { createTemporaryFolder, type TemporaryFolder } from "../helpers/temporaryFolder.ts";

const MAIN = resolve(import.meta.dir, "../../src/main.ts");
let folder: TemporaryFolder | undefined;
afterEach(() => {
  folder?.remove();
  folder = undefined;
});

async function toolshed(args: string[], stdin?: string): Promise<{ code: number; stdout: string; stderr: string }> {
  folder ??= createTemporaryFolder();
  const child = Bun.spawn([process.execPath, MAIN, ...args], {
    cwd: folder.path,
    stdin: stdin === undefined ? "ignore" : new TextEncoder().encode(stdin),
    stdout: "pipe",
    stderr: "pipe",
    env: { ...process.env, TOOLSHED_CONFIG_DIR: join(folder.path, ".config-home"), TOOLSHED_SESSION_DIR: join(folder.path, ".session") },
  });
  const [stdout, stderr, code] = await Promise.all([new Response(child.stdout).text(), new Response(child.stderr).text(), child.exited]);
  return { code, stdout, stderr };
}

describe("toolshed run --calls", () => {
  test("runs calls in order in one session: Read then Edit works", async () => {
    folder = createTemporaryFolder();
    const file = join(folder.path, "a.txt");
    writeFileSync(file, "hello world\n");
    const calls = [
      { name: "Read", input: { file_path: file } },
      { name: "Edit", input: { file_path: file, old_string: "world", new_string: "there" } },
    ];
    writeFileSync(join(folder.path, "calls.json"), JSON.stringify(calls));
    const result = await toolshed(["run", "--calls", "calls.json", "--allowedTools", "Edit"]);
    expect(result.stdout).toBe(`[1] Read\n1\thello world\n[2] Edit\nEdited ${file}. The edited region:\n1\thello there\n`);
    expect(result.code).toBe(0);
    expect(readFileSync(file, "utf8")).toBe("hello there\n");
  });

  test("a background task started by one call is read back by a later one; --json gives tool_result blocks", async () => {
    const calls = [
      { name: "Bash", input: { command: "echo from-the-background", run_in_background: true } },
      { name: "TaskOutput", input: { task_id: "bash_1" } },
    ];
    const result = await toolshed(["run", "--calls", "-", "--json", "--allowedTools", "Bash"], JSON.stringify(calls));
    const blocks = JSON.parse(result.stdout) as Array<{ type: string; tool_use_id: string; content: string }>;
    expect(blocks.map((block) => block.type)).toEqual(["tool_result", "tool_result"]);
    expect(blocks[0]?.content).toContain("Started background task bash_1");
    expect(blocks[1]?.content).toBe("Task bash_1: completed (exit code 0)\nNew output:\nfrom-the-background");
    expect(result.code).toBe(0);
  });

  test("a failing call is reported in place and makes the exit status 1", async () => {
    folder = createTemporaryFolder();
    const missing = join(folder.path, "missing.txt");
    const calls = [{ name: "Read", input: { file_path: missing } }, { name: "Nope", input: {} }];
    const result = await toolshed(["run", "--calls", "-"], JSON.stringify(calls));
    expect(result.stdout).toContain(`[1] Read (error)\nError: File does not exist: ${missing}.`);
    expect(result.stdout).toContain('[2] Nope (error)\nError: no tool named "Nope"');
    expect(result.code).toBe(1);
  });

  test("bad calls files get clear usage errors", async () => {
    const notJson = await toolshed(["run", "--calls", "-"], "[{");
    expect(notJson.code).toBe(2);
    expect(notJson.stderr).toContain("are not valid JSON");
    const wrongShape = await toolshed(["run", "--calls", "-"], JSON.stringify([{ name: "Read", input: {} }, { tool: "x" }]));
    expect(wrongShape.code).toBe(2);
    expect(wrongShape.stderr).toContain("call 2");
    const empty = await toolshed(["run", "--calls", "-"], "[]");
    expect(empty.stderr).toContain("non-empty JSON array");
    const missing = await toolshed(["run", "--calls", "nope.json"]);
    expect(missing.stderr).toContain("the calls file nope.json does not exist");
    const both = await toolshed(["run", "Read", "--calls", "x.json"]);
    expect(both.stderr).toContain("takes the calls from its file");
    expect(both.stderr).not.toContain("    at ");
  });
});
