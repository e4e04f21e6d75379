/** Edit and Write preview the change a call would make (for the permission question), without writing. */
import { afterEach, expect, test } from "bun:test";
import { mkfifoSync } from "./mkfifo.ts";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { previewEdit } from "../../src/tools/EditTool/previewEdit.ts";
import { previewWrite } from "../../src/tools/WriteTool/previewWrite.ts";
import { createTemporaryFolder, type TemporaryFolder } from "../helpers/temporaryFolder.ts";

let folder: TemporaryFolder | undefined;
afterEach(() => {
  folder?.remove();
  folder = undefined;
});

test("Edit: the text before and after, CRLF seen as LF; once, or everywhere with replace_all; nothing when the text is not there", async () => {
  folder = createTemporaryFolder();
  const file = join(folder.path, "a.txt");
  writeFileSync(file, "a b a\r\nend\r\n");
  expect(await previewEdit({ file_path: file, old_string: "a", new_string: "x" })).toEqual({ path: file, before: "a b a\nend\n", after: "x b a\nend\n" });
  expect((await previewEdit({ file_path: file, old_string: "a", new_string: "x", replace_all: true }))?.after).toBe("x b x\nend\n");
  expect(await previewEdit({ file_path: file, old_string: "zzz", new_string: "x" })).toBeUndefined();
  expect(await previewEdit({ file_path: join(folder.path, "new.txt"), old_string: "", new_string: "fresh" })).toEqual({ path: join(folder.path, "new.txt"), before: undefined, after: "fresh" });
  expect(readFileSync(file, "utf8")).toBe("a b a\r\nend\r\n");
});

test("Write: the current text (none for a new file) and the new one; a FIFO or a binary file gets no preview", async () => {
  folder = createTemporaryFolder();
  const file = join(folder.path, "b.txt");
  expect(await previewWrite({ file_path: file, content: "new\n" })).toEqual({ path: file, before: undefined, after: "new\n" });
  writeFileSync(file, "old\n");
  expect(await previewWrite({ file_path: file, content: "new\n" })).toEqual({ path: file, before: "old\n", after: "new\n" });
  const fifo = join(folder.path, "pipe");
  mkfifoSync(fifo);
  expect(await previewWrite({ file_path: fifo, content: "x" })).toBeUndefined();
  writeFileSync(join(folder.path, "bin"), new Uint8Array([0xff, 0xfe, 0x00, 0xc3]));
  expect(await previewWrite({ file_path: join(folder.path, "bin"), content: "x" })).toBeUndefined();
});
