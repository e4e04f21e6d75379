import { afterEach, describe, expect, test } from "bun:test";
import { chmodSync, mkdirSync, readFileSync, statSync, symlinkSync, utimesSync, writeFileSync, lstatSync } from "node:fs";
import { join } from "node:path";
import { callTool } from "../../helpers/testSession.ts";
import { createToolFixture, type ToolFixture } from "../../helpers/toolFixture.ts";

let fixture: ToolFixture;
afterEach(async () => {
  await fixture?.remove();
});

async function setUp(): Promise<ToolFixture> {
  fixture = await createToolFixture({ allow: ["Write", "Read"] });
  return fixture;
}

describe("Write", () => {
  test("creates a new file and its parent folders", async () => {
    const { folder, context } = await setUp();
    const path = join(folder.path, "deep", "er", "new.txt");
    const result = await callTool(context, "Write", { file_path: path, content: "one\ntwo\n" });
    expect(result.result.is_error).toBeUndefined();
    expect(result.text).toBe(`Created ${path} (2 lines, 8 bytes).`);
    expect(readFileSync(path, "utf8")).toBe("one\ntwo\n");
  });

  test("refuses to overwrite a file that was not read in this session", async () => {
    const { folder, context } = await setUp();
    const path = join(folder.path, "old.txt");
    writeFileSync(path, "old\n");
    const result = await callTool(context, "Write", { file_path: path, content: "new\n" });
    expect(result.result.is_error).toBe(true);
    expect(result.text).toContain("has not been read in this session");
    expect(readFileSync(path, "utf8")).toBe("old\n");
  });

  test("overwrites after a Read, and refuses once the file changed since", async () => {
    const { folder, context } = await setUp();
    const path = join(folder.path, "a.txt");
    writeFileSync(path, "first\n");
    await callTool(context, "Read", { file_path: path });
    const ok = await callTool(context, "Write", { file_path: path, content: "second\n" });
    expect(ok.text).toStartWith("Updated");
    // Our own write counts as a read: a second Write needs no new Read.
    expect((await callTool(context, "Write", { file_path: path, content: "third\n" })).result.is_error).toBeUndefined();
    writeFileSync(path, "changed by someone else\n");
    utimesSync(path, new Date(), new Date(Date.now() + 5000));
    const stale = await callTool(context, "Write", { file_path: path, content: "fourth\n" });
    expect(stale.result.is_error).toBe(true);
    expect(stale.text).toContain("has changed since it was last read");
    expect(readFileSync(path, "utf8")).toBe("changed by someone else\n");
  });

  test("a touched but unchanged file still counts as read", async () => {
    const { folder, context } = await setUp();
    const path = join(folder.path, "touched.txt");
    writeFileSync(path, "same\n");
    await callTool(context, "Read", { file_path: path });
    utimesSync(path, new Date(), new Date(Date.now() + 10_000));
    expect((await callTool(context, "Write", { file_path: path, content: "new\n" })).result.is_error).toBeUndefined();
  });

  test("a change that kept the size and put the time back is still a change", async () => {
    const { folder, context } = await setUp();
    const path = join(folder.path, "restored.txt");
    writeFileSync(path, "one\ntwo\n");
    // Whole seconds, so putting the time back is exact (as cp -p or a coarse clock makes it).
    utimesSync(path, 1_700_000_000, 1_700_000_000);
    await callTool(context, "Read", { file_path: path });
    const before = statSync(path);
    writeFileSync(path, "one\nTWO\n");
    utimesSync(path, 1_700_000_000, 1_700_000_000);
    expect(statSync(path).mtimeMs).toBe(before.mtimeMs);
    const stale = await callTool(context, "Write", { file_path: path, content: "one\ntwo\nthree\n" });
    expect(stale.result.is_error).toBe(true);
    expect(stale.text).toContain("has changed since it was last read");
    expect(readFileSync(path, "utf8")).toBe("one\nTWO\n");
  });

  test("keeps the mode, CRLF line ends and a BOM of the file it replaces", async () => {
    const { folder, context } = await setUp();
    const path = join(folder.path, "script.sh");
    writeFileSync(path, "\uFEFFecho one\r\necho two\r\n");
    // Group and other write bits are what a umask would strip, so this mode shows it is kept exactly.
    chmodSync(path, 0o777);
    const umask = process.umask(0o022);
    try {
      await callTool(context, "Read", { file_path: path });
      await callTool(context, "Write", { file_path: path, content: "echo three\necho four\n" });
    } finally {
      process.umask(umask);
    }
    expect(readFileSync(path, "utf8")).toBe("\uFEFFecho three\r\necho four\r\n");
    expect(statSync(path).mode & 0o777).toBe(0o777);
  });

  test("keeps UTF-16 (either byte order, with its BOM and CRLF ends) of the file it replaces", async () => {
    const { folder, context } = await setUp();
    const little = join(folder.path, "little.txt");
    const big = join(folder.path, "big.txt");
    writeFileSync(little, Buffer.from("\uFEFFold\r\nline\r\n", "utf16le"));
    writeFileSync(big, Buffer.from("\uFEFFold\n", "utf16le").swap16());
    for (const path of [little, big]) await callTool(context, "Read", { file_path: path });
    const result = await callTool(context, "Write", { file_path: little, content: "new é\nsecond\n" });
    await callTool(context, "Write", { file_path: big, content: "new ü\n" });
    expect(readFileSync(little)).toEqual(Buffer.from("\uFEFFnew é\r\nsecond\r\n", "utf16le"));
    expect(readFileSync(big)).toEqual(Buffer.from("\uFEFFnew ü\n", "utf16le").swap16());
    expect(result.text).toBe(`Updated ${little} (2 lines, ${Buffer.byteLength("\uFEFFnew é\r\nsecond\r\n", "utf16le")} bytes).`);
    // Read shows what was written, and a later Write needs no other Read.
    expect((await callTool(context, "Read", { file_path: little })).text).toContain("new é");
  });

  test("writes a BOM the content starts with, also over a file that had none", async () => {
    const { folder, context } = await setUp();
    const path = join(folder.path, "plain.csv");
    writeFileSync(path, "a,b\n");
    await callTool(context, "Read", { file_path: path });
    await callTool(context, "Write", { file_path: path, content: "\uFEFFa,b,c\n" });
    expect(readFileSync(path, "utf8")).toBe("\uFEFFa,b,c\n");
  });

  test("writes through a symlink to its target and keeps the link", async () => {
    const { folder, context } = await setUp();
    const target = join(folder.path, "target.txt");
    const link = join(folder.path, "link.txt");
    writeFileSync(target, "t\n");
    symlinkSync(target, link);
    await callTool(context, "Read", { file_path: link });
    await callTool(context, "Write", { file_path: link, content: "via link\n" });
    expect(lstatSync(link).isSymbolicLink()).toBe(true);
    expect(readFileSync(target, "utf8")).toBe("via link\n");
  });

  test("rejects a relative path, a folder, and a path under a file", async () => {
    const { folder, context } = await setUp();
    const relative = await callTool(context, "Write", { file_path: "rel.txt", content: "x" });
    expect(relative.stage).toBe("validation");
    expect(relative.text).toContain(`Did you mean ${join(folder.path, "rel.txt")}`);
    mkdirSync(join(folder.path, "dir"));
    const directory = await callTool(context, "Write", { file_path: join(folder.path, "dir"), content: "x" });
    expect(directory.text).toContain("is a folder");
    writeFileSync(join(folder.path, "file"), "x");
    const under = await callTool(context, "Write", { file_path: join(folder.path, "file", "child.txt"), content: "x" });
    expect(under.result.is_error).toBe(true);
    expect(under.text).toContain("is a file, not a folder");
  });

  test("unknown parameters are a validation error", async () => {
    const { folder, context } = await setUp();
    const result = await callTool(context, "Write", { file_path: join(folder.path, "x"), content: "x", mode: "append" });
    expect(result.stage).toBe("validation");
  });
});

