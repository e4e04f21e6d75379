import { afterEach, expect, test } from "bun:test";
import { closeSync, ftruncateSync, mkdirSync, openSync, statSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import { MAX_NOTEBOOK_EDIT_BYTES } from "../../../src/tools/NotebookEditTool/limits.ts";
import { makeFifo } from "../../helpers/specialFiles.ts";
import { callTool } from "../../helpers/testSession.ts";
import { createToolFixture, type ToolFixture } from "../../helpers/toolFixture.ts";

let fixture: ToolFixture;
afterEach(async () => {
  await fixture?.remove();
});

const edit = (path: string) => callTool(fixture.context, "NotebookEdit", { notebook_path: path, cell_id: "a", new_source: "x" });

test("a named pipe is refused at once instead of blocking before any check", async () => {
  fixture = await createToolFixture({ allow: ["NotebookEdit"] });
  const path = makeFifo(join(fixture.folder.path, "pipe.ipynb"));
  const result = await edit(path);
  expect(result.stage).toBe("call");
  expect(result.text).toContain(`${path} is a named pipe, not a regular file`);
});

test("a symlink to /dev/zero is refused without reading from it", async () => {
  fixture = await createToolFixture({ allow: ["NotebookEdit"] });
  const path = join(fixture.folder.path, "zero.ipynb");
  symlinkSync("/dev/zero", path);
  const result = await edit(path);
  expect(result.text).toContain(`${path} is a character device, not a regular file`);
});

test("a folder named like a notebook is a clear error, not a raw EISDIR", async () => {
  fixture = await createToolFixture({ allow: ["NotebookEdit"] });
  const path = join(fixture.folder.path, "x.ipynb");
  mkdirSync(path);
  const result = await edit(path);
  expect(result.text).toBe(`Error: ${path} is a folder, not a file. Give the path of a file to edit.`);
});

test("a notebook larger than the limit is refused with the limit", async () => {
  fixture = await createToolFixture({ allow: ["NotebookEdit", "Read"] });
  const path = join(fixture.folder.path, "big.ipynb");
  const descriptor = openSync(path, "w");
  ftruncateSync(descriptor, MAX_NOTEBOOK_EDIT_BYTES + 1);
  closeSync(descriptor);
  const { mtimeMs, size, ino } = statSync(path);
  fixture.context.services.fileState.set(path, { mtimeMs, size, ino, readAt: 0 });
  const result = await edit(path);
  expect(result.text).toContain(`more than the ${MAX_NOTEBOOK_EDIT_BYTES / 1024 / 1024} MB NotebookEdit changes`);
});
