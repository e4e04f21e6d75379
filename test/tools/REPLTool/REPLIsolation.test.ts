import { afterEach, describe, expect, test } from "bun:test";
import { REPLTool } from "../../../src/tools/REPLTool/REPLTool.ts";
import { runInVm, VmCodeError, type VmToolReply } from "../../../src/tools/REPLTool/runInVm.ts";
import { GlobTool } from "../../../src/tools/GlobTool/GlobTool.ts";
import { callTool } from "../../helpers/testSession.ts";
import { createToolFixture, type ToolFixture } from "../../helpers/toolFixture.ts";

let fixture: ToolFixture | undefined;
afterEach(async () => {
  await fixture?.remove();
});

const never = new AbortController().signal;
const echo = async (name: string, input: unknown): Promise<VmToolReply> => ({ ok: true, text: `${name}:${JSON.stringify(input)}` });
const run = (code: string, syncTimeoutMs = 2_000) =>
  runInVm({ code, toolNames: ["Echo"], callTool: echo, signal: never, timeoutMs: 20_000, syncTimeoutMs });

// Each tries to reach the host's Function constructor, and through it the host's process.
const ESCAPES: Record<string, string> = {
  "the global object's constructor": `this.constructor.constructor("return process")()`,
  "globalThis's constructor": `globalThis.constructor.constructor("return process")()`,
  "a tool function's constructor": `Echo.constructor("return process")()`,
  "a tool's promise": `Echo({}).constructor.constructor("return process")()`,
  "the tools object": `tools.constructor.constructor("return process")()`,
  "console.log's constructor": `console.log.constructor("return process")()`,
  "a rejected tool call's error": `await Echo(1n).catch((error) => error.constructor.constructor("return process")())`,
  "ShadowRealm": `new ShadowRealm().evaluate("typeof process")`,
  "a custom inspect hook": `({ [Symbol.for("nodejs.util.inspect.custom")]: (depth, options, inspect) => inspect.constructor("return process")() })`,
  "a patched Promise.prototype.then": `Promise.prototype.then = function (resolve) { resolve.constructor("return process")().exit(3); }; return 1`,
  "the stack trace hook": `Error.prepareStackTrace = (error, sites) => sites.map((site) => site.getFunction && site.getFunction()).filter(Boolean).map((fn) => fn.constructor("return process")());
    try { await Echo(1n); } catch (error) { return error.stack; }`,
};

describe("REPL isolation", () => {
  for (const [route, expression] of Object.entries(ESCAPES)) {
    test(`no host object through ${route}`, async () => {
      const code = expression.includes("return") && expression.includes(";") ? expression : `return ${expression};`;
      const outcome = await run(code).then((done) => done.value ?? "", (error: unknown) => (error instanceof VmCodeError ? error.message : String(error)));
      expect(outcome).not.toMatch(/\bpid\b|argv|\[object process\]|^object$/);
      expect(outcome).not.toContain("versions");
    });
  }

  test("the removed globals are gone, and code cannot be built from strings", async () => {
    const done = await run(`return [typeof process, typeof require, typeof Bun, typeof ShadowRealm, typeof WebAssembly, typeof Atomics, typeof SharedArrayBuffer].join(",")`);
    expect(done.value).toBe("undefined,undefined,undefined,undefined,undefined,undefined,undefined");
    await expect(run(`return Function("return 1")()`)).rejects.toThrow("EvalError");
  });

  test("a loop after an await is stopped, not left to hang toolshed", async () => {
    await expect(run(`await Echo({}); while (true) {}`, 200)).rejects.toThrow("without awaiting");
    await expect(run(`await null; while (true) {}`, 200)).rejects.toThrow("without awaiting");
  });

  test("a loop in a getter of the returned value is stopped too", async () => {
    await expect(run(`return { get endless() { while (true) {} } }`, 200)).rejects.toThrow("without awaiting");
  });

  test("code that never settles ends at the overall deadline", async () => {
    const pending = runInVm({ code: `await new Promise(() => {});`, signal: never, timeoutMs: 50 });
    await expect(pending).rejects.toThrow("did not finish within 0.05 seconds");
  });

  test("an unhandled rejection inside the code is noted, and toolshed keeps running", async () => {
    // bun:test fails any test with an unhandled rejection, so this runs in a process of its own.
    const script = `import { runInVm } from ${JSON.stringify(`${import.meta.dir}/../../../src/tools/REPLTool/runInVm.ts`)};
      const done = await runInVm({ code: 'Promise.reject(new Error("nobody waits")); return "finished"', signal: new AbortController().signal, timeoutMs: 5000 });
      await new Promise((resolve) => setTimeout(resolve, 20));
      console.log(done.value, done.logs.length);`;
    const child = Bun.spawnSync([process.execPath, "-e", script]);
    expect(child.stderr.toString()).toBe("");
    expect(child.stdout.toString().trim()).toBe("finished 1");
    expect(child.exitCode).toBe(0);
  });

  test("tool inputs and results cross as JSON and text only", async () => {
    const done = await run(`const text = await Echo({ a: 1, nested: { b: [1, 2] } }); return { text, type: typeof text };`);
    expect(JSON.parse(done.value ?? "")).toEqual({ text: `Echo:{"a":1,"nested":{"b":[1,2]}}`, type: "string" });
    await expect(run(`return await Echo(1n)`)).rejects.toThrow("BigInt");
  });

  test("through the tool: an escape attempt is an error result, not the host's process", async () => {
    fixture = await createToolFixture({ tools: [REPLTool, GlobTool], allow: ["REPL"] });
    const outcome = await callTool(fixture.context, "REPL", { code: `return Glob.constructor("return process")().pid` });
    expect(outcome.result.is_error).toBe(true);
    expect(outcome.text).toContain("EvalError");
  });
});
