/**
 * Finding a compiled executable's embedded bundle in each format, from small files laid out as the
 * real ones are (the cross-target test checks the real executables of every platform); and bad
 * headers, cut anywhere, leave the whole file to be scanned instead of failing.
 */
import { describe, expect, test } from "bun:test";
import { openSync, readSync, closeSync } from "node:fs";
import { findBunPayload, scannedBytes } from "../../scripts/build/bunPayload.ts";

const PAYLOAD = Buffer.from("the embedded bundle's bytes");

/** An ELF64 file: a header, the payload, a section-name table and three section headers. */
function elf(sectionName = ".bun"): Buffer {
  const names = Buffer.from(`\0.shstrtab\0${sectionName}\0`, "latin1");
  const payloadAt = 64;
  const namesAt = payloadAt + PAYLOAD.length;
  const tableAt = namesAt + names.length;
  const file = Buffer.alloc(tableAt + 3 * 64);
  file.writeUInt32BE(0x7f454c46, 0);
  file[4] = 2;
  file[5] = 1;
  file.writeBigUInt64LE(BigInt(tableAt), 0x28);
  file.writeUInt16LE(64, 0x3a);
  file.writeUInt16LE(3, 0x3c);
  file.writeUInt16LE(1, 0x3e);
  PAYLOAD.copy(file, payloadAt);
  names.copy(file, namesAt);
  const section = (index: number, name: number, offset: number, size: number) => {
    const at = tableAt + index * 64;
    file.writeUInt32LE(name, at);
    file.writeBigUInt64LE(BigInt(offset), at + 0x18);
    file.writeBigUInt64LE(BigInt(size), at + 0x20);
  };
  section(1, 1, namesAt, names.length);
  section(2, 11, payloadAt, PAYLOAD.length);
  return file;
}

/** A 64-bit Mach-O file: a header, a __TEXT segment, then the __BUN segment with its __bun section. */
function macho(): Buffer {
  const commands = 2 * 72 + 80;
  const payloadAt = 32 + commands;
  const file = Buffer.alloc(payloadAt + PAYLOAD.length);
  file.writeUInt32LE(0xfeedfacf, 0);
  file.writeUInt32LE(2, 16);
  file.writeUInt32LE(commands, 20);
  const segment = (at: number, name: string, sections: number) => {
    file.writeUInt32LE(0x19, at);
    file.writeUInt32LE(72 + sections * 80, at + 4);
    file.write(name, at + 8, "latin1");
    file.writeUInt32LE(sections, at + 64);
  };
  segment(32, "__TEXT", 0);
  segment(32 + 72, "__BUN", 1);
  const header = 32 + 2 * 72;
  file.write("__bun", header, "latin1");
  file.write("__BUN", header + 16, "latin1");
  file.writeBigUInt64LE(BigInt(PAYLOAD.length), header + 40);
  file.writeUInt32LE(payloadAt, header + 48);
  PAYLOAD.copy(file, payloadAt);
  return file;
}

/** A PE file: the MZ stub pointing at the PE header, an optional header, two sections. */
function pe(): Buffer {
  const peAt = 64;
  const optional = 16;
  const tableAt = peAt + 24 + optional;
  const payloadAt = tableAt + 2 * 40;
  const file = Buffer.alloc(payloadAt + PAYLOAD.length);
  file.write("MZ", 0, "latin1");
  file.writeUInt32LE(peAt, 0x3c);
  file.writeUInt32BE(0x50450000, peAt);
  file.writeUInt16LE(2, peAt + 6);
  file.writeUInt16LE(optional, peAt + 20);
  file.write(".text", tableAt, "latin1");
  file.write(".bun", tableAt + 40, "latin1");
  file.writeUInt32LE(PAYLOAD.length, tableAt + 40 + 16);
  file.writeUInt32LE(payloadAt, tableAt + 40 + 20);
  PAYLOAD.copy(file, payloadAt);
  return file;
}

describe("the embedded bundle of a compiled executable", () => {
  test("is found in ELF, Mach-O and PE files", () => {
    for (const file of [elf(), macho(), pe()]) expect(findBunPayload(file)?.toString()).toBe(PAYLOAD.toString());
  });

  test("a file without the section, or not an executable at all, is scanned whole", () => {
    for (const file of [elf(".text"), Buffer.from("nothing to see here"), Buffer.alloc(0)]) {
      expect(findBunPayload(file)).toBeUndefined();
      expect(scannedBytes(file)).toBe(file);
    }
    // The Bun runtime running this test is an executable without an embedded bundle.
    const runtime = Buffer.alloc(65536);
    const descriptor = openSync(process.execPath, "r");
    const read = readSync(descriptor, runtime, 0, runtime.length, 0);
    closeSync(descriptor);
    expect(findBunPayload(runtime.subarray(0, read))).toBeUndefined();
  });

  test("a header cut short or pointing past the end finds nothing and throws nothing", () => {
    for (const file of [elf(), macho(), pe()]) {
      for (let length = 0; length < file.length; length++) expect(() => findBunPayload(file.subarray(0, length))).not.toThrow();
      // Offsets and sizes that lead outside the file.
      for (let at = 0; at + 4 <= file.length; at += 4) {
        const broken = Buffer.from(file);
        broken.writeUInt32LE(0xfffffff0, at);
        const found = findBunPayload(broken);
        if (found !== undefined) expect(found.length).toBeLessThanOrEqual(broken.length);
      }
    }
  });
});
