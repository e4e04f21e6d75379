/** The session's typed services: the shell's folder, services only some builds contain, state changed in call order. */
import { describe, expect, test } from "bun:test";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { runTools } from "../../src/pipeline/runTools.ts";
import { createSessionServices } from "../../src/session/createSessionServices.ts";
import { defineService } from "../../src/session/serviceKey.ts";
import { ShellState } from "../../src/session/ShellState.ts";
import { BashTool } from "../../src/tools/BashTool/BashTool.ts";
import { ReadTool } from "../../src/tools/ReadTool/ReadTool.ts";
import { initShellParser } from "../../src/shell/isReadOnlyShellCommand.ts";
import { createTemporaryFolder } from "../helpers/temporaryFolder.ts";
import { createTestSession } from "../helpers/testSession.ts";

describe("ShellState", () => {
  test("carries a folder over inside the allowed folders, says why not outside them, and falls back when it is gone", () => {
    const folder = createTemporaryFolder();
    const sub = join(folder.path, "sub");
    mkdirSync(sub);
    const shell = new ShellState(folder.path);
    expect(shell.checkCarryOver(sub, [folder.path])).toBeUndefined();
    shell.moveTo(sub);
    expect(shell.cwd).toBe(sub);
    expect(shell.checkCarryOver("/", [folder.path])).toContain("outside the working folders; the next command starts in");
    folder.remove();
    expect(shell.cwd).toBe(folder.path);
  });
});

describe("services.use", () => {
  test("creates a build-specific service once per session, from the session's scope, and closes it with the session", async () => {
    const closed: string[] = [];
    let created = 0;
    const counter = defineService({ name: "counter", create: (scope) => ({ cwd: scope.cwd, n: ++created }), close: (service) => void closed.push(service.cwd) });
    const one = createSessionServices({ cwd: "/a", sessionDirectory: "/tmp/x" });
    const two = createSessionServices({ cwd: "/b", sessionDirectory: "/tmp/y" });
    expect(one.services.use(counter)).toBe(one.services.use(counter));
    expect(one.services.use(counter).cwd).toBe("/a");
    expect(two.services.use(counter).n).toBe(2);
    await one.close();
    expect(closed).toEqual(["/a"]);
  });
});

describe("one state-change path", () => {
  test("a cd is not concurrency-safe, so two calls of one batch cannot race for the shell's folder", async () => {
    await initShellParser();
    expect(BashTool.isConcurrencySafe({ command: "ls" })).toBe(true);
    expect(BashTool.isConcurrencySafe({ command: "cd sub" })).toBe(false);
    expect(BashTool.isConcurrencySafe({ command: "ls && cd sub && ls" })).toBe(false);
    expect(BashTool.isConcurrencySafe({ command: "pushd sub" })).toBe(false);
    expect(BashTool.isReadOnly({ command: "cd sub" })).toBe(true);
  });

  test("the shell's folder and a read's file state change only when the scheduler applies the calls' modifiers, in order", async () => {
    const folder = createTemporaryFolder();
    mkdirSync(join(folder.path, "sub"));
    const session = await createTestSession({ tools: [BashTool, ReadTool], cwd: folder.path, allow: ["Bash"] });
    const { outcomes, context } = await runTools({
      toolUses: [
        { id: "t1", name: "Bash", input: { command: "cd sub" } },
        { id: "t2", name: "Bash", input: { command: "pwd" } },
      ],
      context: session.context,
      canUseTool: session.canUseTool,
    });
    expect(outcomes[1]?.result.content).toBe(join(folder.path, "sub"));
    expect(context.services.shell.cwd).toBe(join(folder.path, "sub"));
    // A Read that succeeds records the file only through its modifier.
    await Bun.write(join(folder.path, "sub", "note.txt"), "n\n");
    expect(session.services.fileState.has(join(folder.path, "sub", "note.txt"))).toBe(false);
    const read = await runTools({ toolUses: [{ id: "t4", name: "Read", input: { file_path: join(folder.path, "sub", "note.txt") } }], context, canUseTool: session.canUseTool });
    expect(read.outcomes[0]?.contextModifier).toBeDefined();
    expect(session.services.fileState.has(join(folder.path, "sub", "note.txt"))).toBe(true);
    await session.close();
    folder.remove();
  });
});
