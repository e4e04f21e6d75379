/**
 * Settings that used to silently do less: one bad value dropped a whole file (deny rules
 * included), misspelt keys and tool names passed without a word, and odd files (a FIFO, a link to
 * /dev/zero, deep nesting) hung or crashed start-up. Each now gets its own warning with file, line
 * and the nearest valid spelling, and the rest of the file applies.
 */
import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { formatRule } from "../../src/permissions/types.ts";
import { loadSettings, SettingsError } from "../../src/settings/loadSettings.ts";
import { sessionFlagsFromValues } from "../../src/settings/sessionFlags.ts";
import { getRuleFamilies, getRuleToolNames } from "../../src/tools.ts";
import { createSettingsSandbox, type SettingsSandbox } from "../helpers/settingsSandbox.ts";

let sandbox: SettingsSandbox;
let project: string;
let file: string;
beforeEach(() => {
  sandbox = createSettingsSandbox("toolshed-settings-problems-");
  project = sandbox.project;
  file = join(project, ".toolshed", "settings.json");
  mkdirSync(join(project, ".toolshed"));
});
afterEach(() => sandbox.restore());

const load = () => loadSettings({ cwd: project, families: getRuleFamilies(), toolNames: getRuleToolNames() });
const rules = (loaded: ReturnType<typeof load>) => loaded.permissionContext.rules.map((rule) => `${rule.behavior} ${formatRule(rule)}`);

describe("one bad key costs only itself", () => {
  test("a misspelt mode is reported with its line and the mode meant; the file's deny rules still apply", () => {
    writeFileSync(file, '{\n  "permissions": {\n    "defaultMode": "acceptEdit",\n    "deny": ["Read(.env)"]\n  }\n}\n');
    const loaded = load();
    expect(rules(loaded)).toEqual(["deny Read(.env)"]);
    expect(loaded.warnings).toEqual([
      `${file}:3:20: string "acceptEdit" is not a permission mode; did you mean "acceptEdits"? (the modes are default, acceptEdits, plan, dontAsk, bypassPermissions); it is ignored, the rest of the file applies`,
    ]);
  });

  test("a wrong type names line and column; other keys stay", () => {
    writeFileSync(file, '{\n  "model": 5,\n  "permissions": { "deny": ["Bash(rm *)", 7, "Bash(curl *)"] }\n}');
    const loaded = load();
    expect(rules(loaded)).toEqual(["deny Bash(rm *)", "deny Bash(curl *)"]);
    expect(loaded.warnings[0]).toStartWith(`${file}:2:12: "model": `);
    expect(loaded.warnings[1]).toBe(`${file}:3:43: "permissions.deny" entry 2 must be a string, not number 7; it is ignored, the rest of the file applies`);
  });

  test("a lone deny rule where a list belongs still holds", () => {
    writeFileSync(file, JSON.stringify({ permissions: { deny: "Bash(rm *)" } }));
    expect(rules(load())).toEqual(["deny Bash(rm *)"]);
  });

  test("a managed file with a bad value still stops the session, saying where", () => {
    writeFileSync(join(sandbox.root.path, "managed.json"), '{"permissions": {"defaultMode": "pla"}}');
    expect(load).toThrow(SettingsError);
    expect(load).toThrow(/managed\.json:1:33: string "pla" is not a permission mode; did you mean "plan"\?/);
  });

  test("a file with broken JSON still gives up the deny and ask rules that can be read", () => {
    writeFileSync(file, '{"permissions": {"deny": ["Read(.env)"], "ask": ["Bash(git push *)"], "allow": ["Bash"] }');
    const loaded = load();
    expect(rules(loaded)).toEqual(["deny Read(.env)", "ask Bash(git push *)"]);
    expect(loaded.warnings[0]).toContain("invalid JSON");
    expect(loaded.warnings[0]).toContain("except the 2 deny and ask rules that could still be read from it");
  });
});

