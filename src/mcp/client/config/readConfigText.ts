/** Reads a configuration file with a size limit, telling a missing file apart from a broken one. */
import { closeSync, fstatSync, openSync, readSync } from "node:fs";
import { describeError } from "../../../errors/describeError.ts";

/** The largest configuration file toolshed reads (a server list is a few kilobytes). */
export const MAX_CONFIG_BYTES = 1024 * 1024;

/** The text, or that there is no such file, or why it cannot be read. */
export type ConfigText = { kind: "text"; text: string } | { kind: "missing" } | { kind: "unreadable"; reason: string };

/** Reads `path` whole when it is a regular file of at most `limit` bytes. */
export function readConfigText(path: string, limit = MAX_CONFIG_BYTES): ConfigText {
  let descriptor: number;
  try {
    descriptor = openSync(path, "r");
  } catch (error) {
    const code = error instanceof Error && "code" in error ? error.code : undefined;
    if (code === "ENOENT" || code === "ENOTDIR") return { kind: "missing" };
    return { kind: "unreadable", reason: describeError(error) };
  }
  try {
    const stat = fstatSync(descriptor);
    if (!stat.isFile()) return { kind: "unreadable", reason: "it is not a regular file" };
    if (stat.size > limit) return { kind: "unreadable", reason: `it is ${stat.size} bytes, more than the ${limit} a configuration file may have` };
    const buffer = Buffer.alloc(stat.size);
    let read = 0;
    while (read < stat.size) {
      const count = readSync(descriptor, buffer, read, stat.size - read, read);
      if (count === 0) break;
      read += count;
    }
    return { kind: "text", text: buffer.toString("utf8", 0, read) };
  } catch (error) {
    return { kind: "unreadable", reason: describeError(error) };
  } finally {
    closeSync(descriptor);
  }
}
