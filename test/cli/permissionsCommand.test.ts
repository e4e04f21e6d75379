/** `toolshed permissions check|list`, `toolshed trust`, and `toolshed run` refusing what rules deny. */
import { afterEach, beforeEach, expect, test } from "bun:test";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { runCli } from "../../src/cli/runCli.ts";
import { captureStreams } from "../helpers/cliStreams.ts";
import { createSettingsSandbox, type SettingsSandbox } from "../helpers/settingsSandbox.ts";
import type { TemporaryFolder } from "../helpers/temporaryFolder.ts";

let sandbox: SettingsSandbox;
let root: TemporaryFolder;
let project: string;

beforeEach(() => {
  sandbox = createSettingsSandbox("toolshed-cli-perm-", { chdir: true });
  ({ root, project } = sandbox);
});
afterEach(() => sandbox.restore());

async function cli(args: string[], stdin = ""): Promise<{ code: number; stdout: string; stderr: string }> {
  const streams = captureStreams({ stdin, stdinIsTTY: false });
  const code = await runCli(args, streams);
  return { code, stdout: streams.out(), stderr: streams.err() };
}

test("check --json gives the decision, reason, rule, source and parts", async () => {
  const result = await cli(["permissions", "check", "Bash", '{"command": "ls | rm -rf x"}', "--json", "--disallowedTools", "Bash(rm *)"]);
  expect(result.code).toBe(1);
  const answer = JSON.parse(result.stdout);
  expect(answer).toMatchObject({ decision: "deny", rule: "Bash(rm *)", source: "cliArg" });
  expect(answer.parts.map((part: { command: string; decision: string }) => [part.command, part.decision])).toContainEqual(["rm -rf x", "deny"]);
});

test("check reads the input from standard input with -", async () => {
  const result = await cli(["permissions", "check", "Bash", "-", "--json"], '{"command": "git status"}');
  expect(JSON.parse(result.stdout).decision).toBe("allow");
});

test("check answers for a tool a whole-tool deny removed from the pool", async () => {
  const result = await cli(["permissions", "check", "Read", JSON.stringify({ file_path: join(project, "a") }), "--disallowedTools", "Read"]);
  expect(result.stdout).toStartWith("deny: Read denies Read");
});

test("check names the rule that would allow an ask", async () => {
  const result = await cli(["permissions", "check", "Bash", '{"command": "npm install && git status"}']);
  expect(result.stdout).toContain('to allow it, add to permissions.allow: "Bash(npm install)"');
});

test("bad input is a usage error, not a stack trace", async () => {
  const unknown = await cli(["permissions", "check", "Nope", "{}"]);
  expect(unknown.code).toBe(2);
  expect(unknown.stderr).toContain('there is no tool named "Nope"');
  const badJson = await cli(["permissions", "check", "Bash", "{nope"]);
  expect(badJson.code).toBe(2);
  const badShape = await cli(["permissions", "check", "Bash", '{"cmd": "ls"}']);
  expect(badShape.code).toBe(2);
  expect(badShape.stderr).toContain("the input does not fit Bash");
  const badMode = await cli(["permissions", "list", "--permission-mode", "yolo"]);
  expect(badMode.stderr).toContain("is not a mode");
});

test("list shows rules with their sources and the project rules skipped without trust", async () => {
  mkdirSync(join(project, ".toolshed"));
  writeFileSync(join(project, ".toolshed", "settings.json"), JSON.stringify({ permissions: { allow: ["Bash(make *)"], deny: ["Read(.env)"] } }));
  const before = await cli(["permissions", "list", "--allowedTools", "Glob"]);
  expect(before.stdout).toContain(`  Read(.env)  (projectSettings, ${join(project, ".toolshed", "settings.json")}:1:50)`);
  expect(before.stdout).toContain("  Glob  (cliArg, the command line)");
  expect(before.stdout).toContain('skipped (folder not trusted): allow rule "Bash(make *)"');
  expect((await cli(["trust"])).stdout).toStartWith("Trusted ");
  const after = await cli(["permissions", "list", "--json"]);
  expect(JSON.parse(after.stdout).rules).toContainEqual({ behavior: "allow", rule: "Bash(make *)", source: "projectSettings", where: `${join(project, ".toolshed", "settings.json")}:1:26` });
  expect((await cli(["trust", "--revoke"])).stdout).toContain("is no longer trusted");
});