describe("misspellings get a warning naming the file, the line and the nearest valid spelling", () => {
  test("unknown keys", () => {
    writeFileSync(file, '{\n  "permisions": {},\n  "permissions": { "alow": ["Read"] },\n  "modle": "x"\n}');
    expect(load().warnings).toEqual([
      `${file}:2:3: "permisions" is not a toolshed setting; did you mean "permissions"? Only its deny and ask rules are read, so that they hold; the rest of the file applies`,
      `${file}:3:20: "permissions.alow" is not a toolshed setting; did you mean "allow"?; it is ignored, the rest of the file applies`,
      `${file}:4:3: "modle" is not a toolshed setting; did you mean "model"?; it is ignored, the rest of the file applies`,
    ]);
  });

  test("a misspelt permissions block or deny list still denies (fails closed); a misspelt allow allows nothing", () => {
    writeFileSync(file, JSON.stringify({ Permissions: { deny: ["Read(.env)"], allow: ["Bash"], defaultMode: "bypassPermissions" }, permissions: { deyn: ["Bash(rm *)"], alow: ["Bash(curl *)"] } }));
    const loaded = load();
    expect(rules(loaded).sort()).toEqual(["deny Bash(rm *)", "deny Read(.env)"]);
    expect(loaded.permissionContext.mode).toBe("default");
    expect(loaded.warnings.join("\n")).toContain('"permissions.deyn" is not a toolshed setting; it is read as "deny" so that its rules hold');
  });

  test("unknown tool names in rules", () => {
    writeFileSync(file, '{"permissions": {\n  "deny": ["Raed(.env)"]\n}}');
    const [warning] = load().warnings;
    expect(warning).toBe(`${file}:2:12: the deny rule "Raed(.env)": no tool is named "Raed"; did you mean "Read"? This rule matches nothing as written`);
  });

  test("a tool name in the wrong case: a deny is read as that tool, an allow allows nothing", () => {
    writeFileSync(file, JSON.stringify({ permissions: { deny: ["bash(cat *)"], ask: ["read(.env)"] } }));
    const loaded = load();
    expect(rules(loaded)).toEqual(["deny Bash(cat *)", "ask Read(.env)"]);
    expect(loaded.warnings[0]).toContain('"bash" is read as "Bash" so that this deny rule holds');
    const loadedAllow = loadSettings({ cwd: project, families: getRuleFamilies(), toolNames: getRuleToolNames(), flags: sessionFlagsFromValues({ allowedTools: ["bash(cat *)"] }) });
    expect(rules(loadedAllow)).toContain("allow bash(cat *)");
    expect(loadedAllow.warnings.join("\n")).toContain('"bash" names no tool, so this allow rule allows nothing; write "Bash"');
  });

  test("a malformed rule: a deny is read as meant, an allow is ignored, both say the valid spelling", () => {
    writeFileSync(file, JSON.stringify({ permissions: { deny: ["Bash(npm test *"] } }));
    const loaded = load();
    expect(rules(loaded)).toEqual(["deny Bash(npm test *)"]);
    expect(loaded.warnings[0]).toContain('lacks its closing ")"; it is read as "Bash(npm test *)"');
    const allow = loadSettings({ cwd: project, toolNames: getRuleToolNames(), flags: sessionFlagsFromValues({ allowedTools: ["Bash(npm test *"] }) });
    expect(rules(allow)).toEqual(["deny Bash(npm test *)"]);
    expect(allow.warnings.join("\n")).toContain('is ignored: the specifier must end with ); did you mean "Bash(npm test *)"?');
  });

  test("MCP tool names and globs pass as possibly valid", () => {
    writeFileSync(file, JSON.stringify({ permissions: { deny: ["mcp__db__drop", "mcp__*", "*"] } }));
    expect(load().warnings).toEqual([]);
  });
});

describe("odd files never hang or explode start-up", () => {
  test("a FIFO as a settings file is refused at once", () => {
    Bun.spawnSync(["mkfifo", file]);
    const loaded = load();
    expect(loaded.warnings).toEqual([`${file} is a FIFO (named pipe), not a settings file; it is ignored`]);
  });

  test("a link to /dev/zero is refused without reading it", () => {
    symlinkSync("/dev/zero", file);
    expect(load().warnings).toEqual([`${file} is a device, not a settings file; it is ignored`]);
  });

  test("a file over the size limit is refused", () => {
    writeFileSync(file, `{"model": "${"x".repeat(1024 * 1024)}"}`);
    expect(load().warnings[0]).toContain("more than the 1048576 a settings file may have");
  });

  test("nesting 100,000 deep: a clear warning for a project file, a clear error for --settings", () => {
    const deep = `${"[".repeat(100_000)}${"]".repeat(100_000)}`;
    writeFileSync(file, `{"permissions": ${deep}}`);
    expect(load().warnings[0]).toBe(`${file}:1:80: the JSON is nested more than 64 levels deep; a settings file needs only a few (this file is ignored)`);
    expect(() => loadSettings({ cwd: project, flags: sessionFlagsFromValues({ settings: `{"a": ${deep}}` }) })).toThrow(/--settings:1:70: the JSON is nested more than 64 levels deep/);
  });

  test("a byte-order mark is accepted", () => {
    writeFileSync(file, `\ufeff${JSON.stringify({ permissions: { deny: ["Read(.env)"] } })}`);
    const loaded = load();
    expect(loaded.warnings).toEqual([]);
    expect(rules(loaded)).toEqual(["deny Read(.env)"]);
  });

  test("duplicate keys are reported; both copies of a rule list apply", () => {
    writeFileSync(file, '{"permissions": {\n  "deny": ["Read(.env)"],\n  "deny": ["Bash(rm *)"]\n}, "model": "a", "model": "b"}');
    const loaded = load();
    expect(rules(loaded)).toEqual(["deny Read(.env)", "deny Bash(rm *)"]);
    expect(loaded.settings.model).toBe("b");
    expect(loaded.warnings).toEqual([
      `${file}:3:3: "permissions.deny" appears twice (first at ${file}:2:3); both lists apply`,
      `${file}:4:18: "model" appears twice (first at ${file}:4:4); the last one counts`,
    ]);
  });

  test("--add-dir of a folder that does not exist is warned about and left out", () => {
    const loaded = loadSettings({ cwd: project, flags: sessionFlagsFromValues({ "add-dir": ["/nonexistent-toolshed-folder"] }) });
    expect(loaded.permissionContext.additionalDirectories).toEqual([]);
    expect(loaded.warnings).toEqual(["the command line: the additional folder /nonexistent-toolshed-folder does not exist or is not a folder; it is ignored"]);
  });
});

test("the ///abs/path form of the leading agent means the same as //abs/path", async () => {
  const { matchPathPattern } = await import("../../src/permissions/matchPathPattern.ts");
  const options = { cwd: project, home: "/home/x", strict: true };
  expect(matchPathPattern("///etc/passwd", "/etc/passwd", options)).toBe(true);
  expect(matchPathPattern("///etc/**", "/etc/ssh/sshd_config", options)).toBe(true);
  expect(matchPathPattern("//etc/passwd", "/etc/passwd", options)).toBe(true);
  expect(matchPathPattern("///etc/passwd", "/etc/shadow", options)).toBe(false);
});
