import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { z } from "zod";
import { toolResultText, type AnyTool, type ToolUseContext } from "../../src/Tool.ts";
import { ToolError } from "../../src/errors/ToolError.ts";
import type { AskHandler } from "../../src/permissions/askHandler.ts";
import { createCanUseTool } from "../../src/permissions/createCanUseTool.ts";
import { PREVIEW_CHARS } from "../../src/pipeline/persistLargeResult.ts";
import { runToolUse } from "../../src/pipeline/runToolUse.ts";
import { deferred, fakeTool } from "../helpers/fakeTool.ts";
import { createTemporaryFolder, type TemporaryFolder } from "../helpers/temporaryFolder.ts";
import { callTool, createTestContext } from "../helpers/testSession.ts";

let folder: TemporaryFolder;
beforeEach(() => {
  folder = createTemporaryFolder();
});
afterEach(() => folder.remove());

function contextWith(...tools: AnyTool[]): Promise<ToolUseContext> {
  return createTestContext({ tools, cwd: folder.path });
}

const echo = fakeTool({ name: "Echo", readOnly: true });
const writer = fakeTool({ name: "Writer" });

function answering(answer: "yes" | "no" | "always"): AskHandler & { asked: number } {
  const handler = {
    interactive: true,
    asked: 0,
    async ask() {
      handler.asked++;
      return answer;
    },
  };
  return handler;
}

describe("lookup", () => {
  test("an unknown tool is an error naming the available tools", async () => {
    const { result, stage } = await callTool(await contextWith(echo, writer), "Nope", {});
    expect(stage).toBe("lookup");
    expect(result.is_error).toBe(true);
    expect(toolResultText(result)).toBe('Error: no tool named "Nope". The available tools are: Echo, Writer.');
  });

  test("aliases reach the tool", async () => {
    const aliased = fakeTool({ name: "Main", aliases: ["Legacy"], readOnly: true });
    const { text, result } = await callTool(await contextWith(aliased), "Legacy", { text: "hi" });
    expect(result.is_error).toBeUndefined();
    expect(text).toBe("Main:hi");
  });
});

describe("coercion and validation", () => {
  test('common slips are coerced: "5" -> 5 and "true" -> true', async () => {
    let seen: unknown;
    const tool = fakeTool({ name: "Probe", readOnly: true, call: async (input) => ((seen = input), { data: "ok" }) });
    const { result } = await callTool(await contextWith(tool), "Probe", { count: "5", flag: "true", text: "7" });
    expect(result.is_error).toBeUndefined();
    expect(seen).toEqual({ count: 5, flag: true, text: "7" });
  });

  test("nothing else is coerced: a non-numeric string for a number is an error naming the field", async () => {
    const { result, text, stage } = await callTool(await contextWith(echo), "Echo", { count: "five" });
    expect(stage).toBe("validation");
    expect(result.is_error).toBe(true);
    expect(text).toContain('`count` must be a number, but it was "five"');
    expect(text).toContain("Fix the input and call Echo again.");
  });

  test("a fractional string for an integer field is not coerced into something else", async () => {
    const { text } = await callTool(await contextWith(echo), "Echo", { count: "1.5" });
    expect(text).toContain("`count`");
  });

  test("unknown parameters and missing required ones are named", async () => {
    const strict = fakeTool({ name: "Strict", shape: { file_path: z.string(), limit: z.number().optional() }, readOnly: true });
    const { text } = await callTool(await contextWith(strict), "Strict", { path: "/x" });
    expect(text).toContain("- unexpected parameter `path`; the parameters are: file_path, limit");
    expect(text).toContain("- missing required parameter `file_path` (a string)");
  });

  test("an input that is not an object is refused", async () => {
    const { text, stage } = await callTool(await contextWith(echo), "Echo", "just text");
    expect(stage).toBe("validation");
    expect(text).toContain("InputValidationError");
  });

  test("validateInput failures reach the model as they are", async () => {
    const checked = fakeTool({
      name: "Checked",
      readOnly: true,
      extra: {
        async validateInput(input) {
          return input.text === "bad" ? { result: false, message: "text must not be bad; send good" } : { result: true };
        },
      },
    });
    const { text, stage } = await callTool(await contextWith(checked), "Checked", { text: "bad" });
    expect(stage).toBe("validation");
    expect(text).toBe("text must not be bad; send good");
  });
});

