/**
 * How a text file is laid out on disk (UTF-8 BOM, LF or CRLF; UTF-16 with its byte order mark),
 * so edits can keep it as it was. Tools work on LF text without a BOM; these helpers convert on
 * the way in and out.
 */

import { ToolError } from "../errors/ToolError.ts";

const BOM = "\uFEFF";

export interface TextFormat {
  bom: boolean;
  lineEnding: "\n" | "\r\n";
}

/** The format of a file's text: CRLF when most line ends are CRLF, a BOM when it starts with one. */
export function detectTextFormat(text: string): TextFormat {
  let crlf = 0;
  let lf = 0;
  for (let index = text.indexOf("\n"); index !== -1; index = text.indexOf("\n", index + 1)) {
    if (text.charCodeAt(index - 1) === 13) crlf++;
    else lf++;
  }
  return { bom: text.startsWith(BOM), lineEnding: crlf > lf ? "\r\n" : "\n" };
}

/** How a file's text is stored: UTF-8, or UTF-16 in either byte order (such a file starts with its byte order mark). */
export type TextEncoding = "utf8" | "utf16le" | "utf16be";

/** The encoding a file's first bytes show: UTF-16 by its byte order mark, otherwise UTF-8. */
export function detectEncoding(bytes: Uint8Array): TextEncoding {
  if (bytes.length >= 2 && bytes[0] === 0xff && bytes[1] === 0xfe) return "utf16le";
  if (bytes.length >= 2 && bytes[0] === 0xfe && bytes[1] === 0xff) return "utf16be";
  return "utf8";
}

/** A file's start as text in its encoding, for detectTextFormat (a character cut at the end does not matter). */
export function decodeSample(bytes: Uint8Array, encoding: TextEncoding): string {
  return new TextDecoder(encoding === "utf8" ? "utf-8" : encoding === "utf16le" ? "utf-16le" : "utf-16be", { ignoreBOM: true }).decode(bytes);
}

/** Text as the bytes of `encoding`; UTF-16 always starts with its byte order mark, as readers need it to tell the order. */
export function encodeText(text: string, encoding: TextEncoding): Buffer {
  if (encoding === "utf8") return Buffer.from(text, "utf8");
  const bytes = Buffer.from(text.startsWith(BOM) ? text : BOM + text, "utf16le");
  return encoding === "utf16be" ? bytes.swap16() : bytes;
}

/** The text as tools see it: no BOM, LF line ends. */
export function toWorkingText(text: string): string {
  const withoutBom = text.startsWith(BOM) ? text.slice(1) : text;
  return withoutBom.replaceAll("\r\n", "\n");
}

/** The text as it goes back to disk in `format`. Text that already has CRLF ends is left as it is. */
export function toDiskText(text: string, format: TextFormat): string {
  const withoutBom = text.startsWith(BOM) ? text.slice(1) : text;
  const ended = format.lineEnding === "\r\n" && !withoutBom.includes("\r\n")
    ? withoutBom.replaceAll("\n", "\r\n")
    : withoutBom;
  return format.bom ? BOM + ended : ended;
}

/**
 * A file's bytes as text in the encoding its start shows (UTF-16 by its byte order mark, else
 * UTF-8; a leading BOM stays in the text), or a ToolError when they are not valid in it.
 */
export function decodeFileText({ bytes, path, toolName }: { bytes: Uint8Array; path: string; toolName: string }): { text: string; encoding: TextEncoding } {
  const encoding = detectEncoding(bytes);
  if (encoding === "utf8") return { text: decodeUtf8Text({ bytes, path, toolName }), encoding };
  try {
    return { text: new TextDecoder(encoding === "utf16le" ? "utf-16le" : "utf-16be", { fatal: true, ignoreBOM: true }).decode(bytes), encoding };
  } catch {
    throw new ToolError(`${path} starts as UTF-16 text but is not valid UTF-16 past that, so ${toolName} cannot change it without damaging it. Use Write to replace the whole file.`);
  }
}

/**
 * The file's bytes as UTF-8 text, or a ToolError when they are not UTF-8: decoding leniently
 * would turn every invalid byte into U+FFFD and writing back would corrupt the untouched rest.
 */
export function decodeUtf8Text({ bytes, path, toolName }: { bytes: Uint8Array; path: string; toolName: string }): string {
  try {
    // ignoreBOM keeps a leading BOM in the text, so detectTextFormat sees it and it is written back.
    return new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    throw new ToolError(
      `${path} is not UTF-8 text (it holds binary data or another encoding), so ${toolName} cannot change it without damaging it. ` +
        "Use Bash with a tool made for that format, or Write to replace the whole file.",
    );
  }
}
