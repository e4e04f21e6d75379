/**
 * The name of the temporary file an atomic write fills before renaming it into place:
 * `.<name>.<pid>.<8 hex digits>.tmp`, beside the file. The pid says whose it is, so a file left
 * by a process that died mid-write can be recognised and removed (sweepStaleTemporaryFiles).
 */

/** The longest file name most file systems take, in bytes. */
export const MAX_FILE_NAME_BYTES = 255;

const TEMPORARY_NAME = /^\..*\.(\d+)\.[0-9a-f]{8}\.tmp$/s;

/** `text` cut to at most `maxBytes` bytes of UTF-8, never inside a character. */
export function cutToBytes(text: string, maxBytes: number): string {
  if (Buffer.byteLength(text) <= maxBytes) return text;
  let bytes = 0;
  let end = 0;
  for (const character of text) {
    const size = Buffer.byteLength(character);
    if (bytes + size > maxBytes) break;
    bytes += size;
    end += character.length;
  }
  return text.slice(0, end);
}

/**
 * A fresh temporary name for a file called `name`, owned by `pid`. A long name is shortened so
 * the whole stays within MAX_FILE_NAME_BYTES: a 255-byte name must still be writable.
 */
export function temporaryFileName(name: string, pid: number = process.pid): string {
  const suffix = `.${pid}.${crypto.randomUUID().slice(0, 8)}.tmp`;
  return `.${cutToBytes(name, MAX_FILE_NAME_BYTES - 1 - suffix.length)}${suffix}`;
}

/** The pid in a name made by temporaryFileName, or undefined for any other name. */
export function temporaryFileOwner(fileName: string): number | undefined {
  const match = TEMPORARY_NAME.exec(fileName);
  if (match === null) return undefined;
  const pid = Number(match[1]);
  return Number.isSafeInteger(pid) && pid > 0 ? pid : undefined;
}
