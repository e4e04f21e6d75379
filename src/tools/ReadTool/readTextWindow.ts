/**
 * Reads a window of lines from a text file without loading more of it than needed: small files
 * are read whole (and hashed); large ones are streamed and the stream stops after the window.
 * The file is read through a descriptor the caller opened and checked (a regular file), so
 * what is read is what was checked.
 */
import { read } from "node:fs";
import { hashBytes } from "../../files/hashBytes.ts";
import { readDescriptorBounded } from "../../files/readBoundedFile.ts";
import { MAX_LINE_CHARS, MAX_WHOLE_FILE_BYTES, READ_TIMEOUT_MS } from "./limits.ts";

/** Scanning for the window took longer than its timeout; `linesScanned` lines were passed by then. */
export class ReadTimeoutError extends Error {
  override readonly name = "ReadTimeoutError";
  constructor(readonly linesScanned: number) {
    super(`reading stopped at its timeout, at line ${linesScanned + 1}`);
  }
}

export interface TextWindow {
  /** The lines of the window, each already cut to MAX_LINE_CHARS. */
  lines: string[];
  /** 1-based number of the first line in `lines`. */
  startLine: number;
  /** Whether any line was cut. */
  cutLines: number;
  /** True when the file goes on past the window. */
  hasMore: boolean;
  /** The file's line count, when the whole file was read. */
  totalLines?: number;
  /** Hash of the file's bytes, when the whole file was read. */
  contentHash?: string;
  /** True when the file holds nothing at all. */
  empty: boolean;
}

function cut(line: string): { text: string; wasCut: boolean } {
  const clean = line.endsWith("\r") ? line.slice(0, -1) : line;
  if (clean.length <= MAX_LINE_CHARS) return { text: clean, wasCut: false };
  return { text: `${clean.slice(0, MAX_LINE_CHARS)}... [line cut at ${MAX_LINE_CHARS} characters]`, wasCut: true };
}

/** Splits text into lines the way editors count them: a final newline does not start a line. */
function splitLines(text: string): string[] {
  if (text === "") return [];
  const lines = text.split("\n");
  if (lines.at(-1) === "") lines.pop();
  return lines;
}

/**
 * The text of a whole file's bytes: UTF-16 when it starts with a UTF-16 byte order mark (as
 * files Windows tools write often do), UTF-8 otherwise (a UTF-8 BOM is dropped).
 */