describe("permissions", () => {
  /** A tool whose own check looks at the file system, as Grep's and LS's do: it says whether the path exists. */
  const prober = (checked: string[]) => fakeTool({
    name: "Prober",
    readOnly: true,
    shape: { path: z.string() },
    subjects: (input) => [{ kind: "path", path: String(input.path), access: "read" }],
    extra: {
      async validateInput(input) {
        checked.push(String(input.path));
        return existsSync(String(input.path)) ? { result: true } : { result: false, message: `${String(input.path)} does not exist` };
      },
    },
  });

  test("a call a deny rule refuses never reaches the tool's own checks, so it cannot tell whether a denied path exists", async () => {
    const checked: string[] = [];
    const secret = join(folder.path, "secret");
    mkdirSync(secret);
    writeFileSync(join(secret, "key.txt"), "hunter2\n");
    const hookLog = join(folder.path, "hook.log");
    const context = await createTestContext({
      tools: [prober(checked)],
      cwd: folder.path,
      rules: [{ behavior: "deny", toolName: "Prober", ruleContent: `/${secret}/**`, source: "userSettings" }],
      hooks: [{ event: "PreToolUse", matcher: "", command: `cat >> ${JSON.stringify(hookLog)}; echo >> ${JSON.stringify(hookLog)}`, timeoutSeconds: 10, source: "userSettings", where: "test" }],
    });
    const there = await callTool(context, "Prober", { path: join(secret, "key.txt") });
    const missing = await callTool(context, "Prober", { path: join(secret, "missing.txt") });
    for (const outcome of [there, missing]) {
      expect(outcome.stage).toBe("permission");
      expect(outcome.permission?.decision).toBe("deny");
    }
    expect(missing.text).toBe(there.text.replace("key.txt", "missing.txt"));
    expect(checked).toEqual([]);
    // The hooks still see both calls: only the tool's own checks are skipped.
    expect(readFileSync(hookLog, "utf8").trim().split("\n").map((line) => JSON.parse(line).tool_input.path)).toEqual([join(secret, "key.txt"), join(secret, "missing.txt")]);
    // Outside the denied folder the tool's checks run first, as before: a missing path is a validation error.
    const elsewhere = await callTool(context, "Prober", { path: join(folder.path, "nope.txt") });
    expect(elsewhere.stage).toBe("validation");
    expect(checked).toEqual([join(folder.path, "nope.txt")]);
  });

  test("a read-only call inside the working folder runs without asking", async () => {
    const handler = answering("no");
    const { text } = await callTool(await contextWith(echo), "Echo", { text: "x" }, handler);
    expect(text).toBe("Echo:x");
    expect(handler.asked).toBe(0);
  });

  test("non-interactive: a call that would ask is denied with the rule to add", async () => {
    const { result, text, stage, permission } = await callTool(await contextWith(writer), "Writer", {});
    expect(stage).toBe("permission");
    expect(result.is_error).toBe(true);
    expect(permission?.decision).toBe("deny");
    expect(text).toContain('add "Writer" to permissions.allow');
  });

  test("interactive yes runs once, no refuses, always remembers an allow rule", async () => {
    const yes = answering("yes");
    const context = await createTestContext({ tools: [writer], cwd: folder.path, interactive: true });
    expect((await callTool(context, "Writer", { text: "a" }, yes)).text).toBe("Writer:a");
    expect((await callTool(context, "Writer", { text: "b" }, yes)).text).toBe("Writer:b");
    expect(yes.asked).toBe(2);

    const no = answering("no");
    const refused = await callTool(context, "Writer", {}, no);
    expect(refused.result.is_error).toBe(true);
    expect(refused.text).toContain("the user said no");

    const always = answering("always");
    await callTool(context, "Writer", {}, always);
    await callTool(context, "Writer", {}, always);
    expect(always.asked).toBe(1);
    expect(context.getAppState().toolPermissionContext.rules).toContainEqual({
      behavior: "allow",
      toolName: "Writer",
      ruleContent: undefined,
      source: "session",
      // Marked as an answer: a question showing what no earlier one did is not answered by it (see writtenRulesOnly).
      fromAnswer: true,
    });
  });

  test("a throwing permission check still yields a result", async () => {
    const outcome = await runToolUse({
      toolUse: { id: "toolu_1", name: "Echo", input: {} },
      context: await contextWith(echo),
      canUseTool: async () => {
        throw new Error("engine exploded");
      },
    });
    expect(outcome.result.is_error).toBe(true);
    expect(toolResultText(outcome.result)).toContain("engine exploded");
  });
});

