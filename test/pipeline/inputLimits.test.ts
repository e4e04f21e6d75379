import { afterEach, beforeEach, expect, test } from "bun:test";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { toolResultText } from "../../src/Tool.ts";
import { createCanUseTool } from "../../src/permissions/createCanUseTool.ts";
import { nonInteractiveAskHandler } from "../../src/permissions/askHandler.ts";
import { MAX_ERROR_RESULT_CHARS, MAX_INPUT_DEPTH } from "../../src/pipeline/limits.ts";
import { runTools } from "../../src/pipeline/runTools.ts";
import { getAllBaseTools } from "../../src/tools.ts";
import { createTemporaryFolder, type TemporaryFolder } from "../helpers/temporaryFolder.ts";
import { callTool, createTestContext } from "../helpers/testSession.ts";

let folder: TemporaryFolder;
beforeEach(() => {
  folder = createTemporaryFolder();
});
afterEach(() => folder.remove());

const context = () => createTestContext({ tools: getAllBaseTools(), cwd: folder.path, mode: "bypassPermissions" });
const errorsLog = () => join(folder.path, ".session", "errors.log");

function nested(depth: number): unknown {
  let value: unknown = "leaf";
  for (let level = 0; level < depth; level++) value = [value];
  return value;
}

test("a 100,000-deep value in tool input is a clear validation error, not a stack overflow", async () => {
  const session = await context();
  for (const input of [{ file_path: nested(100_000) }, nested(100_000), { pattern: "x", path: { deeper: nested(100_000) } }]) {
    for (const name of ["Read", "Grep", "Bash"]) {
      const outcome = await callTool(session, name, input);
      expect(outcome.stage).toBe("validation");
      expect(outcome.text).toContain(`nested more than ${MAX_INPUT_DEPTH} levels deep`);
    }
  }
  // Several calls at once are partitioned by parsing their input too.
  const { outcomes } = await runTools({
    toolUses: [{ id: "a", name: "Read", input: { file_path: nested(100_000) } }, { id: "b", name: "Glob", input: { pattern: nested(100_000) } }],
    context: session,
    canUseTool: createCanUseTool(nonInteractiveAskHandler),
  });
  expect(outcomes.map((outcome) => outcome.stage)).toEqual(["validation", "validation"]);
  expect(existsSync(errorsLog())).toBe(false);
});

test("input just within the depth limit is judged by the schema as usual", async () => {
  const outcome = await callTool(await context(), "LS", { path: folder.path, ignore: nested(MAX_INPUT_DEPTH - 2) });
  expect(outcome.stage).toBe("validation");
  expect(outcome.text).toContain("InputValidationError: LS was called with invalid input");
});

test("error results have a size limit too: a 2 MB path does not come back as megabytes of error text", async () => {
  const session = await context();
  const path = `/${"p".repeat(2_000_000)}`;
  for (const [name, input] of [["Read", { file_path: path }], ["Edit", { file_path: path, old_string: "a", new_string: "b" }], ["Grep", { pattern: "x", path }], [path, {}]] as const) {
    const outcome = await callTool(session, name, input);
    expect(outcome.result.is_error).toBe(true);
    const tool = getAllBaseTools().find((candidate) => candidate.name === name);
    expect(toolResultText(outcome.result).length).toBeLessThanOrEqual(Math.min(MAX_ERROR_RESULT_CHARS, tool?.maxResultSizeChars ?? MAX_ERROR_RESULT_CHARS));
    // The cut keeps the start and the end, and says so.
    expect(outcome.text).toContain("characters in all; the middle was cut");
  }
  expect(existsSync(errorsLog())).toBe(false);
});
