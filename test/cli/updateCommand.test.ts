/** `toolshed update` from source: there is no binary to replace, and it says what to do instead. */
import { expect, test } from "bun:test";
import { MAIN } from "../helpers/printRun.ts";

test("run from source, update says there is no binary to replace and how to update", () => {
  const env = { ...process.env };
  delete env.TOOLSHED_BUILD_FLAVOR;
  const ran = Bun.spawnSync([process.execPath, MAIN, "update"], { stdout: "pipe", stderr: "pipe", env });
  expect(ran.exitCode).toBe(1);
  expect(ran.stderr.toString()).toContain("toolshed update: this toolshed runs from source");
  expect(ran.stderr.toString()).toContain("git pull");
  const help = Bun.spawnSync([process.execPath, MAIN, "update", "--help"], { stdout: "pipe" });
  expect(help.stdout.toString()).toStartWith("Usage: toolshed update [--check] [--force] [--from <url or folder>]");
});
