/** The folder a command's shell ended in, as its exit trap wrote it. */
import { readBoundedFile } from "../../files/readBoundedFile.ts";

/** A path is at most 4096 bytes on Linux; a file larger than this is not a folder name. */
const MAX_FOLDER_FILE_BYTES = 8192;

/** The folder in `cwdPath`, or undefined when the shell died before its trap ran (or the file is not what it wrote). */
export function readShellFolder(cwdPath: string): string | undefined {
  try {
    const read = readBoundedFile(cwdPath, MAX_FOLDER_FILE_BYTES);
    return read.kind === "read" ? read.bytes.toString("utf8").trim() || undefined : undefined;
  } catch {
    return undefined;
  }
}
