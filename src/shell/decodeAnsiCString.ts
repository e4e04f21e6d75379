/** The value of a bash ANSI-C quoted string (`$'...'`), escapes decoded as bash decodes them. */

const SIMPLE_ESCAPES: Record<string, string> = {
  a: "\x07", b: "\b", e: "\x1b", E: "\x1b", f: "\f", n: "\n", r: "\r", t: "\t", v: "\v",
  "\\": "\\", "'": "'", '"': '"', "?": "?",
};

/**
 * Decodes the body of `$'body'` (without the `$'` and `'`). A NUL ends the value there, as it does
 * in bash: `$'-v\0x'` is `-v`.
 */
export function decodeAnsiCString(body: string): string {
  let result = "";
  for (let index = 0; index < body.length; index++) {
    const character = body[index] as string;
    if (character !== "\\" || index + 1 >= body.length) {
      result += character;
      continue;
    }
    const next = body[index + 1] as string;
    const simple = SIMPLE_ESCAPES[next];
    if (simple !== undefined) {
      result += simple;
      index++;
      continue;
    }
    const numeric = /^(?:x([0-9a-fA-F]{1,2})|u([0-9a-fA-F]{1,4})|U([0-9a-fA-F]{1,8})|([0-7]{1,3}))/.exec(body.slice(index + 1));
    if (numeric !== null) {
      const [whole, hex, unicode, longUnicode, octal] = numeric;
      // An octal escape is one byte: bash keeps the low eight bits (`\455` is `-`, `\400` a NUL).
      const code = hex !== undefined ? parseInt(hex, 16)
        : unicode !== undefined ? parseInt(unicode, 16)
        : longUnicode !== undefined ? parseInt(longUnicode, 16)
        : parseInt(octal as string, 8) & 0xff;
      if (code === 0) return result;
      result += code <= 0x10ffff ? String.fromCodePoint(code) : "\ufffd";
      index += whole.length;
      continue;
    }
    if (next === "c" && index + 2 < body.length) {
      // Control-x; `\c?` is DEL, and `\c\\` takes both backslashes.
      const letter = body[index + 2] as string;
      const code = letter === "?" ? 0x7f : letter.charCodeAt(0) & 0x1f;
      if (code === 0) return result;
      result += String.fromCharCode(code);
      index += letter === "\\" && body[index + 3] === "\\" ? 3 : 2;
      continue;
    }
    // An unknown escape stays as written, backslash included (as bash does).
    result += character;
  }
  return result;
}
