import { afterEach, describe, expect, test } from "bun:test";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { NotebookEditTool } from "../../../src/tools/NotebookEditTool/NotebookEditTool.ts";
import { callTool } from "../../helpers/testSession.ts";
import { createToolFixture, type ToolFixture } from "../../helpers/toolFixture.ts";

let fixture: ToolFixture;
afterEach(async () => {
  await fixture?.remove();
});

const NOTEBOOK = {
  cells: [
    { id: "a1", cell_type: "markdown", metadata: {}, source: ["# Title"] },
    { id: "b2", cell_type: "code", metadata: {}, execution_count: 3, source: ["x = 1\n", "x"], outputs: [{ output_type: "execute_result", data: { "text/plain": "1" }, metadata: {}, execution_count: 3 }] },
  ],
  metadata: { kernelspec: { name: "python3" } },
  nbformat: 4,
  nbformat_minor: 5,
};

async function readyNotebook(allow = ["NotebookEdit", "Read"]): Promise<string> {
  fixture = await createToolFixture({ allow });
  const path = join(fixture.folder.path, "n.ipynb");
  writeFileSync(path, `${JSON.stringify(NOTEBOOK, null, 1)}\n`);
  await callTool(fixture.context, "Read", { file_path: path });
  return path;
}

function cells(path: string): Array<{ id?: string; cell_type: string; source: string[]; outputs?: unknown[] }> {
  return JSON.parse(readFileSync(path, "utf8")).cells;
}

describe("NotebookEdit", () => {
  test("replace sets the source and clears a code cell's outputs; the rest of the file is kept", async () => {
    const path = await readyNotebook();
    const result = await callTool(fixture.context, "NotebookEdit", { notebook_path: path, cell_id: "b2", new_source: "y = 2\ny" });
    expect(result.text).toBe(`Replaced cell b2 in ${path} (2 cells now).`);
    const [, code] = cells(path);
    expect(code?.source).toEqual(["y = 2\n", "y"]);
    expect(code?.outputs).toEqual([]);
    const text = readFileSync(path, "utf8");
    expect(text).toStartWith('{\n "cells": [');
    expect(JSON.parse(text).metadata).toEqual(NOTEBOOK.metadata);
  });

  test("numbers in the untouched rest keep their text: no rounding past 2^53, no 1.0 turned into 1, no 1e400 turned into null", async () => {
    fixture = await createToolFixture({ allow: ["NotebookEdit", "Read"] });
    const path = join(fixture.folder.path, "numbers.ipynb");
    const before = `${JSON.stringify(NOTEBOOK, null, 1)}\n`.replace('"kernelspec": {', '"seed": 12345678901234567891,\n  "ratio": 1.0,\n  "huge": 1e400,\n  "small": 2.50e-3,\n  "kernelspec": {');
    writeFileSync(path, before);
    await callTool(fixture.context, "Read", { file_path: path });
    const result = await callTool(fixture.context, "NotebookEdit", { notebook_path: path, cell_id: "a1", new_source: "# New title" });
    expect(result.result.is_error).toBeUndefined();
    const after = readFileSync(path, "utf8");
    expect(after).toBe(before.replace('"# Title"', '"# New title"'));
  });

  test("replace can change the cell type", async () => {
    const path = await readyNotebook();
    await callTool(fixture.context, "NotebookEdit", { notebook_path: path, cell_id: "b2", new_source: "Now prose", cell_type: "markdown" });
    const [, changed] = cells(path);
    expect(changed?.cell_type).toBe("markdown");
    expect(changed?.outputs).toBeUndefined();
  });

  test("insert goes after cell_id, or first without one; it needs cell_type", async () => {
    const path = await readyNotebook();
    await callTool(fixture.context, "NotebookEdit", { notebook_path: path, cell_id: "a1", new_source: "middle", cell_type: "code", edit_mode: "insert" });
    await callTool(fixture.context, "NotebookEdit", { notebook_path: path, new_source: "first", cell_type: "markdown", edit_mode: "insert" });
    expect(cells(path).map((cell) => cell.source.join(""))).toEqual(["first", "# Title", "middle", "x = 1\nx"]);
    expect(cells(path)[0]?.id).toMatch(/^[0-9a-f]{8}$/);
    const missingType = await callTool(fixture.context, "NotebookEdit", { notebook_path: path, new_source: "x", edit_mode: "insert" });
    expect(missingType.text).toContain("cell_type is required");
  });

  test("delete removes the cell", async () => {
    const path = await readyNotebook();
    const result = await callTool(fixture.context, "NotebookEdit", { notebook_path: path, cell_id: "a1", new_source: "", edit_mode: "delete" });
    expect(result.text).toContain("Deleted cell a1");
    expect(cells(path).map((cell) => cell.id)).toEqual(["b2"]);
  });

  test("errors: unknown cell id, missing cell id, not a notebook, unread or changed notebook", async () => {
    const path = await readyNotebook();
    expect((await callTool(fixture.context, "NotebookEdit", { notebook_path: path, cell_id: "zz", new_source: "x" })).text).toContain("Its cells are: a1, b2");
    expect((await callTool(fixture.context, "NotebookEdit", { notebook_path: path, new_source: "x" })).text).toContain("cell_id is required");
    expect((await callTool(fixture.context, "NotebookEdit", { notebook_path: join(fixture.folder.path, "a.py"), cell_id: "a1", new_source: "x" })).stage).toBe("validation");
    const other = join(fixture.folder.path, "other.ipynb");
    writeFileSync(other, JSON.stringify(NOTEBOOK));
    expect((await callTool(fixture.context, "NotebookEdit", { notebook_path: other, cell_id: "a1", new_source: "x" })).text).toContain("has not been read");
  });

  test("permissions: denied without an allow rule; delete is destructive", async () => {
    const path = await readyNotebook(["Read"]);
    const result = await callTool(fixture.context, "NotebookEdit", { notebook_path: path, cell_id: "a1", new_source: "x" });
    expect(result.stage).toBe("permission");
    expect(NotebookEditTool.isDestructive({ notebook_path: path, new_source: "", edit_mode: "delete" })).toBe(true);
    expect(NotebookEditTool.isDestructive({ notebook_path: path, new_source: "", edit_mode: "replace" })).toBe(false);
    expect(NotebookEditTool.isReadOnly({ notebook_path: path, new_source: "", edit_mode: "replace" })).toBe(false);
  });
});

