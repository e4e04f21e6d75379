/** The `hooks` settings key: checked entry by entry, gated by trust for project files, and used by the CLI. */
import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { runCli } from "../../src/cli/runCli.ts";
import { readHookSettings } from "../../src/hooks/readHookSettings.ts";
import { loadSettings } from "../../src/settings/loadSettings.ts";
import { trustFolder } from "../../src/settings/trustStore.ts";
import { captureStreams } from "../helpers/cliStreams.ts";
import { createSettingsSandbox, type SettingsSandbox } from "../helpers/settingsSandbox.ts";
import type { TemporaryFolder } from "../helpers/temporaryFolder.ts";
import { writeHookScript } from "./hookHelpers.ts";

let sandbox: SettingsSandbox;
let root: TemporaryFolder;
let project: string;

beforeEach(() => {
  sandbox = createSettingsSandbox("toolshed-hook-settings-", { chdir: true });
  ({ root, project } = sandbox);
  mkdirSync(join(project, ".toolshed"));
});
afterEach(() => sandbox.restore());

async function cli(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const streams = captureStreams({ stdinIsTTY: true });
  const code = await runCli(args, streams);
  return { code, stdout: streams.out(), stderr: streams.err() };
}

const hooksFor = (command: string, matcher = "Bash") => ({ PreToolUse: [{ matcher, hooks: [{ type: "command", command }] }] });

describe("checking the hooks key", () => {
  test("each malformed entry is a warning with the file and what is wrong; good entries stay", () => {
    const { hooks, warnings } = readHookSettings({
      PreToolUse: [
        { matcher: "Bash", hooks: [{ type: "command", command: "./ok.sh", timeout: 5 }, { type: "prompt", prompt: "x" }, { type: "command", command: "" }, { type: "command", command: "./t.sh", timeout: -1 }] },
        { matcher: "(", hooks: [{ type: "command", command: "./never.sh" }] },
        { matcher: "Write" },
        "not an object",
      ],
      PostToolBatch: [],
    }, "projectSettings", "/p/.toolshed/settings.json");
    expect(hooks).toEqual([{ event: "PreToolUse", matcher: "Bash", command: "./ok.sh", timeoutSeconds: 5, source: "projectSettings", where: "/p/.toolshed/settings.json" }]);
    expect(warnings).toHaveLength(7);
    for (const warning of warnings) expect(warning).toStartWith("/p/.toolshed/settings.json: hooks.");
    expect(warnings.join("\n")).toContain('hooks.PreToolUse[0].hooks[1]: type: only "command" hooks are supported');
    expect(warnings.join("\n")).toContain("hooks.PreToolUse[0].hooks[2]: command: the command is empty");
    expect(warnings.join("\n")).toContain("hooks.PreToolUse[0].hooks[3]: timeout: the timeout must be a positive number of seconds");
    expect(warnings.join("\n")).toContain('hooks.PreToolUse[1]: the matcher "(" is not a valid regular expression');
    expect(warnings.join("\n")).toContain("hooks.PreToolUse[2]: hooks:");
    expect(warnings.join("\n")).toContain(
      "hooks.PostToolBatch: toolshed runs only PreToolUse, PostToolUse, UserPromptSubmit, Stop, SubagentStop, SessionStart, SessionEnd, PreCompact and Notification hooks; these are ignored",
    );
  });

  test("a hooks key that is not an object is one warning; the default timeout is 60 s", () => {
    expect(readHookSettings(["x"], "userSettings", "u.json").warnings[0]).toContain("u.json: hooks: must be an object");
    expect(readHookSettings(hooksFor("./a.sh"), "userSettings", "u.json").hooks[0]?.timeoutSeconds).toBe(60);
  });

  test("a malformed hook entry does not drop the file's rules or crash the session", () => {
    writeFileSync(join(project, ".toolshed", "settings.json"), JSON.stringify({ permissions: { deny: ["Bash(curl *)"] }, hooks: { PreToolUse: [{ matcher: 5 }] } }));
    const loaded = loadSettings({ cwd: project, trusted: true });
    expect(loaded.permissionContext.rules.map((rule) => rule.ruleContent)).toEqual(["curl *"]);
    expect(loaded.warnings.join("\n")).toContain(`${join(project, ".toolshed", "settings.json")}: hooks.PreToolUse[0]: matcher:`);
  });
});

