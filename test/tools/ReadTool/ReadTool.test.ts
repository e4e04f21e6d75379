import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { closeSync, mkdirSync, openSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { ReadTool } from "../../../src/tools/ReadTool/ReadTool.ts";
import { DEFAULT_LINE_LIMIT, MAX_LINE_CHARS, MAX_WHOLE_FILE_BYTES } from "../../../src/tools/ReadTool/limits.ts";
import { readTextWindow } from "../../../src/tools/ReadTool/readTextWindow.ts";
import { createTemporaryFolder, type TemporaryFolder } from "../../helpers/temporaryFolder.ts";
import { callTool, createTestContext } from "../../helpers/testSession.ts";

let folder: TemporaryFolder;
beforeEach(() => {
  folder = createTemporaryFolder();
});
afterEach(() => folder.remove());

const context = () => createTestContext({ tools: [ReadTool], cwd: folder.path });
const lines = (count: number, prefix = "line") => Array.from({ length: count }, (_, index) => `${prefix} ${index + 1}`).join("\n");

function write(name: string, content: string): string {
  const path = join(folder.path, name);
  writeFileSync(path, content);
  return path;
}

describe("Read: text files", () => {
  test("numbers lines from 1 as <number>\\t<line>", async () => {
    const path = write("a.txt", "alpha\nbeta\n");
    const { text, result } = await callTool(await context(), "Read", { file_path: path });
    expect(result.is_error).toBeUndefined();
    expect(text).toBe("1\talpha\n2\tbeta");
  });

  test("CRLF line ends do not leak into the text", async () => {
    const path = write("crlf.txt", "one\r\ntwo\r\n");
    expect((await callTool(await context(), "Read", { file_path: path })).text).toBe("1\tone\n2\ttwo");
  });

  test("a file with a UTF-16 byte order mark (either order) is read as text", async () => {
    const utf16le = join(folder.path, "le.txt");
    writeFileSync(utf16le, Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from("héllo\r\nworld\r\n", "utf16le")]));
    expect((await callTool(await context(), "Read", { file_path: utf16le })).text).toBe("1\théllo\n2\tworld");
    const utf16be = join(folder.path, "be.txt");
    writeFileSync(utf16be, Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from("one\ntwo\n", "utf16le").swap16()]));
    expect((await callTool(await context(), "Read", { file_path: utf16be })).text).toBe("1\tone\n2\ttwo");
  });

  test("a binary file is refused with a way to look at it, not shown as text", async () => {
    const path = join(folder.path, "program.bin");
    writeFileSync(path, Buffer.concat([Buffer.from("\x7fELF"), Buffer.alloc(64), Buffer.from("text after the header")]));
    const { text, result } = await callTool(await context(), "Read", { file_path: path });
    expect(result.is_error).toBe(true);
    expect(text).toContain("looks like a binary file");
    expect(text).toContain(`xxd ${path}`);
    const spaced = join(folder.path, "it's here.bin");
    writeFileSync(spaced, Buffer.from([0, 1, 2]));
    expect((await callTool(await context(), "Read", { file_path: spaced })).text).toContain(`xxd '${spaced.replace("'", "'\\''")}' | head`);
  });

  test("a NUL byte past the start does not make a text file binary", async () => {
    const path = join(folder.path, "late.txt");
    writeFileSync(path, Buffer.concat([Buffer.from(`${"x".repeat(9000)}\n`), Buffer.from("a\u0000b\n")]));
    const { result } = await callTool(await context(), "Read", { file_path: path });
    expect(result.is_error).toBeUndefined();
  });

  test("offset and limit pick a window and say how to read on", async () => {
    const path = write("long.txt", lines(50));
    const { text } = await callTool(await context(), "Read", { file_path: path, offset: 10, limit: 3 });
    expect(text).toBe("10\tline 10\n11\tline 11\n12\tline 12\n\n(The file goes on past line 12 (50 lines in all); read on with offset=13.)");
  });

  test("coerced string numbers work for offset and limit", async () => {
    const path = write("long.txt", lines(5));
    expect((await callTool(await context(), "Read", { file_path: path, offset: "5", limit: "1" })).text).toBe("5\tline 5");
  });

  test(`returns ${DEFAULT_LINE_LIMIT} lines by default`, async () => {
    const path = write("many.txt", lines(DEFAULT_LINE_LIMIT + 5));
    const { text } = await callTool(await context(), "Read", { file_path: path });
    expect(text).toContain(`${DEFAULT_LINE_LIMIT}\tline ${DEFAULT_LINE_LIMIT}\n`);
    expect(text).not.toContain(`line ${DEFAULT_LINE_LIMIT + 1}\n`);
    expect(text).toContain(`read on with offset=${DEFAULT_LINE_LIMIT + 1}`);
  });

  test("cuts very long lines and says so", async () => {
    const path = write("wide.txt", `${"x".repeat(MAX_LINE_CHARS + 500)}\nshort`);
    const { text } = await callTool(await context(), "Read", { file_path: path });
    expect(text).toContain(`1\t${"x".repeat(MAX_LINE_CHARS)}... [line cut at ${MAX_LINE_CHARS} characters]`);
    expect(text).toContain("2\tshort");
    expect(text).toContain("1 long line was cut.");
  });

  test("an offset past the end says how many lines there are", async () => {
    const path = write("three.txt", lines(3));
    const { text, result } = await callTool(await context(), "Read", { file_path: path, offset: 10 });
    expect(result.is_error).toBeUndefined();
    expect(text).toContain("has 3 lines; offset 10 is past its end");
  });

  test("an empty file is reported as empty, not as an error", async () => {
    const path = write("empty.txt", "");
    const { text, result } = await callTool(await context(), "Read", { file_path: path });
    expect(result.is_error).toBeUndefined();
    expect(text).toBe(`The file ${path} exists but is empty.`);
  });

  test("records the file's state in the read-file cache", async () => {
    const path = write("state.txt", "x\n");
    const ctx = await context();
    await callTool(ctx, "Read", { file_path: path });
    const state = ctx.services.fileState.get(path);
    expect(state?.mtimeMs).toBe(statSync(path).mtimeMs);
    expect(state?.size).toBe(2);
    expect(state?.contentHash).toBe(new Bun.CryptoHasher("sha256").update("x\n").digest("hex"));
    expect(state?.offset).toBeUndefined();
  });
});

