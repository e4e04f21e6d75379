/**
 * Where a compiled executable keeps what `bun build --compile` put in it: the bundle's sources and
 * bytecode sit in one section (`.bun` in ELF and PE files, `__BUN,__bun` in Mach-O), and the rest
 * of the file is the Bun runtime itself. The audit scans that section for text that must not be
 * there, about a tenth of the file; a file whose section cannot be found is scanned whole.
 */

/** The bytes of the section named `name` of a 64-bit little-endian ELF file, if it has one. */
function elfSection(bytes: Buffer, name: string): Buffer | undefined {
  if (bytes.length < 64 || bytes.readUInt32BE(0) !== 0x7f454c46 || bytes[4] !== 2 || bytes[5] !== 1) return undefined;
  const tableOffset = Number(bytes.readBigUInt64LE(0x28));
  const entrySize = bytes.readUInt16LE(0x3a);
  const count = bytes.readUInt16LE(0x3c);
  const namesIndex = bytes.readUInt16LE(0x3e);
  if (entrySize < 64 || tableOffset + entrySize * count > bytes.length || namesIndex >= count) return undefined;
  const header = (index: number) => tableOffset + index * entrySize;
  const namesOffset = Number(bytes.readBigUInt64LE(header(namesIndex) + 0x18));
  const wanted = Buffer.from(`${name}\0`, "latin1");
  for (let index = 0; index < count; index++) {
    const at = namesOffset + bytes.readUInt32LE(header(index));
    if (at + wanted.length > bytes.length || !bytes.subarray(at, at + wanted.length).equals(wanted)) continue;
    return within(bytes, Number(bytes.readBigUInt64LE(header(index) + 0x18)), Number(bytes.readBigUInt64LE(header(index) + 0x20)));
  }
  return undefined;
}

/** A fixed-width Mach-O or PE name field: the text before its first NUL. */
function fixedName(bytes: Buffer, at: number, width: number): string {
  const field = bytes.subarray(at, at + width);
  const end = field.indexOf(0);
  return field.subarray(0, end === -1 ? width : end).toString("latin1");
}

/** The bytes of section `section` in segment `segment` of a 64-bit Mach-O file, if it has one. */
function machoSection(bytes: Buffer, segment: string, section: string): Buffer | undefined {
  if (bytes.length < 32 || bytes.readUInt32LE(0) !== 0xfeedfacf) return undefined;
  const commands = bytes.readUInt32LE(16);
  let at = 32;
  for (let index = 0; index < commands && at + 8 <= bytes.length; index++) {
    const command = bytes.readUInt32LE(at);
    const size = bytes.readUInt32LE(at + 4);
    if (size < 8) return undefined;
    // LC_SEGMENT_64: a 72-byte header, then 80 bytes per section.
    if (command === 0x19 && at + 72 <= bytes.length && fixedName(bytes, at + 8, 16) === segment) {
      const sections = bytes.readUInt32LE(at + 64);
      for (let each = 0; each < sections; each++) {
        const header = at + 72 + each * 80;
        if (header + 80 > bytes.length) return undefined;
        if (fixedName(bytes, header, 16) === section) return within(bytes, bytes.readUInt32LE(header + 48), Number(bytes.readBigUInt64LE(header + 40)));
      }
    }
    at += size;
  }
  return undefined;
}

/** The bytes of the section named `name` of a PE (Windows) file, if it has one. */
function peSection(bytes: Buffer, name: string): Buffer | undefined {
  if (bytes.length < 64 || bytes.toString("latin1", 0, 2) !== "MZ") return undefined;
  const pe = bytes.readUInt32LE(0x3c);
  if (pe + 24 > bytes.length || bytes.readUInt32BE(pe) !== 0x50450000) return undefined;
  const count = bytes.readUInt16LE(pe + 6);
  const table = pe + 24 + bytes.readUInt16LE(pe + 20);
  for (let index = 0; index < count; index++) {
    const header = table + index * 40;
    if (header + 40 > bytes.length) return undefined;
    if (fixedName(bytes, header, 8) === name) return within(bytes, bytes.readUInt32LE(header + 20), bytes.readUInt32LE(header + 16));
  }
  return undefined;
}

function within(bytes: Buffer, offset: number, size: number): Buffer | undefined {
  return size > 0 && offset + size <= bytes.length ? bytes.subarray(offset, offset + size) : undefined;
}

/** The embedded bundle's section of a compiled executable, or undefined when none is found. */
export function findBunPayload(bytes: Buffer): Buffer | undefined {
  return elfSection(bytes, ".bun") ?? machoSection(bytes, "__BUN", "__bun") ?? peSection(bytes, ".bun");
}

/** What the audit scans of an executable: its embedded bundle, or the whole file when that cannot be found. */
export function scannedBytes(bytes: Buffer): Buffer {
  return findBunPayload(bytes) ?? bytes;
}
