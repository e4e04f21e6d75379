import { afterEach, describe, expect, test } from "bun:test";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { ConfigTool } from "../../../src/tools/ConfigTool/ConfigTool.ts";
import { PROJECT_SETTINGS_FILE } from "../../../src/tools/ConfigTool/prompt.ts";
import { getSetting, setSetting } from "../../../src/tools/ConfigTool/settingPath.ts";
import type { Settings } from "../../../src/settings/settingsSchema.ts";
import { callTool } from "../../helpers/testSession.ts";
import { createToolFixture, type ToolFixture } from "../../helpers/toolFixture.ts";

let fixture: ToolFixture;
afterEach(async () => {
  await fixture?.remove();
});

/** Writes go to .toolshed/, a protected folder: only bypassPermissions (or a person) lets them through. */
function configFixture(settings: Settings = {}): Promise<ToolFixture> {
  return createToolFixture({ tools: [ConfigTool], mode: "bypassPermissions", settings });
}

function projectFile(): string {
  return join(fixture.folder.path, PROJECT_SETTINGS_FILE);
}

describe("Config", () => {
  test("reads the effective value and what the project file holds", async () => {
    fixture = await configFixture({ model: "claude-opus", remoteTrigger: { url: "https://a.example" } });
    expect((await callTool(fixture.context, "Config", { setting: "model" })).text).toBe('model = "claude-opus" (project file: (not set))');
    expect((await callTool(fixture.context, "Config", { setting: "remoteTrigger.url" })).text).toContain('"https://a.example"');
    expect((await callTool(fixture.context, "Config", { setting: "model.name" })).text).toBe("model.name = (not set) (project file: (not set))");
    const unknown = await callTool(fixture.context, "Config", { setting: "nothing.here" });
    expect(unknown.stage).toBe("validation");
    expect(unknown.text).toContain('"nothing" is not a toolshed setting. The settings are:');
  });

  test("writes one key into .toolshed/settings.json, keeping the rest, and the session sees it", async () => {
    fixture = await configFixture({ model: "old" });
    mkdirSync(join(fixture.folder.path, ".toolshed"));
    writeFileSync(projectFile(), JSON.stringify({ permissions: { allow: ["Read"] }, editor: { theme: "dark" } }));
    const wrongType = await callTool(fixture.context, "Config", { setting: "cleanupPeriodDays", value: "soon" });
    expect(wrongType.result.is_error).toBe(true);
    expect(wrongType.text).toContain('Cannot set "cleanupPeriodDays" to "soon"');
    const outcome = await callTool(fixture.context, "Config", { setting: "cleanupPeriodDays", value: 14 });
    expect(outcome.stage).toBe("done");
    expect(outcome.text).toBe(`Set cleanupPeriodDays to 14 in ${projectFile()} (was (not set)).`);
    // Keys toolshed does not know stay in the file as they were.
    expect(JSON.parse(readFileSync(projectFile(), "utf8"))).toEqual({
      permissions: { allow: ["Read"] },
      editor: { theme: "dark" },
      cleanupPeriodDays: 14,
    });
    await callTool(fixture.context, "Config", { setting: "model", value: "new" });
    expect(fixture.context.getAppState().settings).toMatchObject({ model: "new", cleanupPeriodDays: 14 });
  });

  test("creates the file and its folder when missing", async () => {
    fixture = await configFixture();
    await callTool(fixture.context, "Config", { setting: "cleanupPeriodDays", value: 7 });
    expect(JSON.parse(readFileSync(projectFile(), "utf8"))).toEqual({ cleanupPeriodDays: 7 });
  });

  test("refuses permission, hook, environment and credential-routing keys, and malformed keys", async () => {
    fixture = await configFixture();
    for (const setting of ["permissions.allow", "permissions", "hooks.PreToolUse", "env.PATH", "apiKeyHelper", "remoteTrigger.url", "remoteTrigger.tokenEnv", "remoteTrigger"]) {
      const outcome = await callTool(fixture.context, "Config", { setting, value: "x" });
      expect(outcome.stage).toBe("validation");
      expect(outcome.text).toContain("Ask the user to edit");
    }
    expect((await callTool(fixture.context, "Config", { setting: "a..b" })).stage).toBe("validation");
    expect((await callTool(fixture.context, "Config", { setting: "permissions.allow" })).stage).toBe("done");
  });

  test("a damaged settings file or a non-object on the way is reported and left alone", async () => {
    fixture = await configFixture();
    mkdirSync(join(fixture.folder.path, ".toolshed"));
    writeFileSync(projectFile(), "{ broken");
    const broken = await callTool(fixture.context, "Config", { setting: "model", value: "x" });
    expect(broken.result.is_error).toBe(true);
    expect(broken.text).toContain("is not valid JSON");
    writeFileSync(projectFile(), JSON.stringify({ model: "fixed" }));
    const nested = await callTool(fixture.context, "Config", { setting: "model.name", value: "x" });
    expect(nested.result.is_error).toBe(true);
    expect(nested.text).toContain('"model" holds "fixed", not an object');
    expect(JSON.parse(readFileSync(projectFile(), "utf8"))).toEqual({ model: "fixed" });
  });

  test("writing needs a person's approval even with an allow rule (.toolshed is protected); reading does not", async () => {
    fixture = await createToolFixture({ tools: [ConfigTool], allow: ["Config"] });
    expect((await callTool(fixture.context, "Config", { setting: "model" })).stage).toBe("done");
    const write = await callTool(fixture.context, "Config", { setting: "model", value: "x" });
    expect(write.stage).toBe("permission");
    expect(write.text).toContain(".toolshed");
  });

  test("dotted paths over plain objects", () => {
    expect(getSetting({ a: { b: 1 } }, "a.b")).toBe(1);
    expect(getSetting({ a: [1] }, "a.0")).toBeUndefined();
    expect(setSetting({ a: { b: 1 } }, "a.c", 2)).toEqual({ a: { b: 1, c: 2 } });
  });
});