describe("the call", () => {
  test("the result is mapped to a tool_result block for the call's id", async () => {
    const context = await contextWith(echo);
    const outcome = await runToolUse({
      toolUse: { id: "toolu_abc", name: "Echo", input: { text: "hi" } },
      context,
      canUseTool: createCanUseTool({ interactive: false, ask: async () => "no" }),
    });
    expect(outcome.result).toEqual({ type: "tool_result", tool_use_id: "toolu_abc", content: "Echo:hi" });
    expect(outcome.stage).toBe("done");
  });

  test("a ToolError becomes an error result without a log entry", async () => {
    const failing = fakeTool({ name: "Fails", readOnly: true, call: async () => { throw new ToolError("the file is locked; try later"); } });
    const context = await contextWith(failing);
    const { result, text } = await callTool(context, "Fails", {});
    expect(result.is_error).toBe(true);
    expect(text).toBe("Error: the file is locked; try later");
    expect(existsSync(`${context.sessionDirectory}/errors.log`)).toBe(false);
  });

  test("any other throw becomes an error result and is logged with its stack", async () => {
    const buggy = fakeTool({ name: "Buggy", readOnly: true, call: async () => { throw new TypeError("undefined is not a function"); } });
    const context = await contextWith(buggy);
    const { result, text } = await callTool(context, "Buggy", {});
    expect(result.is_error).toBe(true);
    expect(text).toBe("Error: undefined is not a function");
    const log = readFileSync(`${context.sessionDirectory}/errors.log`, "utf8");
    expect(log).toContain("TypeError: undefined is not a function");
    expect(log).toContain("runToolUse.test.ts");
  });

  test("progress is reported with the call's id", async () => {
    const events: unknown[] = [];
    const reporting = fakeTool({
      name: "Reports",
      readOnly: true,
      call: async (_input, { onProgress }) => {
        onProgress("half");
        onProgress("done");
        return { data: "ok" };
      },
    });
    const context = await createTestContext({ tools: [reporting], cwd: folder.path, onProgress: (progress) => events.push(progress) });
    await runToolUse({ toolUse: { id: "toolu_p", name: "Reports", input: {} }, context, canUseTool: createCanUseTool({ interactive: false, ask: async () => "no" }) });
    expect(events).toEqual([{ toolUseId: "toolu_p", data: "half" }, { toolUseId: "toolu_p", data: "done" }]);
  });
});

describe("result size", () => {
  test("a result over maxResultSizeChars is saved whole and the model gets its path and a preview", async () => {
    const big = Array.from({ length: 3000 }, (_, index) => `line ${index}`).join("\n");
    const tool = fakeTool({ name: "Big", readOnly: true, maxResultSizeChars: 5000, call: async () => ({ data: big }) });
    const context = await contextWith(tool);
    const { text, result } = await callTool(context, "Big", {});
    expect(result.is_error).toBeUndefined();
    const path = /saved in full to:\n(\S+)/.exec(text)?.[1];
    expect(path).toBeDefined();
    expect(path?.startsWith(context.sessionDirectory)).toBe(true);
    expect(readFileSync(path as string, "utf8")).toBe(big);
    expect(text).toContain("line 0\nline 1\n");
    expect(text).not.toContain("line 2999");
    const preview = text.slice(text.indexOf("Preview"));
    expect(preview.length).toBeLessThan(PREVIEW_CHARS + 200);
  });

  test("a result at the limit is left alone", async () => {
    const tool = fakeTool({ name: "Fits", readOnly: true, maxResultSizeChars: 10, call: async () => ({ data: "0123456789" }) });
    expect((await callTool(await contextWith(tool), "Fits", {})).text).toBe("0123456789");
  });
});

describe("abort", () => {
  test("a call aborted before it starts is not run", async () => {
    let ran = false;
    const tool = fakeTool({ name: "T", readOnly: true, call: async () => ((ran = true), { data: "x" }) });
    const context = await contextWith(tool);
    context.abortController.abort();
    const { result, stage } = await callTool(context, "T", {});
    expect(stage).toBe("aborted");
    expect(result.is_error).toBe(true);
    expect(ran).toBe(false);
  });

  test("an abort during a call that ignores its signal still returns at once", async () => {
    const started = deferred<void>();
    const never = fakeTool({ name: "Hangs", readOnly: true, call: () => (started.resolve(), new Promise(() => {})) });
    const context = await contextWith(never);
    const pending = callTool(context, "Hangs", {});
    await started.promise;
    context.abortController.abort();
    const { stage, text } = await pending;
    expect(stage).toBe("aborted");
    expect(text).toContain("Interrupted");
  });
});

