/**
 * Commands whose analysis once grew without bound (found by fuzzing): a chain of relative `cd`s
 * doubled the folders followed, nested `find -exec` doubled the commands found, a long path
 * outside the project was compared tail by tail with a bare-name deny rule, a very long command
 * was parsed (in time that grows with its square) and cut into millions of rough words. Each is decided in a
 * child process with a time limit, so a regression fails this test instead of stalling the run.
 */
import { expect, test } from "bun:test";
import { join } from "node:path";

const HARNESS = join(import.meta.dir, "harness.ts");

type Case = [name: string, command: string, expected: "allow" | "ask" | "deny"];

const segments = (count: number) => Array.from({ length: count }, (_, index) => `/${index.toString(36)}`).join("");

const CASES: Case[] = [
  ["18 relative cd's in a row", `${"cd a; ".repeat(18)}cat x`, "ask"],
  ["a relative cd with .. on 14 lines", `${"cd a/../b\n".repeat(14)}ls`, "ask"],
  ["find -exec nested 20 deep", `${"find . -exec ".repeat(20)}ls${" {} +".repeat(20)}`, "ask"],
  ["a 2,700-folder path outside the project under Read(.env)", `cat ${segments(2700)}`, "ask"],
  ["a 2,000-folder path ending in .env", `cat ${segments(2000)}/.env`, "deny"],
  ["a denied command after the long path", `cat ${segments(1000)}; rm x`, "deny"],
  ["50,000 words (over the length toolshed parses)", `echo ${"a ".repeat(50_000)}`, "ask"],
  ["40,000 closing parentheses", ")".repeat(40_000), "ask"],
  ["10,000 closing parentheses (the longest command parsed)", ")".repeat(10_000), "ask"],
  ["a denied command before 9,000 closing parentheses", `rm x; ${")".repeat(9_000)}`, "deny"],
  ["4,200 nested $( with a denied command inside", `${"$(".repeat(4200)}rm x${")".repeat(4200)}`, "deny"],
  // The rough check of a command the parser gave up on: a rule's end past 64 words, a cd before a read.
  ["a rule's end 70 words on, then a slow tail", `command git push origin ${"a ".repeat(70)}--force\n${")".repeat(6000)}`, "deny"],
  ["a rule's end 70 words on, over the limit", `command git push origin ${"a ".repeat(70)}--force\n# ${"#".repeat(10_100)}`, "deny"],
  ["cd .. and a read below the project, then a slow tail", `cd .. && cat project/secrets/key\n${")".repeat(6000)}`, "deny"],
  ["cd .. and a read below the project, over the limit", `cd .. && cat project/secrets/key\n# ${"#".repeat(10_100)}`, "deny"],
];

test("each is decided within seconds", () => {
  const script = `
const { Bash, createPlayground, decideFor } = await import(${JSON.stringify(HARNESS)});
const playground = createPlayground();
const decisions = [];
for (const command of JSON.parse(await Bun.stdin.text())) {
  const decision = await decideFor({ tool: Bash, input: { command }, rules: { deny: ["Bash(rm *)", "Read(.env)", "Bash(git push * --force)", "Read(secrets/**)"] }, cwd: playground.project });
  decisions.push(decision.decision);
}
playground.remove();
console.log(JSON.stringify(decisions));`;
  const commands = Buffer.from(JSON.stringify(CASES.map(([, command]) => command)));
  const run = Bun.spawnSync([process.execPath, "-e", script], { stdin: commands, stdout: "pipe", stderr: "pipe", timeout: 20_000 });
  expect({ exitCode: run.exitCode, stderr: run.stderr.toString().slice(0, 2000) }).toEqual({ exitCode: 0, stderr: "" });
  const decisions = JSON.parse(run.stdout.toString()) as string[];
  expect(Object.fromEntries(CASES.map(([name], index) => [name, decisions[index]]))).toEqual(Object.fromEntries(CASES.map(([name, , expected]) => [name, expected])));
});
