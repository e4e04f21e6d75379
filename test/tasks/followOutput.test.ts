/** Following a command's output file: new lines as they come, bounded however much is written. */
import { afterEach, expect, test } from "bun:test";
import { appendFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { FOLLOW_MAX_LINES, followOutput } from "../../src/tasks/followOutput.ts";
import { createTemporaryFolder, type TemporaryFolder } from "../helpers/temporaryFolder.ts";
import { eventually } from "./processAlive.ts";

let folder: TemporaryFolder | undefined;
afterEach(() => {
  folder?.remove();
  folder = undefined;
});

test("complete lines are reported as they are written; the unfinished one waits", async () => {
  folder = createTemporaryFolder();
  const path = join(folder.path, "out.log");
  const lines: string[] = [];
  const follower = followOutput(path, (line) => lines.push(line));
  try {
    writeFileSync(path, "one\ntw");
    expect(await eventually(() => lines.length === 1, 3000)).toBe(true);
    appendFileSync(path, "o\r\nthree\n");
    expect(await eventually(() => lines.length === 3, 3000)).toBe(true);
    expect(lines).toEqual(["one", "two", "three"]);
  } finally {
    follower.stop();
  }
});

test("a flood of output is reported as its last few lines only", async () => {
  folder = createTemporaryFolder();
  const path = join(folder.path, "flood.log");
  const lines: string[] = [];
  writeFileSync(path, Array.from({ length: 100_000 }, (_, index) => `line ${index}`).join("\n") + "\n");
  const follower = followOutput(path, (line) => lines.push(line));
  try {
    expect(await eventually(() => lines.length > 0, 3000)).toBe(true);
    expect(lines.length).toBeLessThanOrEqual(FOLLOW_MAX_LINES);
    expect(lines.at(-1)).toBe("line 99999");
  } finally {
    follower.stop();
  }
});