function decodeText(bytes: Uint8Array): string {
  if (bytes.length >= 2 && bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder("utf-16le").decode(bytes);
  if (bytes.length >= 2 && bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder("utf-16be").decode(bytes);
  return new TextDecoder().decode(bytes);
}

/**
 * Reads lines [startLine, startLine + limit) of the open file `descriptor`, whose size was
 * `size`. Undefined for a file whose size says 0 (as files under /proc do) but that holds more
 * than MAX_WHOLE_FILE_BYTES: such a file has no known end to stream to.
 */
export async function readTextWindow(descriptor: number, size: number, startLine: number, limit: number, timeoutMs: number = READ_TIMEOUT_MS): Promise<TextWindow | undefined> {
  const bytes = size <= MAX_WHOLE_FILE_BYTES ? readDescriptorBounded(descriptor, size, MAX_WHOLE_FILE_BYTES) : undefined;
  if (bytes === undefined && size === 0) return undefined;
  if (bytes !== undefined) {
    const all = splitLines(decodeText(bytes));
    const picked = all.slice(startLine - 1, startLine - 1 + limit).map(cut);
    return {
      lines: picked.map((line) => line.text),
      startLine,
      cutLines: picked.filter((line) => line.wasCut).length,
      hasMore: all.length > startLine - 1 + limit,
      totalLines: all.length,
      contentHash: hashBytes(bytes),
      empty: bytes.length === 0,
    };
  }
  // Too large to read whole (or grown past the limit since it was measured): streamed.
  return { ...(await streamTextWindow(descriptor, startLine, limit, timeoutMs)), empty: false };
}

/** Longest run of bytes kept for one line: enough for MAX_LINE_CHARS characters of UTF-8. */
const MAX_LINE_BYTES = MAX_LINE_CHARS * 4 + 4;

/**
 * Streams the file and counts line ends on the raw bytes; only lines inside the window are
 * decoded, so a window at the end of a huge file costs a scan, not a decode of all of it.
 */
async function streamTextWindow(descriptor: number, startLine: number, limit: number, timeoutMs: number): Promise<Omit<TextWindow, "empty">> {
  const lastWanted = startLine - 1 + limit;
  const decoder = new TextDecoder();
  const lines: string[] = [];
  let cutLines = 0;
  let lineNumber = 0; // lines finished so far
  let pending: Uint8Array[] = [];
  let pendingBytes = 0;
  let pendingTooLong = false;
  let pendingTail = false;
  const keep = (bytes: Uint8Array) => {
    if (pendingBytes >= MAX_LINE_BYTES) {
      pendingTooLong ||= bytes.length > 0;
      return;
    }
    const room = MAX_LINE_BYTES - pendingBytes;
    if (bytes.length > room) pendingTooLong = true;
    const kept = bytes.subarray(0, room);
    pending.push(kept.slice());
    pendingBytes += kept.length;
  };
  const finishLine = () => {
    const joined = new Uint8Array(pendingBytes);
    let at = 0;
    for (const part of pending) {
      joined.set(part, at);
      at += part.length;
    }
    const line = cut(decoder.decode(joined));
    lines.push(line.text);
    if (line.wasCut || pendingTooLong) cutLines++;
    pending = [];
    pendingBytes = 0;
    pendingTooLong = false;
  };
  const deadline = Date.now() + timeoutMs;
  // One buffer, read into again and again: a scan of gigabytes leaves no garbage behind it
  // (kept line parts are copied out).
  const buffer = Buffer.allocUnsafe(STREAM_CHUNK_BYTES);
  let position = 0;
  for (;;) {
    const read = await readAt(descriptor, buffer, position);
    if (read === 0) break;
    position += read;
    const value = buffer.subarray(0, read);
    // A huge file (a sparse one of terabytes) would take minutes to scan for its lines.
    if (Date.now() > deadline) throw new ReadTimeoutError(lineNumber);
    let from = 0;
    for (let newline = value.indexOf(10); newline !== -1; newline = value.indexOf(10, from)) {
      if (lineNumber + 1 > lastWanted) return { lines, startLine, cutLines, hasMore: true };
      if (lineNumber + 1 >= startLine) {
        keep(value.subarray(from, newline));
        finishLine();
      }
      lineNumber++;
      from = newline + 1;
    }
    if (from < value.length && lineNumber + 1 >= startLine) {
      if (lineNumber + 1 > lastWanted) return { lines, startLine, cutLines, hasMore: true };
      keep(value.subarray(from));
    }
    // A partial line at the end of the chunk: counted at the end if no line end follows.
    pendingTail = from < value.length || (pendingTail && from === 0);
  }
  if (pendingTail) {
    lineNumber++;
    if (lineNumber > lastWanted) return { lines, startLine, cutLines, hasMore: true };
    if (lineNumber >= startLine) finishLine();
  }
  return { lines, startLine, cutLines, hasMore: false, totalLines: lineNumber };
}

/** How much of a large file each read takes. */
const STREAM_CHUNK_BYTES = 1024 * 1024;

/** Reads into `buffer` from `position` without blocking the thread; resolves with the byte count. */
function readAt(descriptor: number, buffer: Buffer, position: number): Promise<number> {
  return new Promise((resolve, reject) => read(descriptor, buffer, 0, buffer.length, position, (error, bytes) => (error ? reject(error) : resolve(bytes))));
}
