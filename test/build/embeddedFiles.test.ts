/**
 * Reading the files out of a compiled executable's embedded bundle: from payloads laid out as Bun
 * lays them out (chunksInBinary.test.ts and the cross-target test read real executables), and
 * every way a payload can be wrong, which gives undefined and never throws.
 */
import { describe, expect, test } from "bun:test";
import { embeddedFiles } from "../../scripts/build/embeddedFiles.ts";

const TRAILER = "\n---- Bun! ----\n";

interface FileSpec {
  path: string;
  contents: string;
  loader: number;
}

/** A payload: a length prefix, the data (strings, then the file table), the offsets, the trailer. */
function payload(files: readonly FileSpec[], edit: (table: Buffer, data: Buffer) => void = () => {}): Buffer {
  const strings: Buffer[] = [];
  let at = 0;
  const place = (text: string): [number, number] => {
    const bytes = Buffer.from(`${text}\0`, "latin1");
    strings.push(bytes);
    const span: [number, number] = [at, bytes.length - 1];
    at += bytes.length;
    return span;
  };
  const spans = files.map((file) => ({ name: place(file.path), contents: place(file.contents), loader: file.loader }));
  const table = Buffer.alloc(files.length * 52);
  spans.forEach((span, index) => {
    const row = index * 52;
    table.writeUInt32LE(span.name[0], row);
    table.writeUInt32LE(span.name[1], row + 4);
    table.writeUInt32LE(span.contents[0], row + 8);
    table.writeUInt32LE(span.contents[1], row + 12);
    table[row + 48] = 1;
    table[row + 49] = span.loader;
    table[row + 50] = 1;
  });
  const data = Buffer.concat([...strings, table]);
  edit(table, data);
  const rebuilt = Buffer.concat([...strings, table]);
  const offsets = Buffer.alloc(32);
  offsets.writeBigUInt64LE(BigInt(rebuilt.length), 0);
  offsets.writeUInt32LE(at, 8);
  offsets.writeUInt32LE(table.length, 12);
  const prefix = Buffer.alloc(8);
  prefix.writeBigUInt64LE(BigInt(rebuilt.length + 32 + TRAILER.length), 0);
  return Buffer.concat([prefix, rebuilt, offsets, Buffer.from(TRAILER, "latin1")]);
}

const FILES: FileSpec[] = [
  { path: "/$bunfs/root/chunk-abc123.js", contents: "// @bun\nexport const a=1;", loader: 1 },
  { path: "/$bunfs/root/toolshed", contents: "#!/usr/bin/env bun\nimport{a}from\"/$bunfs/root/chunk-abc123.js\";", loader: 1 },
  { path: "/$bunfs/root/grammar-x1.wasm", contents: "\0asm", loader: 5 },
];

describe("embeddedFiles", () => {
  test("lists each file by its path below the virtual root, with its contents and whether it is JavaScript", () => {
    const files = embeddedFiles(payload(FILES));
    expect(files?.map((file) => [file.name, file.contents.toString("latin1"), file.javascript])).toEqual([
      ["chunk-abc123.js", "// @bun\nexport const a=1;", true],
      ["toolshed", '#!/usr/bin/env bun\nimport{a}from"/$bunfs/root/chunk-abc123.js";', true],
      ["grammar-x1.wasm", "\0asm", false],
    ]);
  });

  test("reads a Windows executable's files, which live below B:/~BUN/root/", () => {
    const files = embeddedFiles(payload([{ path: "B:/~BUN/root/toolshed.exe", contents: "x", loader: 1 }]));
    expect(files?.map((file) => file.name)).toEqual(["toolshed.exe"]);
  });

  test("a file outside the virtual root, a pointer past the data, or a table of a size no rows make gives undefined", () => {
    expect(embeddedFiles(payload([{ path: "/etc/passwd", contents: "x", loader: 1 }]))).toBeUndefined();
    expect(embeddedFiles(payload([{ path: "/$bunfs/root/", contents: "x", loader: 1 }]))).toBeUndefined();
    expect(embeddedFiles(payload(FILES, (table) => table.writeUInt32LE(0xfffff, 12)))).toBeUndefined();
    expect(embeddedFiles(payload(FILES, (table) => table.writeUInt32LE(0xffffffff, 0)))).toBeUndefined();
    const ragged = payload(FILES);
    const offsetsAt = ragged.length - TRAILER.length - 32;
    ragged.writeUInt32LE(ragged.readUInt32LE(offsetsAt + 12) - 1, offsetsAt + 12);
    expect(embeddedFiles(ragged)).toBeUndefined();
    const tooLong = payload(FILES);
    tooLong.writeBigUInt64LE(BigInt(tooLong.length), tooLong.length - TRAILER.length - 32);
    expect(embeddedFiles(tooLong)).toBeUndefined();
  });

  test("no trailer, an empty buffer, or a payload cut anywhere gives undefined without throwing", () => {
    expect(embeddedFiles(Buffer.alloc(0))).toBeUndefined();
    expect(embeddedFiles(Buffer.from("no bundle in here"))).toBeUndefined();
    const whole = payload(FILES);
    for (let length = 0; length < whole.length; length++) {
      expect(() => embeddedFiles(whole.subarray(0, length))).not.toThrow();
    }
    // Cut at the front, the data's length no longer fits before the offsets.
    expect(embeddedFiles(whole.subarray(20))).toBeUndefined();
  });
});
