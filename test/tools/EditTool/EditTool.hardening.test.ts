import { afterEach, expect, test } from "bun:test";
import { chownSync, closeSync, ftruncateSync, linkSync, lstatSync, openSync, readFileSync, readlinkSync, statSync, symlinkSync, writeFileSync, writeSync } from "node:fs";
import { join } from "node:path";
import { MAX_EDIT_FILE_BYTES } from "../../../src/tools/EditTool/limits.ts";
import { reportSkip } from "../../helpers/specialFiles.ts";
import { callTool } from "../../helpers/testSession.ts";
import { createToolFixture, type ToolFixture } from "../../helpers/toolFixture.ts";

let fixture: ToolFixture;
afterEach(async () => {
  await fixture?.remove();
});

test("a file larger than Edit's limit is refused with the limit and what to do, without being loaded", async () => {
  fixture = await createToolFixture({ allow: ["Edit", "Read"] });
  const path = join(fixture.folder.path, "huge.txt");
  const descriptor = openSync(path, "w");
  // Text at the start (Read refuses a file that starts with NUL bytes as binary), then a sparse rest.
  writeSync(descriptor, `${"a".repeat(16 * 1024)}\n`);
  ftruncateSync(descriptor, MAX_EDIT_FILE_BYTES + 1024 * 1024);
  closeSync(descriptor);
  await callTool(fixture.context, "Read", { file_path: path, offset: 1, limit: 1 });
  const result = await callTool(fixture.context, "Edit", { file_path: path, old_string: "a", new_string: "b" });
  expect(result.result.is_error).toBe(true);
  expect(result.text).toContain(`more than the ${MAX_EDIT_FILE_BYTES / 1024 / 1024} MB Edit changes`);
  expect(result.text).toContain("Bash");
});

test("an empty old_string through a symlink loop is refused; the link stays a link", async () => {
  fixture = await createToolFixture({ allow: ["Edit"] });
  const link = join(fixture.folder.path, "loop");
  symlinkSync(link, link);
  const result = await callTool(fixture.context, "Edit", { file_path: link, old_string: "", new_string: "x" });
  expect(result.stage).toBe("call");
  expect(result.text).toContain("is a symbolic link that loops");
  expect(lstatSync(link).isSymbolicLink()).toBe(true);
  expect(readlinkSync(link)).toBe(link);
});

test("an empty old_string through a link to a missing file says so instead of replacing the link", async () => {
  fixture = await createToolFixture({ allow: ["Edit"] });
  const link = join(fixture.folder.path, "dangling");
  symlinkSync(join(fixture.folder.path, "missing.txt"), link);
  const result = await callTool(fixture.context, "Edit", { file_path: link, old_string: "", new_string: "x" });
  expect(result.text).toContain(`is a symbolic link to ${join(fixture.folder.path, "missing.txt")}, which does not exist`);
  expect(lstatSync(link).isSymbolicLink()).toBe(true);
});

test("editing a file with another hard link changes it under both names", async () => {
  // The permission engine never lets an allow rule write a hard-linked file: a person says yes here.
  fixture = await createToolFixture({ allow: ["Read"], interactive: true });
  const path = join(fixture.folder.path, "a.txt");
  const other = join(fixture.folder.path, "b.txt");
  writeFileSync(path, "one\ntwo\n");
  linkSync(path, other);
  await callTool(fixture.context, "Read", { file_path: path });
  const result = await callTool(fixture.context, "Edit", { file_path: path, old_string: "two", new_string: "TWO" }, { interactive: true, ask: async () => "yes" });
  expect(result.result.is_error).toBeUndefined();
  expect(readFileSync(other, "utf8")).toBe("one\nTWO\n");
  expect(statSync(path).nlink).toBe(2);
});

test("root editing another user's file leaves its owner and group as they were", async () => {
  if (process.getuid?.() !== 0) return reportSkip("Edit keeps the owner", "needs root to give a file to another user");
  fixture = await createToolFixture({ allow: ["Edit", "Read"] });
  const path = join(fixture.folder.path, "theirs.txt");
  writeFileSync(path, "mine\n");
  chownSync(path, 65534, 65534);
  await callTool(fixture.context, "Read", { file_path: path });
  await callTool(fixture.context, "Edit", { file_path: path, old_string: "mine", new_string: "still theirs" });
  expect(readFileSync(path, "utf8")).toBe("still theirs\n");
  expect([statSync(path).uid, statSync(path).gid]).toEqual([65534, 65534]);
});