describe("Read: errors", () => {
  test("a missing file suggests close names", async () => {
    write("config.json", "{}");
    const { text, result } = await callTool(await context(), "Read", { file_path: join(folder.path, "config.jsn") });
    expect(result.is_error).toBe(true);
    expect(text).toContain(`File does not exist: ${join(folder.path, "config.jsn")}.`);
    expect(text).toContain(`Did you mean ${join(folder.path, "config.json")}?`);
  });

  test("a folder is refused with a pointer to Glob/LS", async () => {
    mkdirSync(join(folder.path, "sub"));
    const { text, result } = await callTool(await context(), "Read", { file_path: join(folder.path, "sub") });
    expect(result.is_error).toBe(true);
    expect(text).toContain("is a folder, not a file. Use Glob or LS");
  });

  test("a relative path is refused with the absolute path it probably meant", async () => {
    const { text, stage } = await callTool(await context(), "Read", { file_path: "notes.txt" });
    expect(stage).toBe("validation");
    expect(text).toContain(`Did you mean ${join(folder.path, "notes.txt")}?`);
  });

  test("a file too large to read whole asks for offset/limit or Grep; a window of it works", async () => {
    const path = write("huge.txt", lines(40_000, "some longer line of text"));
    expect(statSync(path).size).toBeGreaterThan(MAX_WHOLE_FILE_BYTES);
    const whole = await callTool(await context(), "Read", { file_path: path });
    expect(whole.result.is_error).toBe(true);
    expect(whole.text).toContain("Read it in parts with offset and limit, or search it with Grep.");
    const part = await callTool(await context(), "Read", { file_path: path, offset: 39_999, limit: 5 });
    expect(part.text).toBe("39999\tsome longer line of text 39999\n40000\tsome longer line of text 40000");
  });

  test("pages on a text file is refused", async () => {
    const path = write("a.txt", "x");
    const { text, stage } = await callTool(await context(), "Read", { file_path: path, pages: "1-2" });
    expect(stage).toBe("validation");
    expect(text).toContain("pages applies only to PDF files");
  });
});

describe("readTextWindow streaming", () => {
  test("a streamed window matches the whole-file window", async () => {
    const content = `${lines(30_000, "streamed")}\n${"y".repeat(MAX_LINE_CHARS * 3)}\nlast`;
    const path = write("big.txt", content);
    const size = statSync(path).size;
    expect(size).toBeGreaterThan(MAX_WHOLE_FILE_BYTES);
    const descriptor = openSync(path, "r");
    const streamed = await readTextWindow(descriptor, size, 29_999, 4);
    expect(streamed?.lines).toEqual(["streamed 29999", "streamed 30000", `${"y".repeat(MAX_LINE_CHARS)}... [line cut at ${MAX_LINE_CHARS} characters]`, "last"]);
    expect(streamed?.cutLines).toBe(1);
    expect(streamed?.hasMore).toBe(false);
    expect(streamed?.totalLines).toBe(30_002);
    const early = await readTextWindow(descriptor, size, 1, 2);
    expect(early).toMatchObject({ lines: ["streamed 1", "streamed 2"], hasMore: true });
    closeSync(descriptor);
  });
});

describe("Read: permissions", () => {
  test("reads inside the working folder are allowed; outside they are denied without a person to ask", async () => {
    const inside = write("in.txt", "ok");
    expect((await callTool(await context(), "Read", { file_path: inside })).text).toBe("1\tok");
    const other = createTemporaryFolder();
    try {
      writeFileSync(join(other.path, "out.txt"), "secret");
      const { text, stage } = await callTool(await context(), "Read", { file_path: join(other.path, "out.txt") });
      expect(stage).toBe("permission");
      expect(text).toContain(`add "Read(/${join(other.path, "out.txt")})"`);
    } finally {
      other.remove();
    }
  });

  test("Read is read-only and concurrency-safe", () => {
    expect(ReadTool.isReadOnly({ file_path: "/x" })).toBe(true);
    expect(ReadTool.isConcurrencySafe({ file_path: "/x" })).toBe(true);
    expect(ReadTool.maxResultSizeChars).toBe(Number.POSITIVE_INFINITY);
  });
});

describe("Read: files that are not regular files", () => {
  test("a named pipe is refused at once instead of blocking forever", async () => {
    const path = join(folder.path, "pipe");
    expect(Bun.spawnSync(["mkfifo", path]).exitCode).toBe(0);
    const { text, result } = await callTool(await context(), "Read", { file_path: path });
    expect(result.is_error).toBe(true);
    expect(text).toContain("is not a regular file");
    expect(text).toContain("head -c");
  });
});
