import { afterEach, describe, expect, test } from "bun:test";
import { readFileSync, statSync, utimesSync, writeFileSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { callTool } from "../../helpers/testSession.ts";
import { createToolFixture, type ToolFixture } from "../../helpers/toolFixture.ts";

let fixture: ToolFixture;
afterEach(async () => {
  await fixture?.remove();
});

async function readyFile(name: string, content: string): Promise<string> {
  fixture = await createToolFixture({ allow: ["Edit", "Read"] });
  const path = join(fixture.folder.path, name);
  writeFileSync(path, content);
  await callTool(fixture.context, "Read", { file_path: path });
  return path;
}

describe("Edit", () => {
  test("replaces a unique string and shows the edited region with line numbers", async () => {
    const lines = Array.from({ length: 20 }, (_, index) => `line ${index + 1}`);
    const path = await readyFile("a.txt", `${lines.join("\n")}\n`);
    const result = await callTool(fixture.context, "Edit", { file_path: path, old_string: "line 10\n", new_string: "ten\nTEN\n" });
    expect(result.result.is_error).toBeUndefined();
    expect(result.text).toBe(`Edited ${path}. The edited region:\n6\tline 6\n7\tline 7\n8\tline 8\n9\tline 9\n10\tten\n11\tTEN\n12\tline 11\n13\tline 12\n14\tline 13\n15\tline 14`);
    expect(readFileSync(path, "utf8")).toContain("line 9\nten\nTEN\nline 11\n");
  });

  test("a string that occurs more than once needs replace_all", async () => {
    const path = await readyFile("b.txt", "foo\nbar\nfoo\n");
    const ambiguous = await callTool(fixture.context, "Edit", { file_path: path, old_string: "foo", new_string: "baz" });
    expect(ambiguous.result.is_error).toBe(true);
    expect(ambiguous.text).toContain("occurs 2 times");
    expect(ambiguous.text).toContain("lines 1, 3");
    const all = await callTool(fixture.context, "Edit", { file_path: path, old_string: "foo", new_string: "baz", replace_all: true });
    expect(all.text).toContain("Replaced 2 occurrences");
    expect(readFileSync(path, "utf8")).toBe("baz\nbar\nbaz\n");
  });

  test("old_string equal to new_string is an error", async () => {
    const path = await readyFile("c.txt", "x\n");
    const result = await callTool(fixture.context, "Edit", { file_path: path, old_string: "x", new_string: "x" });
    expect(result.stage).toBe("validation");
    expect(result.text).toContain("are the same");
  });

  test("a miss that differs in whitespace shows the real text", async () => {
    const path = await readyFile("d.ts", "function f() {\n\treturn  1;\n}\n");
    const result = await callTool(fixture.context, "Edit", { file_path: path, old_string: "  return 1;", new_string: "  return 2;" });
    expect(result.result.is_error).toBe(true);
    expect(result.text).toContain("apart from whitespace");
    expect(result.text).toContain("2\t\treturn  1;");
  });

  test("a miss that differs in curly quotes says so", async () => {
    const path = await readyFile("e.md", "He said \u201chello\u201d.\n");
    const result = await callTool(fixture.context, "Edit", { file_path: path, old_string: 'He said "hello".', new_string: "Bye." });
    expect(result.text).toContain("apart from quotes");
    expect(result.text).toContain("1\tHe said \u201chello\u201d.");
  });

  test("a miss with Read's line numbers says to leave them out; a plain miss says to match exactly", async () => {
    const path = await readyFile("f.txt", "alpha\nbeta\n");
    const numbered = await callTool(fixture.context, "Edit", { file_path: path, old_string: "1\talpha\n2\tbeta", new_string: "x" });
    expect(numbered.text).toContain("line numbers");
    const plain = await callTool(fixture.context, "Edit", { file_path: path, old_string: "gamma", new_string: "x" });
    expect(plain.text).toContain("old_string was not found");
    expect(plain.text).toContain("Match the file's text exactly");
  });

  test("keeps CRLF line ends and a BOM", async () => {
    const path = await readyFile("g.txt", "\uFEFFone\r\ntwo\r\nthree\r\n");
    const result = await callTool(fixture.context, "Edit", { file_path: path, old_string: "two\nthree", new_string: "2\n3" });
    expect(result.result.is_error).toBeUndefined();
    expect(readFileSync(path, "utf8")).toBe("\uFEFFone\r\n2\r\n3\r\n");
  });

  test("a file that mixes LF and CRLF keeps every untouched line end, and new lines take the replaced text's end", async () => {
    const path = await readyFile("mixed.txt", "one\r\ntwo\r\nthree\nfour\n");
    const crlfRegion = await callTool(fixture.context, "Edit", { file_path: path, old_string: "two", new_string: "2a\n2b" });
    expect(crlfRegion.result.is_error).toBeUndefined();
    expect(readFileSync(path, "utf8")).toBe("one\r\n2a\r\n2b\r\nthree\nfour\n");
    await callTool(fixture.context, "Read", { file_path: path });
    const spanning = await callTool(fixture.context, "Edit", { file_path: path, old_string: "three\nfour", new_string: "3\n4" });
    expect(spanning.result.is_error).toBeUndefined();
    expect(readFileSync(path, "utf8")).toBe("one\r\n2a\r\n2b\r\n3\n4\n");
  });

  test("replace_all in a CRLF file keeps CRLF everywhere", async () => {
    const path = await readyFile("all.txt", "a x\r\nb x\r\n");
    const result = await callTool(fixture.context, "Edit", { file_path: path, old_string: "x", new_string: "y\nz", replace_all: true });
    expect(result.result.is_error).toBeUndefined();
    expect(readFileSync(path, "utf8")).toBe("a y\r\nz\r\nb y\r\nz\r\n");
  });

  test("refuses a file that is not UTF-8 and leaves its bytes as they were", async () => {
    fixture = await createToolFixture({ allow: ["Edit", "Read"] });
    const path = join(fixture.folder.path, "latin1.txt");
    const bytes = Buffer.from([0x63, 0x61, 0x66, 0xe9, 0x0a, 0x6f, 0x6e, 0x65, 0x0a]); // "caf\xe9\none\n" in Latin-1
    writeFileSync(path, bytes);
    await callTool(fixture.context, "Read", { file_path: path });
    const result = await callTool(fixture.context, "Edit", { file_path: path, old_string: "one", new_string: "two" });
    expect(result.result.is_error).toBe(true);
    expect(result.text).toContain("is not UTF-8 text");
    expect(readFileSync(path).equals(bytes)).toBe(true);
  });

  test("edits UTF-16 text in its own encoding, BOM and line ends", async () => {
    fixture = await createToolFixture({ allow: ["Edit", "Read"] });
    const path = join(fixture.folder.path, "utf16.txt");
    writeFileSync(path, Buffer.from("\uFEFFone\r\ntwo\r\n", "utf16le").swap16());
    await callTool(fixture.context, "Read", { file_path: path });
    const result = await callTool(fixture.context, "Edit", { file_path: path, old_string: "two", new_string: "zwei\ndrei" });
    expect(result.result.is_error).toBeUndefined();
    expect(readFileSync(path)).toEqual(Buffer.from("\uFEFFone\r\nzwei\r\ndrei\r\n", "utf16le").swap16());
    // Cut in half past its BOM: refused, and left as it was.
    const broken = join(fixture.folder.path, "broken.txt");
    const bytes = Buffer.concat([Buffer.from("\uFEFFab", "utf16le"), Buffer.from([0x00, 0xd8, 0x41])]);
    writeFileSync(broken, bytes);
    await callTool(fixture.context, "Read", { file_path: broken });
    const refused = await callTool(fixture.context, "Edit", { file_path: broken, old_string: "a", new_string: "b" });
    expect(refused.result.is_error).toBe(true);
    expect(refused.text).toContain("is not valid UTF-16");
    expect(readFileSync(broken).equals(bytes)).toBe(true);
  });

  test("refuses a file that was not read, or that changed since it was read", async () => {
    fixture = await createToolFixture({ allow: ["Edit", "Read"] });
    const path = join(fixture.folder.path, "h.txt");
    writeFileSync(path, "one\n");
    const unread = await callTool(fixture.context, "Edit", { file_path: path, old_string: "one", new_string: "two" });
    expect(unread.text).toContain("has not been read in this session");
    await callTool(fixture.context, "Read", { file_path: path });
    writeFileSync(path, "one more\n");
    utimesSync(path, new Date(), new Date(Date.now() + 5000));
    const stale = await callTool(fixture.context, "Edit", { file_path: path, old_string: "one", new_string: "two" });
    expect(stale.text).toContain("has changed since it was last read");
    expect(readFileSync(path, "utf8")).toBe("one more\n");
  });

  test("an empty old_string creates a missing file; on a file with content it is an error", async () => {
    fixture = await createToolFixture({ allow: ["Edit", "Read"] });
    const path = join(fixture.folder.path, "new", "file.txt");
    const created = await callTool(fixture.context, "Edit", { file_path: path, old_string: "", new_string: "hello\n" });
    expect(created.text).toStartWith(`Created ${path}`);
    expect(readFileSync(path, "utf8")).toBe("hello\n");
    const refused = await callTool(fixture.context, "Edit", { file_path: path, old_string: "", new_string: "again\n" });
    expect(refused.text).toContain("already has content");
  });

  test("a missing file suggests close names; notebooks and folders are refused", async () => {
    fixture = await createToolFixture({ allow: ["Edit", "Read"] });
    writeFileSync(join(fixture.folder.path, "config.json"), "{}");
    const missing = await callTool(fixture.context, "Edit", { file_path: join(fixture.folder.path, "confg.json"), old_string: "a", new_string: "b" });
    expect(missing.text).toContain(`Did you mean ${join(fixture.folder.path, "config.json")}`);
    const notebook = await callTool(fixture.context, "Edit", { file_path: join(fixture.folder.path, "n.ipynb"), old_string: "a", new_string: "b" });
    expect(notebook.text).toContain("NotebookEdit");
    mkdirSync(join(fixture.folder.path, "dir"));
    const folderResult = await callTool(fixture.context, "Edit", { file_path: join(fixture.folder.path, "dir"), old_string: "a", new_string: "b" });
    expect(folderResult.text).toContain("is a folder");
    const relative = await callTool(fixture.context, "Edit", { file_path: "x.txt", old_string: "a", new_string: "b" });
    expect(relative.text).toContain("must be an absolute path");
  });
});

describe("Edit permissions", () => {
  test("without an allow rule a non-interactive run is denied and the file is unchanged", async () => {
    fixture = await createToolFixture({ allow: ["Read"] });
    const path = join(fixture.folder.path, "p.txt");
    writeFileSync(path, "one\n");
    await callTool(fixture.context, "Read", { file_path: path });
    const before = statSync(path).mtimeMs;
    const result = await callTool(fixture.context, "Edit", { file_path: path, old_string: "one", new_string: "two" });
    expect(result.stage).toBe("permission");
    expect(result.text).toContain("Edit");
    expect(statSync(path).mtimeMs).toBe(before);
  });

  test("declares itself neither read-only nor concurrency-safe", async () => {
    const { EditTool } = await import("../../../src/tools/EditTool/EditTool.ts");
    const input = { file_path: "/x", old_string: "a", new_string: "b", replace_all: false };
    expect(EditTool.isReadOnly(input)).toBe(false);
    expect(EditTool.isConcurrencySafe(input)).toBe(false);
    expect(EditTool.isDestructive(input)).toBe(false);
  });
});
