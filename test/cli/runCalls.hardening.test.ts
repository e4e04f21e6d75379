import { afterEach, expect, test } from "bun:test";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { MAX_CALLS } from "../../src/cli/runCalls.ts";
import { makeFifo } from "../helpers/specialFiles.ts";
import { createTemporaryFolder, type TemporaryFolder } from "../helpers/temporaryFolder.ts";
import { eventually } from "../tasks/processAlive.ts";

const MAIN = resolve(import.meta.dir, "../../src/main.ts");
let folder: TemporaryFolder | undefined;
afterEach(() => {
  folder?.remove();
  folder = undefined;
});

function start(args: string[]) {
  folder ??= createTemporaryFolder();
  return Bun.spawn([process.execPath, MAIN, ...args], {
    cwd: folder.path,
    stdin: "ignore",
    stdout: "pipe",
    stderr: "pipe",
    env: { ...process.env, TOOLSHED_CONFIG_DIR: join(folder.path, ".config-home"), TOOLSHED_SESSION_DIR: join(folder.path, ".session") },
  });
}

async function finish(child: ReturnType<typeof start>): Promise<{ code: number; stdout: string; stderr: string }> {
  const [stdout, stderr, code] = await Promise.all([new Response(child.stdout).text(), new Response(child.stderr).text(), child.exited]);
  return { code, stdout, stderr };
}

test("a calls file that is a named pipe, a device or a folder is a clear usage error, at once", async () => {
  folder = createTemporaryFolder();
  const pipe = makeFifo(join(folder.path, "calls.fifo"));
  mkdirSync(join(folder.path, "calls.d"));
  const fromPipe = await finish(start(["run", "--calls", pipe]));
  expect(fromPipe.code).toBe(2);
  expect(fromPipe.stderr).toContain(`the calls file ${pipe} is a named pipe, not a regular file`);
  expect(fromPipe.stderr).toContain(`toolshed run --calls - < ${pipe}`);
  const fromZero = await finish(start(["run", "--calls", "/dev/zero"]));
  expect(fromZero.code).toBe(2);
  expect(fromZero.stderr).toContain("the calls file /dev/zero is a character device");
  const fromFolder = await finish(start(["run", "--calls", "calls.d"]));
  expect(fromFolder.code).toBe(2);
  expect(fromFolder.stderr).toContain("the calls file calls.d is a folder");
});

test("more calls than one run takes is a usage error before any runs, saying how many it takes", async () => {
  folder = createTemporaryFolder();
  const calls = join(folder.path, "many.json");
  writeFileSync(calls, JSON.stringify(Array.from({ length: MAX_CALLS + 1 }, () => ({ name: "LS", input: {} }))));
  const run = await finish(start(["run", "--calls", calls]));
  expect(run.code).toBe(2);
  expect(run.stderr).toContain(`are ${MAX_CALLS + 1}; one run takes at most ${MAX_CALLS}. Split them over several runs.`);
  expect(run.stdout).toBe("");
});

test("SIGTERM during run --calls --json prints the calls that finished, then exits 143", async () => {
  folder = createTemporaryFolder();
  const started = join(folder.path, "started");
  const calls = [
    { name: "Write", input: { file_path: join(folder.path, "a.txt"), content: "a\n" } },
    { name: "Bash", input: { command: `touch ${started}; sleep 30` } },
    { name: "Read", input: { file_path: join(folder.path, "a.txt") } },
  ];
  writeFileSync(join(folder.path, "calls.json"), JSON.stringify(calls));
  const child = start(["run", "--calls", "calls.json", "--json", "--permission-mode", "bypassPermissions"]);
  expect(await eventually(() => existsSync(started), 10_000)).toBe(true);
  child.kill("SIGTERM");
  const result = await finish(child);
  expect(result.code).toBe(143);
  const blocks = JSON.parse(result.stdout) as Array<{ tool_use_id: string; content: string; is_error?: boolean }>;
  expect(blocks.map((block) => block.tool_use_id)).toEqual(["toolu_cli_1", "toolu_cli_2"]);
  expect(blocks[0]?.content).toStartWith("Created");
  expect(blocks[1]?.is_error).toBe(true);
  expect(blocks[1]?.content).toContain("Interrupted");
});

test("SIGTERM during run <Tool> prints the interrupted result and exits 143", async () => {
  folder = createTemporaryFolder();
  const started = join(folder.path, "started");
  const child = start(["run", "Bash", JSON.stringify({ command: `touch ${started}; sleep 30` }), "--json", "--permission-mode", "bypassPermissions"]);
  expect(await eventually(() => existsSync(started), 10_000)).toBe(true);
  child.kill("SIGTERM");
  const result = await finish(child);
  expect(result.code).toBe(143);
  expect(JSON.parse(result.stdout).is_error).toBe(true);
});
