/**
 * Turns a ripgrep (Rust regex) pattern into a JavaScript RegExp with the same meaning for the
 * common syntax: Unicode-aware \w \d \s \b, (?i)-style leading flags, (?P<name>), \x{...},
 * and (outside multiline mode) nothing that can match a line end, as ripgrep searches lines.
 * Look-around and back-references are refused, as ripgrep refuses them.
 */
import { ToolError } from "../errors/ToolError.ts";

const WORD_CHARACTERS = "\\p{Alphabetic}\\p{M}\\p{Nd}\\p{Pc}\\p{Join_Control}";
const WORD = `[${WORD_CHARACTERS}]`;
const SYNTAX = new Set([..."^$\\.*+?()[]{}|/"]);
const POSIX_CLASSES: Record<string, string> = {
  alpha: "\\p{Alphabetic}", digit: "0-9", alnum: "\\p{Alphabetic}0-9", space: "\\s", upper: "\\p{Uppercase}",
  lower: "\\p{Lowercase}", punct: "!-\\/:-@\\[-`{-~", xdigit: "0-9A-Fa-f", word: WORD_CHARACTERS, blank: " \\t",
};

export interface TranslateOptions {
  multiline: boolean;
  caseInsensitive: boolean;
}

function unsupported(what: string): ToolError {
  return new ToolError(`The pattern uses ${what}, which ripgrep's regex syntax does not support. Rewrite the pattern without it.`);
}

/** Reads `\x..`, `\x{...}`, `\u{...}`: returns the JS escape and how many characters were used. */
function hexEscape(pattern: string, at: number): { text: string; length: number } {
  if (pattern[at + 2] === "{") {
    const end = pattern.indexOf("}", at + 3);
    if (end === -1) throw new ToolError(`Unclosed \\x{...} escape in the pattern.`);
    return { text: `\\u{${pattern.slice(at + 3, end)}}`, length: end - at + 1 };
  }
  return { text: `\\x${pattern.slice(at + 2, at + 4)}`, length: 4 };
}

/** Translates one escape at `at` (pattern[at] is a backslash). */
function translateEscape(pattern: string, at: number, inClass: boolean, lineMode: boolean): { text: string; length: number } {
  const next = pattern[at + 1];
  if (next === undefined) throw new ToolError("The pattern ends with a lone backslash.");
  const notNewline = lineMode ? "\\n" : "";
  switch (next) {
    case "d": return { text: inClass ? "\\p{Nd}" : "\\p{Nd}", length: 2 };
    case "D": return { text: inClass ? "\\P{Nd}" : `[^\\p{Nd}${notNewline}]`, length: 2 };
    case "w": return { text: inClass ? WORD_CHARACTERS : WORD, length: 2 };
    case "W":
      if (inClass) throw unsupported("\\W inside a character class");
      return { text: `[^${WORD_CHARACTERS}${notNewline}]`, length: 2 };
    case "s": return { text: inClass ? "\\s" : lineMode ? "[^\\S\\n]" : "\\s", length: 2 };
    case "S": return { text: "\\S", length: 2 };
    case "b":
      if (inClass) return { text: "\\x08", length: 2 };
      return { text: `(?:(?<=${WORD})(?!${WORD})|(?<!${WORD})(?=${WORD}))`, length: 2 };
    case "B": return { text: `(?:(?<=${WORD})(?=${WORD})|(?<!${WORD})(?!${WORD}))`, length: 2 };
    case "A": return { text: "(?<![\\s\\S])", length: 2 };
    case "z": return { text: "(?![\\s\\S])", length: 2 };
    case "x": return hexEscape(pattern, at);
    case "n":
      if (lineMode) throw new ToolError('The pattern contains "\\n", which cannot match when lines are searched one by one. Set multiline to true to match across lines.');
      return { text: "\\n", length: 2 };
    case "p":
    case "P":
      if (pattern[at + 2] === "{") {
        const end = pattern.indexOf("}", at + 3);
        return { text: pattern.slice(at, end + 1), length: end - at + 1 };
      }
      return { text: `\\${next}{${pattern[at + 2] ?? ""}}`, length: 3 };
    default:
      if (/[1-9]/.test(next)) throw unsupported("back-references");
      if (/[A-Za-z0-9]/.test(next)) return { text: `\\${next}`, length: 2 };
      // Rust allows escaping any punctuation; JavaScript's Unicode mode only its syntax characters.
      if (SYNTAX.has(next) || (inClass && next === "-")) return { text: `\\${next}`, length: 2 };
      return { text: `\\u{${next.codePointAt(0)?.toString(16)}}`, length: 2 };
  }
}

