/**
 * A shell word's text read for what its expansions may do when it runs: as the shell acts on it
 * (bareCharacters), and as it is spelled were every expansion in it that may be empty empty
 * (spelledWithEmptyExpansions), where `${NAME:?}` is never empty: the shell stops the command instead.
 */

import { decodeAnsiCString } from "../shell/decodeAnsiCString.ts";
import { REQUIRED_PARAMETER } from "../shell/evaluateWord.ts";

/** A `${NAME:?}` at the start of a text. */
const REQUIRED_AT_START = new RegExp(`^${REQUIRED_PARAMETER.source}`);

/**
 * Where the backtick or the `(` of a `$(` at `at` is closed (just past it): the later of where
 * reading its quotes says (`$(true ")")` ends at its last parenthesis) and where counting every
 * parenthesis says (a quote this reading gets wrong, in a comment or a `$'\''`, cannot end it
 * early). Ending late only hides text after it, which can make a path look more critical, never less.
 */
function substitutionEnd(text: string, at: number): number {
  return Math.max(quotedSubstitutionEnd(text, at), countedSubstitutionEnd(text, at));
}

/** Where a substitution ends, every parenthesis counted and no quote read. */
function countedSubstitutionEnd(text: string, at: number): number {
  if (text[at] === "`") {
    const close = text.indexOf("`", at + 1);
    return close === -1 ? text.length : close + 1;
  }
  let depth = 0;
  for (let index = at; index < text.length; index++) {
    if (text[index] === "(") depth++;
    else if (text[index] === ")" && --depth === 0) return index + 1;
  }
  return text.length;
}

/** Where a substitution ends, its quotes, escapes and inner substitutions read. */
function quotedSubstitutionEnd(text: string, at: number): number {
  if (text[at] === "`") {
    for (let index = at + 1; index < text.length; index++) {
      if (text[index] === "\\") index++;
      else if (text[index] === "`") return index + 1;
    }
    return text.length;
  }
  let depth = 0;
  for (let index = at; index < text.length; index++) {
    const character = text[index];
    if (character === "\\") index++;
    else if (character === "'") {
      const close = text.indexOf("'", index + 1);
      if (close === -1) return text.length;
      index = close;
    } else if (character === '"') index = doubleQuotedEnd(text, index) - 1;
    else if (character === "`") index = quotedSubstitutionEnd(text, index) - 1;
    else if (character === "(") depth++;
    else if (character === ")" && --depth === 0) return index + 1;
  }
  return text.length;
}

/** Where the double-quoted string opened at `at` ends (just past its closing quote), escapes and substitutions inside it read. */
function doubleQuotedEnd(text: string, at: number): number {
  for (let index = at + 1; index < text.length; index++) {
    const character = text[index];
    if (character === "\\") index++;
    else if (character === '"') return index + 1;
    else if (character === "$" && text[index + 1] === "(") index = quotedSubstitutionEnd(text, index + 1) - 1;
    else if (character === "`") index = quotedSubstitutionEnd(text, index) - 1;
  }
  return text.length;
}

/** Where a substitution starting at `at` (a backtick, or the `$` of `$(`) ends, just past it, by one way of reading it. */
function substitutionAt(text: string, at: number, end: (text: string, at: number) => number): number | undefined {
  if (text[at] === "`") return end(text, at);
  return text[at] === "$" && text[at + 1] === "(" ? end(text, at + 1) : undefined;
}

/** The end of an ANSI-C quoted `$'...'` at `at` (just past its closing quote), `\'` inside it read as a quote. */
function ansiCQuotedEnd(text: string, at: number): number {
  for (let index = at + 2; index < text.length; index++) {
    if (text[index] === "\\") index++;
    else if (text[index] === "'") return index + 1;
  }
  return text.length;
}

/**
 * A word's text as the shell acts on it: quotes removed, each quoted or escaped `*`, `?`, `[`,
 * `$` and backtick made an `x`, and each command substitution `$S` (what it prints is not known,
 * nor are the quotes inside it read).
 */
