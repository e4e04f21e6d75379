/**
 * toolshed's own user folder (settings, trusted folders, saved answers) is protected wherever
 * TOOLSHED_CONFIG_DIR moves it: no allow rule and no mode but bypassPermissions lets a call write
 * there, so a call cannot grant itself answers or trust.
 */
import { afterEach, beforeEach, expect, test } from "bun:test";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { answersFilePath } from "../../src/settings/answersStore.ts";
import { createSettingsSandbox, type SettingsSandbox } from "../helpers/settingsSandbox.ts";
import type { PermissionMode } from "../../src/permissions/types.ts";
import { Bash, decideFor, Write, type RuleSet } from "./harness.ts";

let sandbox: SettingsSandbox;
beforeEach(() => {
  sandbox = createSettingsSandbox("toolshed-own-");
  // A config folder not named .toolshed, inside the working folder: only its place protects it.
  process.env.TOOLSHED_CONFIG_DIR = join(sandbox.project, "config");
  mkdirSync(join(sandbox.project, "config"));
});
afterEach(() => sandbox.restore());

test("writing saved answers or trust, with Edit allowed or in acceptEdits, is asked (was allow)", async () => {
  const answers = answersFilePath(sandbox.project);
  const trust = join(sandbox.project, "config", "trusted-folders.json");
  const cases: [string, RuleSet, PermissionMode][] = [[answers, { allow: ["Edit"] }, "default"], [trust, {}, "acceptEdits"]];
  for (const [file_path, rules, mode] of cases) {
    const decision = await decideFor({ tool: Write, input: { file_path, content: "{}" }, rules, mode, cwd: sandbox.project });
    expect(decision.decision).toBe("ask");
    expect(decision.reason).toContain("inside toolshed's user folder");
  }
  const shell = await decideFor({ tool: Bash, input: { command: "echo '{}' > config/trusted-folders.json" }, mode: "acceptEdits", cwd: sandbox.project });
  expect(shell.decision).toBe("ask");
  const bypass = await decideFor({ tool: Write, input: { file_path: trust, content: "{}" }, mode: "bypassPermissions", cwd: sandbox.project });
  expect(bypass.decision).toBe("allow");
});
