/** Settings from all five sources: precedence, list merging, malformed files, trust. */
import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { formatRule } from "../../src/permissions/types.ts";
import { loadSettings, SettingsError } from "../../src/settings/loadSettings.ts";
import { sessionFlagsFromValues } from "../../src/settings/sessionFlags.ts";
import { isFolderTrusted, revokeFolder, trustFolder } from "../../src/settings/trustStore.ts";
import { createSettingsSandbox, type SettingsSandbox } from "../helpers/settingsSandbox.ts";
import type { TemporaryFolder } from "../helpers/temporaryFolder.ts";

let sandbox: SettingsSandbox;
let root: TemporaryFolder;
let project: string;

function write(path: string, value: unknown): void {
  mkdirSync(join(path, ".."), { recursive: true });
  writeFileSync(path, typeof value === "string" ? value : JSON.stringify(value, null, 2));
}

beforeEach(() => {
  sandbox = createSettingsSandbox("toolshed-settings-");
  ({ root, project } = sandbox);
});
afterEach(() => sandbox.restore());

const flags = (values: { [key: string]: unknown }) => sessionFlagsFromValues(values);
const rulesOf = (loaded: ReturnType<typeof loadSettings>) =>
  loaded.permissionContext.rules.map((rule) => `${rule.behavior} ${formatRule(rule)} ${rule.source}`);

describe("sources", () => {
  test("each of the five sources contributes rules with its name", () => {
    write(join(root.path, "managed.json"), { permissions: { deny: ["Bash(rm *)"] } });
    write(join(project, ".toolshed", "settings.local.json"), { permissions: { ask: ["Bash(git push *)"] } });
    write(join(project, ".toolshed", "settings.json"), { permissions: { deny: ["Read(.env)"] } });
    write(join(root.path, "user", "settings.json"), { permissions: { allow: ["Bash(ls *)"] } });
    const loaded = loadSettings({ cwd: project, flags: flags({ disallowedTools: ["Bash(curl *)"] }) });
    expect(rulesOf(loaded).sort()).toEqual([
      "ask Bash(git push *) localSettings",
      "deny Bash(curl *) cliArg",
      "deny Bash(rm *) managed",
      "deny Read(.env) projectSettings",
      "allow Bash(ls *) userSettings",
    ].sort());
  });

  test("lists merge across sources; scalars take the highest source", () => {
    write(join(root.path, "user", "settings.json"), { permissions: { defaultMode: "plan", allow: ["Read"] }, model: "user-model", env: { A: "user", B: "user" } });
    write(join(project, ".toolshed", "settings.json"), { permissions: { defaultMode: "acceptEdits", deny: ["Bash"] }, model: "project-model", env: { A: "project" } });
    const loaded = loadSettings({ cwd: project, trusted: true });
    expect(loaded.permissionContext.mode).toBe("acceptEdits");
    expect(loaded.settings.model).toBe("project-model");
    expect(loaded.settings.env).toEqual({ A: "project", B: "user" });
    expect((loaded.settings.permissions as { allow: string[]; deny: string[] })).toMatchObject({ allow: ["Read"], deny: ["Bash"] });
  });

  test("the command line beats local, project and user; managed beats the command line", () => {
    write(join(project, ".toolshed", "settings.json"), { permissions: { defaultMode: "plan" } });
    expect(loadSettings({ cwd: project, flags: flags({ "permission-mode": "dontAsk" }) }).permissionContext.mode).toBe("dontAsk");
    write(join(root.path, "managed.json"), { permissions: { defaultMode: "default" } });
    expect(loadSettings({ cwd: project, flags: flags({ "permission-mode": "bypassPermissions" }) }).permissionContext.mode).toBe("default");
  });

  test("--settings takes inline JSON or a file; --add-dir adds folders", () => {
    const file = join(root.path, "extra.json");
    write(file, { permissions: { deny: ["WebFetch"] } });
    mkdirSync(join(root.path, "other"));
    const fromFile = loadSettings({ cwd: project, flags: flags({ settings: file, "add-dir": ["../other"] }) });
    expect(rulesOf(fromFile)).toContain("deny WebFetch cliArg");
    expect(fromFile.permissionContext.additionalDirectories).toEqual([join(root.path, "other")]);
    const inline = loadSettings({ cwd: project, flags: flags({ settings: '{"permissions": {"ask": ["Edit"]}}' }) });
    expect(rulesOf(inline)).toContain("ask Edit cliArg");
  });

  test("--allowedTools splits on commas and spaces outside parentheses", () => {
    expect(flags({ allowedTools: ["Bash(npm test *),Read Edit(src/**)"] }).allowedTools).toEqual(["Bash(npm test *)", "Read", "Edit(src/**)"]);
  });

  test("TOOLSHED_CONFIG_DIR moves the user folder", () => {
    write(join(root.path, "elsewhere", "settings.json"), { permissions: { deny: ["Glob"] } });
    process.env.TOOLSHED_CONFIG_DIR = join(root.path, "elsewhere");
    expect(rulesOf(loadSettings({ cwd: project }))).toEqual(["deny Glob userSettings"]);
  });
});

