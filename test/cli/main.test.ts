/** The real entry point, as a process: exit codes and --version. */
import { describe, expect, test } from "bun:test";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { createTemporaryFolder } from "../helpers/temporaryFolder.ts";

const main = join(import.meta.dir, "..", "..", "src", "main.ts");

function toolshed(...args: string[]) {
  const result = Bun.spawnSync([process.execPath, main, ...args], { stdin: "ignore", env: { ...process.env, TOOLSHED_SESSION_DIR: "/tmp/toolshed-test-session" } });
  return { code: result.exitCode, out: result.stdout.toString(), err: result.stderr.toString() };
}

describe("src/main.ts as a process", () => {
  test("--version prints one line and exits 0", () => {
    const { code, out } = toolshed("--version");
    expect(code).toBe(0);
    expect(out).toMatch(/^toolshed \S+ \(flavor dev; .*\)\n$/);
  });

  test("exit codes: 0 ok, 1 tool error, 2 usage", () => {
    expect(toolshed("run", "Read", JSON.stringify({ file_path: main, limit: 1 })).code).toBe(0);
    expect(toolshed("run", "Read", JSON.stringify({ file_path: `${main}.missing` })).code).toBe(1);
    const usage = toolshed("bogus");
    expect(usage.code).toBe(2);
    expect(usage.err).not.toContain("    at "); // a message, not a stack trace
  });
});

describe("src/main.ts as a demanding user meets it", () => {
  test("help --help and help help show the main help", () => {
    for (const args of [["help", "--help"], ["help", "help"], ["help", "-h"]]) {
      const { code, out } = toolshed(...args);
      expect(code).toBe(0);
      expect(out).toContain("Commands:");
    }
  });

  test("run with a tool name that does not exist is bad usage (2) and lists the tools", () => {
    const { code, err } = toolshed("run", "Nope", "{}");
    expect(code).toBe(2);
    expect(err).toContain('no tool named "Nope". The available tools are: ');
    expect(err).toContain("Read");
  });

  test("Ctrl-C during a call stops it: exit 130, an Interrupted message, no stack", async () => {
    const folder = createTemporaryFolder();
    const marker = join(folder.path, "started");
    const child = Bun.spawn(
      [process.execPath, main, "run", "Bash", JSON.stringify({ command: `touch ${marker}; sleep 30` }), "--allowedTools", "Bash"],
      { cwd: folder.path, stdin: "ignore", stdout: "pipe", stderr: "pipe", env: { ...process.env, TOOLSHED_SESSION_DIR: join(folder.path, "session") } },
    );
    const deadline = Date.now() + 20_000;
    while (!existsSync(marker) && Date.now() < deadline) await Bun.sleep(20); // polling a file, bounded
    expect(existsSync(marker)).toBe(true);
    child.kill("SIGINT");
    expect(await child.exited).toBe(130);
    const err = await new Response(child.stderr).text();
    expect(err).toContain("Interrupted");
    expect(err).not.toContain("    at ");
    folder.remove();
  });
});
