/**
 * Reads a settings file without ever waiting or filling memory: the file is opened without
 * blocking (a FIFO would otherwise wait for a writer forever), must be a regular file once open (a
 * link to `/dev/zero` is a device), and is read only up to MAX_SETTINGS_BYTES.
 */
import { closeSync, constants, fstatSync, openSync, readSync } from "node:fs";

/** A settings file larger than this is refused: real ones are a few kilobytes. */
export const MAX_SETTINGS_BYTES = 1024 * 1024;

/** The file's text, that there is none, or why it cannot be read. */
export type SettingsFileRead = { kind: "text"; text: string } | { kind: "missing" } | { kind: "error"; reason: string };

function errorCode(error: unknown): string | undefined {
  return error instanceof Error && "code" in error && typeof error.code === "string" ? error.code : undefined;
}

function describeType(stats: ReturnType<typeof fstatSync>): string {
  if (stats.isDirectory()) return "a folder";
  if (stats.isFIFO()) return "a FIFO (named pipe)";
  if (stats.isCharacterDevice() || stats.isBlockDevice()) return "a device";
  if (stats.isSocket()) return "a socket";
  return "not a regular file";
}

/** Reads `path` as UTF-8 text (a byte-order mark removed), bounded in size and never blocking. */
export function readSettingsFile(path: string, maxBytes = MAX_SETTINGS_BYTES): SettingsFileRead {
  let descriptor: number;
  try {
    descriptor = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK | constants.O_NOCTTY);
  } catch (error) {
    const code = errorCode(error);
    if (code === "ENOENT" || code === "ENOTDIR") return { kind: "missing" };
    return { kind: "error", reason: `cannot be read (${code ?? String(error)})` };
  }
  try {
    const stats = fstatSync(descriptor);
    if (!stats.isFile()) return { kind: "error", reason: `is ${describeType(stats)}, not a settings file` };
    if (stats.size > maxBytes) return { kind: "error", reason: `is ${stats.size} bytes, more than the ${maxBytes} a settings file may have` };
    // The size can change between fstat and the reads (a file still being written): read until
    // the end, but never past one byte over the limit.
    const buffer = Buffer.allocUnsafe(maxBytes + 1);
    let length = 0;
    for (;;) {
      const read = readSync(descriptor, buffer, length, buffer.length - length, null);
      if (read === 0) break;
      length += read;
      if (length > maxBytes) return { kind: "error", reason: `is more than the ${maxBytes} bytes a settings file may have` };
    }
    const text = new TextDecoder("utf-8").decode(buffer.subarray(0, length));
    return { kind: "text", text: text.startsWith("\ufeff") ? text.slice(1) : text };
  } catch (error) {
    return { kind: "error", reason: `cannot be read (${errorCode(error) ?? String(error)})` };
  } finally {
    closeSync(descriptor);
  }
}