describe("Write permissions", () => {
  test("is not read-only; without an allow rule a non-interactive run is denied and nothing is written", async () => {
    fixture = await createToolFixture();
    const path = join(fixture.folder.path, "denied.txt");
    const result = await callTool(fixture.context, "Write", { file_path: path, content: "x" });
    expect(result.stage).toBe("permission");
    expect(result.text).toContain("Write");
    expect(() => statSync(path)).toThrow();
  });

  test("plan mode refuses it even with an allow rule", async () => {
    fixture = await createToolFixture({ allow: ["Write"], mode: "plan" });
    const result = await callTool(fixture.context, "Write", { file_path: join(fixture.folder.path, "p.txt"), content: "x" });
    expect(result.stage).toBe("permission");
  });

  test("an interactive yes lets it run", async () => {
    fixture = await createToolFixture({ interactive: true });
    const path = join(fixture.folder.path, "asked.txt");
    const result = await callTool(fixture.context, "Write", { file_path: path, content: "x" }, { interactive: true, ask: async () => "yes" });
    expect(result.stage).toBe("done");
    expect(readFileSync(path, "utf8")).toBe("x");
  });

  test("declares itself destructive only when the file exists", async () => {
    fixture = await createToolFixture();
    const { WriteTool } = await import("../../../src/tools/WriteTool/WriteTool.ts");
    const path = join(fixture.folder.path, "d.txt");
    expect(WriteTool.isDestructive({ file_path: path, content: "" })).toBe(false);
    writeFileSync(path, "x");
    expect(WriteTool.isDestructive({ file_path: path, content: "" })).toBe(true);
    expect(WriteTool.isReadOnly({ file_path: path, content: "" })).toBe(false);
    expect(WriteTool.isConcurrencySafe({ file_path: path, content: "" })).toBe(false);
  });
});
