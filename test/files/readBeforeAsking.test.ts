/**
 * A change to a file the session has not read is refused instead of asked about: once the engine
 * has decided to ask, the tool's beforeAsking says the change could not be made, so the person is
 * never asked to approve it. A deny rule still answers first (the result says nothing of whether
 * the file exists). Once the file is read, the same call asks.
 */
import { afterEach, expect, test } from "bun:test";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { AskHandler, AskRequest } from "../../src/permissions/askHandler.ts";
import { callTool } from "../helpers/testSession.ts";
import { createToolFixture, type ToolFixture } from "../helpers/toolFixture.ts";

let fixture: ToolFixture | undefined;
afterEach(async () => {
  await fixture?.remove();
  fixture = undefined;
});

const NOTEBOOK = JSON.stringify({ cells: [{ cell_type: "code", id: "c1", source: ["print(1)\n"], metadata: {}, outputs: [], execution_count: null }], metadata: {}, nbformat: 4, nbformat_minor: 5 });

for (const { tool, file, content, input } of [
  { tool: "Edit", file: "notes.txt", content: "one\n", input: (path: string) => ({ file_path: path, old_string: "one", new_string: "two" }) },
  { tool: "Write", file: "notes.txt", content: "one\n", input: (path: string) => ({ file_path: path, content: "two\n" }) },
  { tool: "NotebookEdit", file: "book.ipynb", content: NOTEBOOK, input: (path: string) => ({ notebook_path: path, cell_id: "c1", new_source: "print(2)" }) },
]) {
  test(`${tool} of a file not read is refused without a question; once it is read, the call asks`, async () => {
    const asked: AskRequest[] = [];
    const recorder: AskHandler = { interactive: true, ask: async (request) => (asked.push(request), "no") };
    fixture = await createToolFixture({ interactive: true });
    const path = join(fixture.folder.path, file);
    writeFileSync(path, content);
    const unread = await callTool(fixture.context, tool, input(path), recorder);
    expect(unread.stage).toBe("validation");
    expect(unread.text).toContain("has not been read in this session");
    expect(asked).toEqual([]);
    expect(readFileSync(path, "utf8")).toBe(content);
    await callTool(fixture.context, "Read", { file_path: path }, recorder);
    const read = await callTool(fixture.context, tool, input(path), recorder);
    expect(read.stage).toBe("permission");
    expect(asked.length).toBeGreaterThan(0);
  });
}

test("a new file needs no Read: Write asks to create it", async () => {
  const asked: AskRequest[] = [];
  const recorder: AskHandler = { interactive: true, ask: async (request) => (asked.push(request), "no") };
  fixture = await createToolFixture({ interactive: true });
  const outcome = await callTool(fixture.context, "Write", { file_path: join(fixture.folder.path, "new.txt"), content: "hi\n" }, recorder);
  expect(outcome.stage).toBe("permission");
  expect(asked).toHaveLength(1);
});

test("a rule that denies the change answers first, so the result does not tell whether the file exists", async () => {
  const asked: AskRequest[] = [];
  const recorder: AskHandler = { interactive: true, ask: async (request) => (asked.push(request), "no") };
  fixture = await createToolFixture({ interactive: true, settings: { permissions: { deny: ["Edit(./secret*)"] } } });
  const present = join(fixture.folder.path, "secret.txt");
  writeFileSync(present, "one\n");
  const outcomes = await Promise.all([present, join(fixture.folder.path, "secret-missing.txt")].map((path) =>
    callTool(fixture!.context, "Edit", { file_path: path, old_string: "one", new_string: "two" }, recorder)));
  for (const outcome of outcomes) {
    expect(outcome.stage).toBe("permission");
    expect(outcome.text).toContain("denie");
    expect(outcome.text).not.toContain("has not been read");
  }
  expect(asked).toEqual([]);
});
