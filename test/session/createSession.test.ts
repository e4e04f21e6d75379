/** createSession: the one way to a session. Settings, pool, services, hooks and closing. */
import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { createSession } from "../../src/session/createSession.ts";
import { getAllBaseTools } from "../../src/tools.ts";
import { createSettingsSandbox, type SettingsSandbox } from "../helpers/settingsSandbox.ts";

let sandbox: SettingsSandbox;
beforeEach(() => {
  sandbox = createSettingsSandbox("toolshed-session-");
});
afterEach(() => sandbox.restore());

describe("createSession", () => {
  test("puts the merged settings into app state, typed, and reports keys it does not know", async () => {
    const user = process.env.TOOLSHED_CONFIG_DIR as string;
    mkdirSync(user, { recursive: true });
    writeFileSync(join(user, "settings.json"), JSON.stringify({ model: "claude-x", remoteTriggers: { enabled: true } }));
    const warnings: string[] = [];
    const session = await createSession({ cwd: sandbox.project, warn: (text) => warnings.push(text) });
    expect(session.context.getAppState().settings).toEqual({ model: "claude-x" });
    expect(session.context.options.model).toBe("claude-x");
    expect(warnings.join("")).toContain('"remoteTriggers" is not a toolshed setting');
    await session.close();
  });

  test("in-memory settings replace every file, and the pool is the registry's minus whole-tool denies", async () => {
    const user = process.env.TOOLSHED_CONFIG_DIR as string;
    mkdirSync(user, { recursive: true });
    writeFileSync(join(user, "settings.json"), JSON.stringify({ permissions: { deny: ["Read"] } }));
    const session = await createSession({ cwd: sandbox.project, settings: { permissions: { deny: ["Grep"] } } });
    const names = session.tools.map((tool) => tool.name);
    expect(names).toContain("Read");
    expect(names).not.toContain("Grep");
    expect(names).toEqual([...names].sort());
    expect(session.permissionContext().rules.map((rule) => rule.toolName)).toEqual(["Grep"]);
    await session.close();
  });

  test("the services are typed members of the session, shared by its context", async () => {
    const session = await createSession({ cwd: sandbox.project, tools: getAllBaseTools() });
    expect(session.context.services).toBe(session.services);
    expect(session.services.shell.cwd).toBe(sandbox.project);
    expect(session.services.fileState.size).toBe(0);
    expect(session.services.tasks.list()).toEqual([]);
    expect(session.services.mcp.list()).toEqual([]);
    await session.close();
  });

  test("close aborts the session's scope, stops its background tasks, and can be called twice", async () => {
    const session = await createSession({ cwd: sandbox.project, sessionDirectory: join(sandbox.root.path, "session") });
    const task = session.services.tasks.start({ command: "sleep 30", cwd: sandbox.project });
    expect(task.status).toBe("running");
    await Promise.all([session.close(), session.close()]);
    expect(session.context.abortController.signal.aborted).toBe(true);
    expect(task.status).toBe("killed");
  });
});