test("run refuses what the rules deny, and says which rule; nothing runs", async () => {
  writeFileSync(join(project, "keep.txt"), "k");
  const result = await cli(["run", "Bash", '{"command": "true && rm -f keep.txt"}', "--disallowedTools", "Bash(rm *)"]);
  expect(result.code).toBe(1);
  expect(result.stderr).toContain("Bash(rm *) denies rm -f keep.txt");
  expect(existsSync(join(project, "keep.txt"))).toBe(true);
});

test("a non-interactive run warns about skipped project allow rules and denies with the rule to add", async () => {
  mkdirSync(join(project, ".toolshed"));
  writeFileSync(join(project, ".toolshed", "settings.json"), JSON.stringify({ permissions: { allow: ["Bash(touch *)"] } }));
  const result = await cli(["run", "Bash", '{"command": "touch made.txt"}']);
  expect(result.code).toBe(1);
  expect(result.stderr).toContain("this folder is not trusted, so these project settings were skipped");
  expect(result.stderr).toContain('add "Bash(touch made.txt)"');
  expect(existsSync(join(project, "made.txt"))).toBe(false);
});

test("a malformed managed settings file stops the session with its position", async () => {
  writeFileSync(join(root.path, "managed.json"), '{"permissions": }');
  const result = await cli(["permissions", "list"]);
  expect(result.code).toBe(2);
  expect(result.stderr).toContain("managed.json:1:17: invalid JSON: a value was expected");
});

test("list shows the hooks with their events and sources; check --json carries hook warnings", async () => {
  const settings = JSON.stringify({ hooks: { PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: "exit 7", timeout: 5 }] }] } });
  const text = await cli(["permissions", "list", "--settings", settings]);
  expect(text.stdout).toContain("hooks:\n  PreToolUse Bash: exit 7  (cliArg, timeout 5 s)");
  const json = JSON.parse((await cli(["permissions", "list", "--json", "--settings", settings])).stdout);
  expect(json.hooks).toEqual([{ event: "PreToolUse", matcher: "Bash", command: "exit 7", timeoutSeconds: 5, source: "cliArg", where: expect.any(String) }]);
  const checked = JSON.parse((await cli(["permissions", "check", "Bash", '{"command": "ls"}', "--json", "--settings", settings])).stdout);
  expect(checked.warnings.join("\n")).toContain("exit 7");
  expect(checked.decision).toBe("allow");
});

test("check exits 0 on allow, 1 on deny, 3 on ask (2 stays bad usage)", async () => {
  expect((await cli(["permissions", "check", "Bash", '{"command": "ls"}'])).code).toBe(0);
  expect((await cli(["permissions", "check", "Bash", '{"command": "rm x"}', "--disallowedTools", "Bash(rm *)"])).code).toBe(1);
  expect((await cli(["permissions", "check", "Bash", '{"command": "touch x"}'])).code).toBe(3);
  expect((await cli(["permissions", "check", "Bash", '{"nope": 1}'])).code).toBe(2);
});

test("trust refuses a folder that does not exist, with a clear message", async () => {
  const missing = join(root.path, "no-such-folder");
  const result = await cli(["trust", missing]);
  expect(result.code).toBe(2);
  expect(result.stderr).toContain(`cannot trust ${missing}: it does not exist. Give an existing folder.`);
  writeFileSync(join(project, "file.txt"), "x");
  expect((await cli(["trust", join(project, "file.txt")])).stderr).toContain("it is not a folder");
});

test("list shows each warning with its file and line (and a repository's loosening mode as skipped)", async () => {
  mkdirSync(join(project, ".toolshed"));
  writeFileSync(join(project, ".toolshed", "settings.json"), '{\n  "permissions": {"defaultMode": "bypassPermissions", "deny": ["Raed(.env)"]}\n}');
  const listed = await cli(["permissions", "list"]);
  expect(listed.stdout).toContain("mode: default");
  expect(listed.stdout).toContain(`skipped (folder not trusted): defaultMode "bypassPermissions" from ${join(project, ".toolshed", "settings.json")}`);
  expect(listed.stdout).toContain(`warning: ${join(project, ".toolshed", "settings.json")}:2:64: the deny rule "Raed(.env)": no tool is named "Raed"; did you mean "Read"?`);
});
