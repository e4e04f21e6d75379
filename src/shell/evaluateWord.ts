/**
 * What a shell word stands for after quote removal, when the parser can tell without running
 * anything. A word with any expansion is dynamic; the parts of it the analysis cannot follow
 * (prompt expansion, indirection, arithmetic, brace expansion, ...) are reported as problems.
 */
import { decodeAnsiCString } from "./decodeAnsiCString.ts";
import type { ShellNode } from "./shellParser.ts";

export interface WordValue {
  /** The literal value when `literal`; otherwise the word's source text. */
  value: string;
  /** No expansion of any kind: the word means exactly `value`. */
  literal: boolean;
  /** Unquoted `*`, `?` or `[`: the shell may replace the word with matching file names. */
  glob: boolean;
  /** Syntax in this word the analysis does not understand. */
  problems: string[];
}

/** Called for each `$( )`, backtick, `<( )` or `>( )` met inside a word. */
export type NestedCommandVisitor = (substitution: ShellNode) => void;

const SIMPLE_PARAMETER = /^\$\{?(?:[A-Za-z_][A-Za-z0-9_]*|[0-9]|[@*#?$!-])\}?$/;
const BRACE_EXPANSION = /\{[^{}\s]*(?:,|\.\.)[^{}\s]*\}/;

/**
 * `${NAME:?}` or `${NAME:?message}` (the name captured): the value, or the shell stops the command
 * when it is empty. The message is printed, not run: one that expands or escapes anything is not this.
 */
export const REQUIRED_PARAMETER = /\$\{([A-Za-z_][A-Za-z0-9_]*|[0-9]+):\?[^$`\\}]*\}/;
const REQUIRED_PARAMETER_WORD = new RegExp(`^${REQUIRED_PARAMETER.source}$`);
const REQUIRED_PARAMETERS = new RegExp(REQUIRED_PARAMETER.source, "g");

/**
 * A word's text with each `${NAME:?...}` written `${NAME}`, the value it is when the command runs
 * at all: so `"${HOME:?}"/x` is recognised as the home folder's path wherever `"$HOME"/x` is.
 */
export function requiredAsPlain(text: string): string {
  return text.replace(REQUIRED_PARAMETERS, (_whole, name: string) => `\${${name}}`);
}

/**
 * Whether a word's text holds a brace expansion, with an escaped character, a `${...}` and what
 * quotes hold read as letters (`{"a b",key}`, `{"}",key}`, `{key,x\\ y}` and `{x,${d}}` are brace
 * expansions; `{a\\,b}` is not).
 */
export function hasBraceExpansion(text: string): boolean {
  if (!text.includes("{")) return false;
  let letters = text.replace(/\\[^]|\$'(?:[^'\\]|\\[^])*'|'[^']*'|"(?:[^"\\]|\\[^])*"/g, "x");
  // A parameter's braces are a letter too (`{x,${d}}` is a brace expansion), innermost first.
  for (let round = 0; round < 8 && /\$\{[^{}]*\}/.test(letters); round++) letters = letters.replace(/\$\{[^{}]*\}/g, "x");
  return BRACE_EXPANSION.test(letters);
}

/** Removes backslash escapes from an unquoted word and notes unquoted glob characters. */
function unescapeBare(text: string): { value: string; glob: boolean } {
  let value = "";
  let glob = false;
  for (let index = 0; index < text.length; index++) {
    const character = text[index] as string;
    if (character === "\\") {
      const next = text[index + 1];
      index++;
      if (next !== undefined && next !== "\n") value += next;
      continue;
    }
    if (character === "*" || character === "?" || character === "[") glob = true;
    value += character;
  }
  return { value, glob };
}

/** Inside double quotes a backslash escapes only `$`, backtick, `"`, `\` and a newline. */
function unescapeDoubleQuoted(text: string): string {
  return text.replace(/\\([$`"\\\n])/g, (_whole, escaped: string) => (escaped === "\n" ? "" : escaped));
}

function dynamic(node: ShellNode, problems: string[] = []): WordValue {
  return { value: node.text, literal: false, glob: false, problems };
}

function visitChildren(node: ShellNode, visit: NestedCommandVisitor, problems: string[]): void {
  for (const child of node.namedChildren) {
    if (child === null) continue;
    const inner = evaluateWord(child, visit);
    problems.push(...inner.problems);
  }
}

/** `~` and `~/...` become the home folder; `~user`, `~+` and `~-` are not followed. */
function expandTilde(node: ShellNode, value: string, glob: boolean): WordValue {
  const slash = value.indexOf("/");
  const prefix = slash === -1 ? value : value.slice(0, slash);
  if (prefix !== "~") return dynamic(node, [`the tilde expansion ${prefix}`]);
  const home = process.env.HOME ?? "/";
  return { value: home + value.slice(1), literal: true, glob, problems: [] };
}

/** Evaluates one word node (word, string, concatenation, expansion, ...). */
export function evaluateWord(node: ShellNode, visit: NestedCommandVisitor, atWordStart = true): WordValue {
  switch (node.type) {
    case "word":
    case "command_name": {
      if (node.type === "command_name") {
        const inner = node.namedChildren[0];
        return inner ? evaluateWord(inner, visit) : dynamic(node, ["an empty command name"]);
      }
      const { value, glob } = unescapeBare(node.text);
      if (hasBraceExpansion(node.text)) return dynamic(node, [`brace expansion in ${node.text}`]);
      if (atWordStart && node.text.startsWith("~")) return expandTilde(node, value, glob);
      return { value, literal: true, glob, problems: [] };
    }
    case "number":
    case "heredoc_start":
      return { value: node.text, literal: true, glob: false, problems: [] };
    case "raw_string":
      return { value: node.text.slice(1, -1), literal: true, glob: false, problems: [] };
    case "ansi_c_string":
      return { value: decodeAnsiCString(node.text.slice(2, -1)), literal: true, glob: false, problems: [] };
    case "translated_string": {
      // $"..." as the string it spells (as inside a concatenation): no message catalogue is read.
      const inner = node.namedChildren.find((child) => child?.type === "string");
      if (inner) return evaluateWord(inner, visit, atWordStart);
      return dynamic(node, []);
    }
    case "string": {
      const expansions = node.namedChildren.filter((child) => child !== null && child.type !== "string_content");
      if (expansions.length === 0) {
        return { value: unescapeDoubleQuoted(node.text.slice(1, -1)), literal: true, glob: false, problems: [] };
      }
      const problems: string[] = [];
      visitChildren(node, visit, problems);
      return dynamic(node, problems);
    }
    case "string_content":
      return { value: unescapeDoubleQuoted(node.text), literal: true, glob: false, problems: [] };
    case "concatenation": {
      const parts = node.namedChildren.filter((child): child is ShellNode => child !== null).map((child, index) => evaluateWord(child, visit, atWordStart && index === 0));
      const problems = parts.flatMap((part) => part.problems);
      if (hasBraceExpansion(node.text)) problems.push(`brace expansion in ${node.text}`);
      const literal = problems.length === 0 && parts.every((part) => part.literal);
      return {
        value: literal ? parts.map((part) => part.value).join("") : node.text,
        literal,
        glob: parts.some((part) => part.glob),
        problems,
      };
    }
    case "simple_expansion":
      return dynamic(node);
    case "expansion": {
      const problems: string[] = [];
      if (!SIMPLE_PARAMETER.test(node.text) && !REQUIRED_PARAMETER_WORD.test(node.text)) {
        problems.push(`the parameter expansion ${node.text} (only $NAME, \${NAME} and \${NAME:?} are understood)`);
      }
      findSubstitutions(node, visit);
      return dynamic(node, problems);
    }
    case "command_substitution":
    case "process_substitution":
      visit(node);
      return dynamic(node);
    case "arithmetic_expansion": {
      const problems = [`the arithmetic expansion ${node.text} (it can run commands through array subscripts)`];
      findSubstitutions(node, visit);
      return dynamic(node, problems);
    }
    default: {
      findSubstitutions(node, visit);
      return dynamic(node, [`the shell syntax "${node.type}" in ${JSON.stringify(node.text)}`]);
    }
  }
}

/** What a reference to the home or working folder stands for (the home folder's path, or `.`), if it is one. */
function folderVariable(node: ShellNode): string | undefined {
  if (node.type === "command_substitution") return /^\$\(\s*pwd\s*\)$/.test(node.text) ? "." : undefined;
  if (node.type !== "simple_expansion" && node.type !== "expansion") return undefined;
  const name = /^\$(?:(HOME|PWD)|\{(HOME|PWD)\})$/.exec(requiredAsPlain(node.text));
  if (name === null) return undefined;
  return (name[1] ?? name[2]) === "HOME" ? (process.env.HOME ?? "/") : ".";
}

/**
 * A word that starts with the home or working folder's variable (or `$(pwd)`) and is literal
 * after it (`"$HOME"/*`, `$PWD/src`, `"${HOME}/x"`), read as `~/...` or `./...` is: that folder,
 * then the rest. Undefined for any other word.
 */
export function evaluateFolderSpelledWord(node: ShellNode, visit: NestedCommandVisitor): WordValue | undefined {
  const children = node.namedChildren.filter((child): child is ShellNode => child !== null);
  const whole = folderVariable(node);
  if (whole !== undefined) return { value: whole, literal: true, glob: false, problems: [] };
  const [first, ...rest] = children;
  if (first === undefined) return undefined;
  if (node.type === "string") {
    // The variable, then literal text only, all of the string's text between its quotes.
    const start = folderVariable(first);
    if (start === undefined || rest.some((child) => child.type !== "string_content")) return undefined;
    if (node.text !== `"${children.map((child) => child.text).join("")}"`) return undefined;
    return { value: start + rest.map((child) => unescapeDoubleQuoted(child.text)).join(""), literal: true, glob: false, problems: [] };
  }
  if (node.type !== "concatenation" || hasBraceExpansion(node.text) || (first.type !== "string" && folderVariable(first) === undefined)) return undefined;
  const start = evaluateFolderSpelledWord(first, visit);
  const parts = rest.map((child) => evaluateWord(child, visit, false));
  if (start === undefined || parts.some((part) => !part.literal || part.problems.length > 0)) return undefined;
  return { value: start.value + parts.map((part) => part.value).join(""), literal: true, glob: parts.some((part) => part.glob), problems: [] };
}

/** Visits every command or process substitution anywhere below `node`. */
export function findSubstitutions(node: ShellNode, visit: NestedCommandVisitor): void {
  for (const child of node.namedChildren) {
    if (child === null) continue;
    if (child.type === "command_substitution" || child.type === "process_substitution") visit(child);
    else findSubstitutions(child, visit);
  }
}