describe("NotebookEdit keeps what it did not change", () => {
  /** Jupyter's own layout: keys sorted, one-space indent. */
  const sorted = (value: unknown): unknown => Array.isArray(value)
    ? value.map(sorted)
    : value !== null && typeof value === "object"
      ? Object.fromEntries(Object.keys(value).sort().map((key) => [key, sorted((value as Record<string, unknown>)[key])]))
      : value;
  const JUPYTER_TEXT = `${JSON.stringify(sorted(NOTEBOOK), null, 1)}\n`;

  async function notebookOnDisk(text: string | Buffer): Promise<string> {
    fixture = await createToolFixture({ allow: ["NotebookEdit", "Read"] });
    const path = join(fixture.folder.path, "n.ipynb");
    writeFileSync(path, text);
    await callTool(fixture.context, "Read", { file_path: path });
    return path;
  }

  test("untouched cells and the top level keep their keys in the file's order", async () => {
    const path = await notebookOnDisk(JUPYTER_TEXT);
    await callTool(fixture.context, "NotebookEdit", { notebook_path: path, cell_id: "a1", new_source: "# New title" });
    const before = JUPYTER_TEXT.split("\n");
    const after = readFileSync(path, "utf8").split("\n");
    // Only the edited cell's source line differs.
    expect(after.length).toBe(before.length);
    expect(after.filter((line, index) => line !== before[index])).toEqual(['    "# New title"']);
  });

  test("CRLF line ends and a UTF-8 BOM are kept", async () => {
    const crlf = JUPYTER_TEXT.replaceAll("\n", "\r\n");
    const path = await notebookOnDisk(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(crlf)]));
    const result = await callTool(fixture.context, "NotebookEdit", { notebook_path: path, cell_id: "a1", new_source: "# New title" });
    expect(result.text).toStartWith("Replaced cell a1");
    const bytes = readFileSync(path);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.subarray(3).toString("utf8");
    expect(text.replaceAll("\r\n", "")).not.toContain("\n");
    expect(text).toBe(crlf.replace('"# Title"', '"# New title"'));
  });
});
