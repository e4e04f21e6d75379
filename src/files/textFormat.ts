/**
 * How a text file is laid out on disk (UTF-8 BOM, LF or CRLF), so edits can keep it as it was.
 * Tools work on LF text without a BOM; these helpers convert on the way in and out.
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
