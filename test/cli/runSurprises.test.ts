/**
 * `toolshed run` as people meet it, as a real process in a temporary folder: a failing command is
 * an error (exit 1), one run is one session (and says so when that is why a call failed or a
 * task ends), the session flags take every spelling the leading agent's users type, and output
 * toolshed saves for the model can be read back.
 */
import { afterEach, describe, expect, test } from "bun:test";
import { mkdirSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { createTemporaryFolder, type TemporaryFolder } from "../helpers/temporaryFolder.ts";

const MAIN = resolve(import.meta.dir, "../../src/main.ts");
let folder: TemporaryFolder | undefined;
afterEach(() => {
  folder?.remove();
  folder = undefined;
});

async function toolshed(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  folder ??= createTemporaryFolder("toolshed-run-");
  const child = Bun.spawn([process.execPath, MAIN, ...args], {
    cwd: folder.path,
    stdin: "ignore",
    stdout: "pipe",
    stderr: "pipe",
    env: { ...process.env, TOOLSHED_CONFIG_DIR: join(folder.path, ".config-home"), TOOLSHED_MANAGED_SETTINGS: join(folder.path, "managed.json"), TOOLSHED_SESSION_DIR: join(folder.path, ".session") },
  });
  const [stdout, stderr, code] = await Promise.all([new Response(child.stdout).text(), new Response(child.stderr).text(), child.exited]);
  return { code, stdout, stderr };
}

describe("a failing command is an error", () => {
  test("run Bash with a non-zero exit: is_error and exit 1 (was exit 0)", async () => {
    const failed = await toolshed("run", "Bash", '{"command": "echo out; exit 3"}', "--allowedTools", "Bash", "--json");
    expect(failed.code).toBe(1);
    const block = JSON.parse(failed.stdout);
    expect(block.is_error).toBe(true);
    expect(block.content).toContain("Exit code 3");
    const ok = await toolshed("run", "Bash", '{"command": "echo fine"}', "--allowedTools", "Bash");
    expect({ code: ok.code, stdout: ok.stdout }).toEqual({ code: 0, stdout: "fine\n" });
  });
});

describe("one run is one session, and says so", () => {
  test("run Edit alone points to --calls", async () => {
    folder = createTemporaryFolder("toolshed-run-");
    const file = join(folder.path, "a.txt");
    writeFileSync(file, "hello\n");
    const result = await toolshed("run", "Edit", JSON.stringify({ file_path: file, old_string: "hello", new_string: "bye" }), "--allowedTools", "Edit");
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("has not been read in this session");
    expect(result.stderr).toContain('toolshed: note: each "toolshed run" is a session of its own');
    expect(result.stderr).toContain('"toolshed run --calls <file>"');
  });

  test("a background task started by one run says it ends with the run", async () => {
    const result = await toolshed("run", "Bash", '{"command": "sleep 5", "run_in_background": true}', "--allowedTools", "Bash");
    expect(result.code).toBe(0);
    expect(result.stdout).toContain("Started background task");
    expect(result.stderr).toContain("toolshed: note: the background task bash_1 ends now, with this run");
  });

  test("a plain failure gets no note", async () => {
    const result = await toolshed("run", "Read", JSON.stringify({ file_path: "/nonexistent-toolshed/x" }), "--allowedTools", "Read");
    expect(result.code).toBe(1);
    expect(result.stderr).not.toContain("note:");
  });
});

test("a settings problem is reported on stderr once per run, with file, line and the nearest spelling", async () => {
  folder = createTemporaryFolder("toolshed-run-");
  mkdirSync(join(folder.path, ".toolshed"));
  writeFileSync(join(folder.path, ".toolshed", "settings.json"), '{\n  "permisions": {"deny": ["Read(.env)"]}\n}\n');
  const result = await toolshed("run", "Bash", '{"command": "ls"}');
  expect(result.code).toBe(0);
  const warning = `toolshed: warning: ${join(folder.path, ".toolshed", "settings.json")}:2:3: "permisions" is not a toolshed setting; did you mean "permissions"?`;
  expect(result.stderr.split(warning).length - 1).toBe(1);
});

describe("session flags in every spelling (done before; checked here)", () => {
  test("--allowedTools and --allowed-tools take several values and comma lists", async () => {
    folder = createTemporaryFolder("toolshed-run-");
    for (const flags of [["--allowedTools", "Read", "Bash(touch *)"], ["--allowed-tools", "Read,Bash(touch *)"], ["--allowedTools", "Read", "--allowedTools", "Bash(touch *)"]]) {
      const listed = JSON.parse((await toolshed("permissions", "list", "--json", ...flags)).stdout);
      expect(listed.rules.filter((rule: { source: string }) => rule.source === "cliArg").map((rule: { rule: string }) => rule.rule)).toEqual(["Read", "Bash(touch *)"]);
    }
  });

  test("--disallowedTools and --disallowed-tools deny; --dangerously-skip-permissions is bypassPermissions", async () => {
    const denied = await toolshed("permissions", "check", "Bash", '{"command": "ls"}', "--disallowed-tools", "Bash(ls *)");
    expect(denied.code).toBe(1);
    expect((await toolshed("permissions", "check", "Bash", '{"command": "ls"}', "--disallowedTools", "Bash")).code).toBe(1);
    const bypass = JSON.parse((await toolshed("permissions", "list", "--json", "--dangerously-skip-permissions")).stdout);
    expect(bypass.mode).toBe("bypassPermissions");
    const conflict = await toolshed("permissions", "list", "--dangerously-skip-permissions", "--permission-mode", "plan");
    expect(conflict.code).toBe(2);
  });
});

test("a large result saved for the model can be read back by Read, Grep and Bash reads without asking (was asked, then refused)", async () => {
  folder = createTemporaryFolder("toolshed-run-");
  const sessions = createTemporaryFolder("toolshed-sessions-");
  try {
    writeFileSync(join(folder.path, "big.txt"), `${"needle ".repeat(20)}\n`.repeat(400));
    // The session keeps its files outside the working folder, as it does by default (<config>/sessions/<id>).
    const saved = join(sessions.path, "tool-results", "toolu_cli_1.txt");
    const calls = [
      { name: "Grep", input: { pattern: "needle", output_mode: "content" } },
      { name: "Read", input: { file_path: saved, limit: 2 } },
      { name: "Grep", input: { pattern: "needle", path: saved, output_mode: "count" } },
      { name: "Bash", input: { command: `head -c 20 ${saved}` } },
      { name: "Write", input: { file_path: saved, content: "x" } },
    ];
    writeFileSync(join(folder.path, "calls.json"), JSON.stringify(calls));
    const child = Bun.spawn([process.execPath, MAIN, "run", "--calls", "calls.json", "--json"], {
      cwd: folder.path, stdin: "ignore", stdout: "pipe", stderr: "pipe",
      env: { ...process.env, TOOLSHED_CONFIG_DIR: join(folder.path, ".config-home"), TOOLSHED_MANAGED_SETTINGS: join(folder.path, "managed.json"), TOOLSHED_SESSION_DIR: sessions.path },
    });
    const [stdout, code] = await Promise.all([new Response(child.stdout).text(), child.exited]);
    const results = JSON.parse(stdout) as { content: string; is_error?: boolean }[];
    expect(String(results[0]?.content)).toContain(saved);
    expect(results.slice(1, 4).map((result) => result.is_error ?? false)).toEqual([false, false, false]);
    // Writing there is judged as anywhere else: refused without a person to ask.
    expect(results[4]?.is_error).toBe(true);
    expect(code).toBe(1);
  } finally {
    sessions.remove();
  }
});
