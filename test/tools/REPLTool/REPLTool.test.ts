import { afterEach, describe, expect, test } from "bun:test";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import type { AnyTool } from "../../../src/Tool.ts";
import { REPLTool } from "../../../src/tools/REPLTool/REPLTool.ts";
import { splitForReplMode } from "../../../src/tools.ts";
import type { PermissionRule } from "../../../src/permissions/types.ts";
import { runInVm, VmCodeError } from "../../../src/tools/REPLTool/runInVm.ts";
import { GlobTool } from "../../../src/tools/GlobTool/GlobTool.ts";
import { ReadTool } from "../../../src/tools/ReadTool/ReadTool.ts";
import { SleepTool } from "../../../src/tools/SleepTool/SleepTool.ts";
import { callTool } from "../../helpers/testSession.ts";
import { createToolFixture, type ToolFixture } from "../../helpers/toolFixture.ts";

let fixture: ToolFixture;
afterEach(async () => {
  await fixture?.remove();
  delete process.env.TOOLSHED_REPL_MODE;
});

async function replFixture(allow: string[] = ["REPL"], rules: PermissionRule[] = []): Promise<ToolFixture> {
  const created = await createToolFixture({ tools: [REPLTool, GlobTool, SleepTool], hiddenTools: [ReadTool], allow, rules });
  writeFileSync(join(created.folder.path, "notes.txt"), "alpha\nbeta\n");
  return created;
}

describe("REPL", () => {
  test("runs code whose tool calls go through the pipeline, and shows logs, the value and the calls", async () => {
    fixture = await replFixture();
    const path = join(fixture.folder.path, "notes.txt");
    const code = `
      const text = await Read({ file_path: ${JSON.stringify(path)} });
      console.log("lines:", text.split("\\n").length);
      const found = await Glob({ pattern: "*.txt" });
      return { text, found };`;
    const outcome = await callTool(fixture.context, "REPL", { code });
    expect(outcome.stage).toBe("done");
    expect(outcome.text).toContain("lines: 2");
    expect(outcome.text).toContain("1\\talpha");
    expect(outcome.text).toContain(path);
    expect(outcome.text).toContain("Tool calls: Read, Glob");
  });

  test("a call the permission engine refuses rejects inside the code, which can catch it", async () => {
    fixture = await replFixture(["REPL"], [{ behavior: "deny", toolName: "Read", source: "session" }]);
    const code = `try { await Read({ file_path: "/etc/hostname" }); return "read it"; } catch (error) { return "refused: " + error.message; }`;
    const outcome = await callTool(fixture.context, "REPL", { code });
    expect(outcome.text).toContain("=> refused: Permission to use Read was denied");
    expect(outcome.text).toContain("Tool calls: Read (failed)");
  });

  test("the REPL's own canUseTool decides: a tool that needs approval is refused non-interactively", async () => {
    fixture = await replFixture();
    const sleepAllowed = await callTool(fixture.context, "REPL", { code: `return await Sleep({ seconds: 0.01 });` });
    expect(sleepAllowed.text).toContain("Paused for 0.01 seconds.");
    const denied = await callTool(fixture.context, "REPL", { code: `return await tools.Glob({ pattern: "*", path: "/" });` });
    expect(denied.result.is_error).toBe(true);
    expect(denied.text).toContain("Permission to use Glob was denied");
  });

  test("the code sees no require, process or Bun, and cannot build code from strings", async () => {
    fixture = await replFixture();
    const outcome = await callTool(fixture.context, "REPL", {
      code: `let evaluated; try { evaluated = eval("1 + 1"); } catch (error) { evaluated = error.name; }
             return [typeof require, typeof process, typeof Bun, evaluated].join(",");`,
    });
    expect(outcome.text).toContain("=> undefined,undefined,undefined,EvalError");
  });

  test("a throw or a syntax error is an error result carrying the logs so far", async () => {
    fixture = await replFixture();
    const thrown = await callTool(fixture.context, "REPL", { code: `console.log("before"); throw new TypeError("bad thing");` });
    expect(thrown.result.is_error).toBe(true);
    expect(thrown.text).toContain("The code stopped with an error: TypeError: bad thing");
    expect(thrown.text).toContain("before");
    const syntax = await callTool(fixture.context, "REPL", { code: "return (" });
    expect(syntax.text).toContain("does not parse");
  });

  test("a synchronous endless loop is stopped", async () => {
    await expect(runInVm({ code: "while (true) {}", signal: new AbortController().signal, timeoutMs: 60_000, syncTimeoutMs: 100 }))
      .rejects.toBeInstanceOf(VmCodeError);
  });

  test("an abort ends a call that is waiting", async () => {
    const controller = new AbortController();
    const pending = runInVm({ code: "await new Promise(() => {});", signal: controller.signal, timeoutMs: 60_000 });
    controller.abort();
    await expect(pending).rejects.toThrow("interrupted");
  });

  test("the prompt lists the callable tools, the hidden primitives included, never REPL itself", async () => {
    const prompt = await REPLTool.prompt({ tools: [REPLTool, SleepTool], hiddenTools: [GlobTool, ReadTool] });
    const callable = /Callable tools: (.*)\.$/.exec(prompt)?.[1]?.split(", ") ?? [];
    expect(callable[0]).toBe("Sleep");
    expect(callable).toContain("Glob");
    expect(callable).toContain("Read");
    expect(callable).not.toContain("REPL");
  });
});

describe("REPL mode", () => {
  const names = (tools: AnyTool[]) => tools.map((tool) => tool.name);

  test("hides the primitive tools only when it is on and the REPL is in the pool", () => {
    const pool = [REPLTool, ReadTool, GlobTool, SleepTool];
    expect(names(splitForReplMode(pool).shown)).toEqual(["REPL", "Read", "Glob", "Sleep"]);
    process.env.TOOLSHED_REPL_MODE = "1";
    expect(names(splitForReplMode(pool).shown)).toEqual(["REPL", "Sleep"]);
    expect(names(splitForReplMode(pool).hidden)).toEqual(["Glob", "Read"]);
    expect(names(splitForReplMode([ReadTool, GlobTool]).shown)).toEqual(["Read", "Glob"]);
  });

  test("a hidden primitive is still callable inside the REPL", async () => {
    fixture = await createToolFixture({ tools: [REPLTool, SleepTool], hiddenTools: [ReadTool], allow: ["REPL"] });
    writeFileSync(join(fixture.folder.path, "hidden.txt"), "still here\n");
    const outcome = await callTool(fixture.context, "REPL", { code: `return await Read({ file_path: ${JSON.stringify(join(fixture.folder.path, "hidden.txt"))} });` });
    expect(outcome.text).toContain("still here");
  });
});
