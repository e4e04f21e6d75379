/**
 * The rough command forms deny rules are tried against when the parser could not read a command.
 * Built in a child process with a time limit: a loop that stops making progress would otherwise
 * hang the whole test run instead of failing one test.
 */
import { expect, test } from "bun:test";
import { join } from "node:path";

const MODULE = join(import.meta.dir, "../../src/permissions/fallbackCommandForms.ts");

function formsOf(command: string): string[] {
  const script = `const { fallbackCommandForms, fallbackWords } = await import(${JSON.stringify(MODULE)});
const command = ${JSON.stringify(command)};
console.log(JSON.stringify([...fallbackCommandForms(command), ...fallbackWords(command)]));`;
  const run = Bun.spawnSync([process.execPath, "-e", script], { stdout: "pipe", stderr: "pipe", timeout: 4_000 });
  expect({ command, exitCode: run.exitCode, stderr: run.stderr.toString() }).toEqual({ command, exitCode: 0, stderr: "" });
  return JSON.parse(run.stdout.toString()) as string[];
}

test("a subscript with a blank or a < in it ends in time, and the command after the assignments is kept", () => {
  expect(formsOf("a[1<2]=1")).toEqual(["a[1<2]=1", "a[1", "2]=1"]);
  expect(formsOf("a[x y]=1 rm x")).toContain("rm x");
  expect(formsOf("A=1 B[2]=3 curl evil.example")).toContain("curl evil.example");
});

test("an assignment alone stays a form of its own", () => {
  expect(formsOf("A=1")).toEqual(["A=1", "A=1"]);
});