/** A JavaScript RegExp (global, Unicode) equivalent to the ripgrep pattern. */
export function translateRegex(pattern: string, options: TranslateOptions): RegExp {
  // No "m" flag: JavaScript's ^ and $ also stop at "\r", ripgrep's only at "\n"; see below.
  let flags = "gu";
  if (options.caseInsensitive) flags += "i";
  if (options.multiline) flags += "s";
  let source = pattern;
  const leading = /^\(\?([a-zA-Z]+)\)/.exec(source);
  if (leading !== null) {
    for (const flag of leading[1] as string) {
      if (flag === "i" && !flags.includes("i")) flags += "i";
      else if (flag === "s" && !flags.includes("s")) flags += "s";
      else if (flag !== "m" && flag !== "i" && flag !== "s" && flag !== "u") throw unsupported(`the inline flag (?${flag})`);
    }
    source = source.slice(leading[0].length);
  }
  const lineMode = !options.multiline;
  let out = "";
  let inClass = false;
  for (let at = 0; at < source.length; ) {
    const character = source[at] as string;
    if (character === "\\") {
      const escape = translateEscape(source, at, inClass, lineMode);
      out += escape.text;
      at += escape.length;
      continue;
    }
    if (inClass) {
      if (character === "[" && source[at + 1] === ":") {
        const end = source.indexOf(":]", at + 2);
        const name = end === -1 ? undefined : source.slice(at + 2, end);
        const replacement = name === undefined ? undefined : POSIX_CLASSES[name];
        if (replacement === undefined) throw unsupported(`the character class [${source.slice(at, end + 2)}]`);
        out += replacement;
        at = end + 2;
        continue;
      }
      if (character === "[") throw unsupported("nested character classes or class set operations");
      if (character === "]") inClass = false;
      out += character;
      at++;
      continue;
    }
    if (character === "[") {
      inClass = true;
      const negated = source[at + 1] === "^";
      out += negated ? "[^" : "[";
      at += negated ? 2 : 1;
      if (negated && lineMode) out += "\\n";
      if (source[at] === "]") {
        out += "\\]";
        at++;
      }
      continue;
    }
    if (character === "^" || character === "$" || character === ".") {
      out += character === "^" ? "(?<![^\\n])" : character === "$" ? "(?![^\\n])" : flags.includes("s") ? "[\\s\\S]" : "[^\\n]";
      at++;
      continue;
    }
    if (character === "(" && source[at + 1] === "?") {
      const rest = source.slice(at + 2);
      if (/^(?:=|!|<=|<!)/.test(rest)) throw unsupported("look-around");
      if (rest.startsWith("P<")) {
        out += "(?<";
        at += 4;
        continue;
      }
      const inline = /^([a-zA-Z]+)(:|\))/.exec(rest);
      if (inline !== null) throw unsupported(`inline flags (?${inline[1]}) other than at the start of the pattern`);
    }
    out += character;
    at++;
  }
  try {
    return new RegExp(out, flags);
  } catch (error) {
    throw new ToolError(`The pattern ${JSON.stringify(pattern)} is not a valid regular expression: ${(error as Error).message}`);
  }
}
