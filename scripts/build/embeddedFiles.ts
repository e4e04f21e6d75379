/**
 * The files inside a compiled executable's embedded bundle (its payload, see bunPayload.ts): the
 * JavaScript chunks exactly as the binary runs them, so the audit measures and scans those instead
 * of bundling the flavor a second time.
 *
 * Bun does not document this layout; what is read here is Bun 1.4's. From the end of the payload:
 * a trailer line; 32 bytes of offsets (the data's length as a u64, the file table's offset and
 * length, the entry's index, the exec argv's offset and length, flags); before them the data. The
 * table has one 52-byte row per file: six (offset, length) pairs into the data (name, contents,
 * source map, bytecode, module info, bytecode origin) and four one-byte fields (encoding, loader,
 * module format, side). Every offset is checked, and a layout that does not add up gives
 * undefined, never a guess: the caller then bundles the JavaScript itself.
 */

export interface EmbeddedFile {
  /** The path below the virtual root, as the compile's metafile names its outputs: "chunk-1a2b3c4d.js". */
  name: string;
  contents: Buffer;
  /** Loaded as JavaScript (a chunk or the entry), rather than an asset such as a .wasm file. */
  javascript: boolean;
}

const TRAILER = Buffer.from("\n---- Bun! ----\n", "latin1");
const OFFSETS_BYTES = 32;
const ROW_BYTES = 52;
/** Where a row's one-byte loader field is, and Bun's value for the JavaScript loader. */
const LOADER_AT = 49;
const JS_LOADER = 1;
/** The virtual folder every embedded file lives in: Unix targets, then Windows. */
const ROOTS = ["/$bunfs/root/", "B:/~BUN/root/"];

/** The files of a compiled executable's payload, or undefined when its layout is not the one above. */
export function embeddedFiles(payload: Buffer): EmbeddedFile[] | undefined {
  const trailerAt = payload.lastIndexOf(TRAILER);
  if (trailerAt < OFFSETS_BYTES) return undefined;
  const offsetsAt = trailerAt - OFFSETS_BYTES;
  const dataBytes = payload.readBigUInt64LE(offsetsAt);
  if (dataBytes > BigInt(offsetsAt)) return undefined;
  const data = payload.subarray(offsetsAt - Number(dataBytes), offsetsAt);
  const span = (at: number): Buffer | undefined => {
    const offset = data.readUInt32LE(at);
    const length = data.readUInt32LE(at + 4);
    return offset + length <= data.length ? data.subarray(offset, offset + length) : undefined;
  };
  const tableOffset = payload.readUInt32LE(offsetsAt + 8);
  const tableLength = payload.readUInt32LE(offsetsAt + 12);
  if (tableLength === 0 || tableLength % ROW_BYTES !== 0 || tableOffset + tableLength > data.length) return undefined;
  const files: EmbeddedFile[] = [];
  for (let row = tableOffset; row < tableOffset + tableLength; row += ROW_BYTES) {
    const path = span(row)?.toString("latin1");
    const contents = span(row + 8);
    const root = ROOTS.find((prefix) => path?.startsWith(prefix));
    if (path === undefined || contents === undefined || root === undefined || path.length === root.length) return undefined;
    files.push({ name: path.slice(root.length), contents, javascript: data[row + LOADER_AT] === JS_LOADER });
  }
  return files;
}