export function bareCharacters(text: string): string {
  let bare = "";
  let quote: string | undefined;
  const inert = (character: string, special: RegExp) => (special.test(character) ? "x" : character);
  for (let index = 0; index < text.length; index++) {
    const character = text[index] as string;
    if (quote === "'") {
      if (character === "'") quote = undefined;
      else bare += inert(character, /[*?[$`]/);
    } else if (character === "\\") {
      // In double quotes a backslash escapes only $ ` " \ (`"\.\."` is that name).
      if (quote === '"' && !/[$`"\\]/.test(text[index + 1] ?? "")) bare += "\\";
      else {
        index++;
        bare += inert(text[index] ?? "", /[*?[$`]/);
      }
    } else if (character === "`" || (character === "$" && text[index + 1] === "(")) {
      bare += "$S";
      index = substitutionEnd(text, character === "`" ? index : index + 1) - 1;
    } else if (quote === '"') {
      if (character === '"') quote = undefined;
      else bare += inert(character, /[*?[]/);
    } else if (character === "'" || character === '"') quote = character;
    else bare += character;
  }
  return bare;
}

/**
 * A word's text with each double-quoted `${NAME:?...}` made a plain letter: a name that is never
 * empty (unquoted, it may be blanks that split into nothing). Not in a word with a substitution,
 * whose quotes may be read otherwise than the shell reads them.
 */
export function quotedRequiredAsNames(text: string): string {
  if (/\$\(|`/.test(text)) return text;
  let result = "";
  let quote: string | undefined;
  for (let index = 0; index < text.length; index++) {
    const character = text[index] as string;
    const required = quote === '"' && character === "$" ? REQUIRED_AT_START.exec(text.slice(index)) : null;
    if (required !== null) {
      result += "N";
      index += required[0].length - 1;
      continue;
    }
    if (character === "\\" && quote !== "'") {
      result += character + (text[index + 1] ?? "");
      index++;
      continue;
    }
    if (quote === undefined && (character === "'" || character === '"')) quote = character;
    else if (quote === character) quote = undefined;
    result += character;
  }
  return result;
}

/**
 * Whether a word has an expansion outside double quotes, whose value bash splits into words again
 * (`./$f` may be `./x /root`): by either way of reading where its substitutions end.
 */
export function hasUnquotedExpansion(text: string): boolean {
  return unquotedExpansionBy(text, quotedSubstitutionEnd) || unquotedExpansionBy(text, countedSubstitutionEnd);
}

function unquotedExpansionBy(text: string, substitutionEnds: (text: string, at: number) => number): boolean {
  let quote: string | undefined;
  for (let index = 0; index < text.length; index++) {
    const character = text[index] as string;
    const end = quote === '"' ? substitutionAt(text, index, substitutionEnds) : undefined;
    if (end !== undefined) index = end - 1;
    else if (character === "\\" && quote !== "'") index++;
    else if (quote === undefined && (character === "$" || character === "`")) return true;
    else if (quote === undefined && (character === "'" || character === '"')) quote = character;
    else if (quote === character) quote = undefined;
  }
  return false;
}

/** Expansions alone (`$X`, `${X}`, `$1`, `$S` for a substitution): text that may be empty when it runs. */
export const EXPANSIONS_ONLY = /^(?:\$(?:\{[^}]*\}|[A-Za-z_][A-Za-z0-9_]*|[0-9@*#?!$-]))+$/;

/** A parameter that may be empty: a name, a positional parameter, or all of them (`$@`, `$*`). */
const MAY_BE_EMPTY = /^(?:[A-Za-z_][A-Za-z0-9_]*|[0-9]+|[@*!])$/;

/** What a word is spelled as were its expansions that may be empty empty (see spelledWithEmptyExpansions). */
export interface EmptiedSpelling {
  spelled: string;
  /** A command substitution was among them (its output need not be empty, nor the path the root folder then). */
  substituted: boolean;
}

/** Stands for the name a `${NAME:?}` is: not empty, not known. */
const UNKNOWN_NAME = "\u0000";
/** Stands for the folder the command runs in, as `$PWD` or `$(pwd)` print it (not `.`, which rm refuses). */
export const HERE = "\u0001";

/**
 * The path a word names when each parameter and command substitution in it that may be empty is
 * (`~/"$X"` is `~/` spelled with the home folder, `/etc/$X` is `/etc/`, `"$HOME/$X"` the home
 * folder, `"$PWD/$X"` and `"$(pwd)/$X"` the folder it runs in, spelled HERE). A quoted
 * `${NAME:?}` is never empty: it stands for a name, so the word counts only when a `..` climbs
 * out of it (`./"${X:?}"/..`). Undefined when no
 * such expansion is in it, or when what it names then is not plain text: a wildcard (the glob
 * checks judge those), an arithmetic expansion, or a parameter that is not a plain value
 * (`${#X}`). An unquoted `${NAME:?}` may be blanks, which split into nothing: it may be empty.
 */
export function spelledWithEmptyExpansions(text: string, home: string): EmptiedSpelling | undefined {
  let spelled = "";
  let quote: string | undefined;
  let emptied = false;
  let substituted = false;
  let named = false;
  for (let index = 0; index < text.length; index++) {
    const character = text[index] as string;
    if (quote === "'") {
      if (character === "'") quote = undefined;
      else spelled += character;
    } else if (character === "\\") {
      // Unquoted, it makes the next character plain; in double quotes only $ ` " \ are escaped.
      const next = text[index + 1] ?? "";
      if (quote !== '"' || /[$`"\\]/.test(next)) index++;
      spelled += quote !== '"' || /[$`"\\]/.test(next) ? next : "\\";
    } else if (quote === undefined && character === "$" && text[index + 1] === "'") {
      // ANSI-C quoting: the text it spells.
      const end = ansiCQuotedEnd(text, index);
      spelled += decodeAnsiCString(text.slice(index + 2, end - 1));
      index = end - 1;
    } else if (character === "`" || (character === "$" && text[index + 1] === "(")) {
      if (text.startsWith("$((", index)) return undefined;
      const end = substitutionEnd(text, character === "`" ? index : index + 1);
      // What pwd prints is the folder it runs in, as $PWD; dirname prints a folder, `.` at least.
      if (spelled === "" && /^(?:\$\(\s*|`\s*)(?:\/(?:usr\/)?bin\/)?pwd(?:\s+-[LP]+)*\s*(?:\)|`)$/.test(text.slice(index, end))) spelled += HERE;
      else if (/^(?:\$\(\s*|`\s*)dirname\s/.test(text.slice(index, end))) {
        spelled += UNKNOWN_NAME;
        named = true;
      } else {
        emptied = true;
        substituted = true;
      }
      index = end - 1;
    } else if (character === "$" && /^\$(?:\{[^}]*\}|[A-Za-z_0-9@*!])/.test(text.slice(index))) {
      const expansion = /^\$(?:\{([^}]*)\}|([A-Za-z_][A-Za-z0-9_]*|[0-9@*!]))/.exec(text.slice(index)) as RegExpExecArray;
      const requiredName = REQUIRED_AT_START.exec(expansion[0])?.[1];
      const name = requiredName ?? expansion[1] ?? expansion[2] ?? "";
      const required = requiredName !== undefined;
      index += expansion[0].length - 1;
      if (name === "HOME") spelled += home;
      else if (name === "PWD" && spelled === "") spelled += HERE;
      // Quoted, a `${NAME:?}` is a name; unquoted, blanks in it split into nothing.
      else if (required && quote === '"' && MAY_BE_EMPTY.test(name)) {
        spelled += UNKNOWN_NAME;
        named = true;
      } else if (MAY_BE_EMPTY.test(name)) emptied = true;
      else return undefined;
    } else if (quote === '"') {
      if (character === '"') quote = undefined;
      else spelled += character;
    } else if (character === "'" || character === '"') {
      quote = character;
    } else if (/[*?[]/.test(character)) {
      return undefined;
    } else {
      spelled += character;
    }
  }
  if (!emptied && !(named && /(?:^|\/)\.\.(?:\/|$)/.test(spelled))) return undefined;
  // Only an unquoted `~/` at the start is the home folder (`~$X` and `"~"/x` are names).
  if (text.startsWith("~/")) return { spelled: `${home}${spelled.slice(1)}`, substituted };
  return spelled.startsWith("~") ? undefined : { spelled, substituted };
}