describe("trust", () => {
  test("project and local hooks run only in a trusted folder; user hooks always run", () => {
    writeFileSync(join(project, ".toolshed", "settings.json"), JSON.stringify({ hooks: hooksFor("./project.sh") }));
    writeFileSync(join(project, ".toolshed", "settings.local.json"), JSON.stringify({ hooks: hooksFor("./local.sh") }));
    mkdirSync(join(root.path, "user"));
    writeFileSync(join(root.path, "user", "settings.json"), JSON.stringify({ hooks: hooksFor("./user.sh") }));
    const untrusted = loadSettings({ cwd: project });
    expect(untrusted.hooks.map((hook) => hook.command)).toEqual(["./user.sh"]);
    expect(untrusted.skippedUntrusted).toEqual([
      `PreToolUse hook "./local.sh" (matcher "Bash") from ${join(project, ".toolshed", "settings.local.json")}`,
      `PreToolUse hook "./project.sh" (matcher "Bash") from ${join(project, ".toolshed", "settings.json")}`,
    ]);
    trustFolder(project);
    const trusted = loadSettings({ cwd: project });
    expect(trusted.hooks.map((hook) => hook.command)).toEqual(["./local.sh", "./project.sh", "./user.sh"]);
    expect(trusted.skippedUntrusted).toEqual([]);
  });

  test("a non-interactive run skips an untrusted project's hook and says so; once trusted it runs", async () => {
    const marker = join(root.path, "hook-ran");
    const command = writeHookScript(root.path, "deny.sh", `touch ${JSON.stringify(marker)}\necho "the project forbids ls" >&2\nexit 2`);
    writeFileSync(join(project, ".toolshed", "settings.json"), JSON.stringify({ hooks: hooksFor(command) }));
    const skipped = await cli(["run", "Bash", '{"command": "ls"}']);
    expect(skipped.code).toBe(0);
    expect(skipped.stderr).toContain("this folder is not trusted, so these project settings were skipped");
    expect(skipped.stderr).toContain(`PreToolUse hook "${command}"`);
    expect(existsSync(marker)).toBe(false);
    trustFolder(project);
    const ran = await cli(["run", "Bash", '{"command": "ls"}']);
    expect(ran.code).toBe(1);
    expect(ran.stderr).toContain("the project forbids ls");
    expect(existsSync(marker)).toBe(true);
  });
});

describe("the CLI", () => {
  test("run refuses what a --settings hook denies, and does not run the tool", async () => {
    const command = writeHookScript(root.path, "deny.sh", `echo "no files today" >&2\nexit 2`);
    const result = await cli(["run", "Bash", '{"command": "touch made.txt"}', "--allowedTools", "Bash(touch *)", "--settings", JSON.stringify({ hooks: hooksFor(command, "Bash|Write") })]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("no files today");
    expect(existsSync(join(project, "made.txt"))).toBe(false);
  });

  test("run lets a hook's allow through where the default would ask", async () => {
    const command = writeHookScript(root.path, "allow.sh", `echo '{"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "allow"}}'`);
    const result = await cli(["run", "Bash", '{"command": "touch made.txt"}', "--settings", JSON.stringify({ hooks: hooksFor(command, "*") })]);
    expect(result.code).toBe(0);
    expect(existsSync(join(project, "made.txt"))).toBe(true);
  });

  test("permissions check runs hooks and shows the hook in reason, rule and source; failures warn on stderr", async () => {
    const deny = writeHookScript(root.path, "deny.sh", `echo "blocked by policy" >&2\nexit 2`);
    const denied = await cli(["permissions", "check", "Bash", '{"command": "ls"}', "--json", "--settings", JSON.stringify({ hooks: hooksFor(deny) })]);
    expect(JSON.parse(denied.stdout)).toMatchObject({ decision: "deny", rule: `PreToolUse hook "${deny}"`, source: "cliArg" });
    expect(JSON.parse(denied.stdout).reason).toContain("blocked by policy");
    const failed = await cli(["permissions", "check", "Bash", '{"command": "touch x"}', "--json", "--settings", JSON.stringify({ hooks: hooksFor("exit 5") })]);
    expect(JSON.parse(failed.stdout).decision).toBe("ask");
    expect(failed.stderr).toContain('toolshed: warning: the PreToolUse hook "exit 5" (--settings) failed with exit code 5');
  });
});