describe("malformed files", () => {
  test("a malformed project file is skipped with file, line, column and reason", () => {
    const path = join(project, ".toolshed", "settings.json");
    write(path, '{\n  "permissions": {\n    "allow": ["Read",]\n  }\n}');
    const loaded = loadSettings({ cwd: project });
    expect(loaded.warnings[0]).toBe(`${path}:3:22: invalid JSON: a value was expected (this file is ignored)`);
  });

  test("a wrong shape names the key", () => {
    const path = join(root.path, "user", "settings.json");
    write(path, { permissions: { allow: "Bash" } });
    expect(loadSettings({ cwd: project }).warnings[0]).toStartWith(`${path}:3:14: "permissions.allow" must be a list of strings`);
  });

  test("a malformed managed file stops the session", () => {
    write(join(root.path, "managed.json"), "{ nope");
    expect(() => loadSettings({ cwd: project })).toThrow(SettingsError);
    expect(() => loadSettings({ cwd: project })).toThrow(/managed\.json:1:3: invalid JSON/);
  });

  test("a malformed or missing --settings stops the session", () => {
    expect(() => loadSettings({ cwd: project, flags: flags({ settings: '{"permissions": 3}' }) })).toThrow(/--settings:1:17: "permissions" must be an object/);
    expect(() => loadSettings({ cwd: project, flags: flags({ settings: "missing.json" }) })).toThrow(/does not exist/);
  });

  test("a bad mode on the command line is a usage error listing the modes", () => {
    expect(() => flags({ "permission-mode": "yolo" })).toThrow(/default, acceptEdits, plan, dontAsk, bypassPermissions/);
  });

  test("ignored rules say why", () => {
    write(join(root.path, "user", "settings.json"), { permissions: { allow: ["mcp__*", "Bash*", "Write(file_path:/x)", "Bash(ls"], deny: ["mcp__*"] } });
    const loaded = loadSettings({ cwd: project });
    expect(loaded.warnings).toHaveLength(4);
    expect(loaded.warnings.join("\n")).toContain("allow rules may not use globs in the tool name");
    expect(loaded.warnings.join("\n")).toContain("parameter matchers may be used only on deny and ask rules");
    expect(loaded.warnings.join("\n")).toContain("the specifier must end with )");
    expect(rulesOf(loaded)).toEqual(["deny mcp__* userSettings"]);
  });
});

describe("trust", () => {
  test("project and local allow rules and folders wait for trust; deny and ask apply at once", () => {
    write(join(project, ".toolshed", "settings.json"), { permissions: { allow: ["Bash"], deny: ["Read(.env)"], additionalDirectories: ["../opt"] } });
    write(join(project, ".toolshed", "settings.local.json"), { permissions: { allow: ["Edit"], ask: ["Bash(git *)"] } });
    const untrusted = loadSettings({ cwd: project });
    expect(untrusted.trusted).toBe(false);
    expect(rulesOf(untrusted).sort()).toEqual(["ask Bash(git *) localSettings", "deny Read(.env) projectSettings"]);
    expect(untrusted.permissionContext.additionalDirectories).toEqual([]);
    expect(untrusted.skippedUntrusted).toHaveLength(3);
    mkdirSync(join(root.path, "opt"));

    expect(trustFolder(project)).toBe(true);
    expect(isFolderTrusted(join(project, "sub"))).toBe(true);
    const trusted = loadSettings({ cwd: project });
    expect(rulesOf(trusted)).toContain("allow Bash projectSettings");
    expect(trusted.permissionContext.additionalDirectories).toEqual([join(root.path, "opt")]);

    expect(revokeFolder(project)).toBe(1);
    expect(loadSettings({ cwd: project }).skippedUntrusted).toHaveLength(3);
  });

  test("user and command-line allow rules need no trust", () => {
    write(join(root.path, "user", "settings.json"), { permissions: { allow: ["Read"] } });
    const loaded = loadSettings({ cwd: project, flags: flags({ allowedTools: ["Glob"] }) });
    expect(rulesOf(loaded).sort()).toEqual(["allow Glob cliArg", "allow Read userSettings"]);
  });
});
