/** The real entry point, as a process: exit codes and --version. */
import { describe, expect, test } from "bun:test";
import { join } from "node:path";

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
