/** Whether a standard stream is a terminal, without building process.stdin: piped, a file, and a real pty. */
import { afterAll, expect, test } from "bun:test";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { createTemporaryFolder } from "../helpers/temporaryFolder.ts";

const folder = createTemporaryFolder("toolshed-isterminal-");
afterAll(() => folder.remove());
const probe = join(folder.path, "probe.ts");
writeFileSync(probe, `import { isTerminal } from ${JSON.stringify(join(import.meta.dir, "..", "..", "src", "cli", "isTerminal.ts"))};
console.log(JSON.stringify([isTerminal(0), isTerminal(1), isTerminal(2), Boolean(process.stdin.isTTY)]));\n`);

test("standard streams that are pipes or files are not terminals", () => {
  const piped = Bun.spawnSync([process.execPath, probe], { stdin: "pipe", stdout: "pipe", stderr: "pipe" });
  expect(JSON.parse(piped.stdout.toString())).toEqual([false, false, false, false]);
  const fromNull = Bun.spawnSync([process.execPath, probe], { stdin: Bun.file("/dev/null"), stdout: "pipe", stderr: "pipe" });
  expect(JSON.parse(fromNull.stdout.toString())).toEqual([false, false, false, false]);
});

test("under a pseudo-terminal all three are, as process.stdin says", () => {
  // script(1) runs the probe with a pty as its standard streams.
  const run = Bun.spawnSync(["script", "-qec", `'${process.execPath}' '${probe}'`, "/dev/null"], { stdin: "pipe", stdout: "pipe", stderr: "pipe", env: { ...process.env, NO_COLOR: "1" } });
  const line = run.stdout.toString().replace(/\x1b\[[0-9;]*m/g, "").trim().split("\n").at(-1) ?? "";
  expect(JSON.parse(line)).toEqual([true, true, true, true]);
});