describe("nothing throws out of runToolUse", () => {
  const allow = async () => ({ decision: "allow" as const, reason: "test" });

  test("a concurrency check that throws after the call keeps the call's result", async () => {
    const tool = fakeTool({ name: "Odd", readOnly: true, concurrencySafe: () => { throw new Error("no idea"); } });
    const outcome = await runToolUse({ toolUse: { id: "toolu_1", name: "Odd", input: { text: "x" } }, context: await contextWith(tool), canUseTool: allow });
    expect(outcome.stage).toBe("done");
    expect(toolResultText(outcome.result)).toBe("Odd:x");
  });

  test("a result mapping that throws says the tool ran, and is logged", async () => {
    const tool = fakeTool({ name: "Mapless", readOnly: true, extra: { mapToolResultToToolResultBlockParam: () => { throw new RangeError("bad shape"); } } });
    const context = await contextWith(tool);
    const outcome = await runToolUse({ toolUse: { id: "toolu_1", name: "Mapless", input: {} }, context, canUseTool: allow });
    expect(outcome.result.is_error).toBe(true);
    expect(toolResultText(outcome.result)).toBe("Error: Mapless ran, but its result could not be shown: bad shape");
    expect(readFileSync(`${context.sessionDirectory}/errors.log`, "utf8")).toContain("RangeError: bad shape");
  });

  test("validateInput that throws: a ToolError reaches the model as it is, anything else is logged", async () => {
    const tool = (error: Error) => fakeTool({ name: "V", readOnly: true, extra: { validateInput: async () => { throw error; } } });
    const corrected = await callTool(await contextWith(tool(new ToolError("the path must be absolute"))), "V", {});
    expect(corrected.text).toBe("Error: the path must be absolute");
    const context = await contextWith(tool(new Error("validator bug")));
    const buggy = await callTool(context, "V", {});
    expect(buggy.result.is_error).toBe(true);
    expect(buggy.text).toContain("validator bug");
    expect(readFileSync(`${context.sessionDirectory}/errors.log`, "utf8")).toContain("validator bug");
  });

  test("a thrown value that cannot become text still yields a result", async () => {
    const tool = fakeTool({ name: "Weird", readOnly: true, call: async () => { throw Object.create(null); } });
    const { result, text } = await callTool(await contextWith(tool), "Weird", {});
    expect(result.is_error).toBe(true);
    expect(text).toBe("Error: a thrown object that cannot be shown as text");
  });

  test("a huge result that is not a string is saved, not lost", async () => {
    const parts = Array.from({ length: 500 }, (_, index) => ({ type: "text" as const, text: `chunk ${index} `.repeat(20) }));
    const tool = fakeTool({
      name: "Parts",
      readOnly: true,
      maxResultSizeChars: 1000,
      extra: { mapToolResultToToolResultBlockParam: (_output, id) => ({ type: "tool_result" as const, tool_use_id: id, content: parts }) },
    });
    const { text, stage } = await callTool(await contextWith(tool), "Parts", {});
    expect(stage).toBe("done");
    const path = /saved in full to:\n(\S+)/.exec(text)?.[1] as string;
    expect(readFileSync(path, "utf8")).toBe(parts.map((part) => part.text).join("\n"));
  });

  test("an abort while the permission question is open ends the call at once, without running it", async () => {
    let ran = false;
    const tool = fakeTool({ name: "Asks", call: async () => ((ran = true), { data: "x" }) });
    const context = await contextWith(tool);
    const asked = deferred<void>();
    const pending = runToolUse({
      toolUse: { id: "toolu_1", name: "Asks", input: {} },
      context,
      // A person who never answers: only the abort can end this.
      canUseTool: () => (asked.resolve(), new Promise(() => {})),
    });
    await asked.promise;
    context.abortController.abort();
    const outcome = await pending;
    expect(outcome.stage).toBe("aborted");
    expect(outcome.result.is_error).toBe(true);
    expect(ran).toBe(false);
  });

  test("an abort during a slow validateInput ends the call too", async () => {
    const checking = deferred<void>();
    const tool = fakeTool({ name: "Slow", readOnly: true, extra: { validateInput: () => (checking.resolve(), new Promise(() => {})) } });
    const context = await contextWith(tool);
    const pending = callTool(context, "Slow", {});
    await checking.promise;
    context.abortController.abort();
    expect((await pending).stage).toBe("aborted");
  });
});
