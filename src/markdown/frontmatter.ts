/**
 * The YAML frontmatter of a Markdown file (a SKILL.md, an agent file), read with a small subset of YAML: a mapping of keys to
 * plain, quoted or block scalars (`|`, `>`), flow lists (`[a, b]`), block lists (`- a`) and one
 * level of nested mapping (`metadata:`). Anchors, aliases and tags are not interpreted: nothing in
 * a file can make the reader expand, construct or run anything. A problem is a reason, not a throw.
 */

/** A frontmatter value: text, a list of texts, or a mapping of texts (one level). */
export type FrontmatterValue = string | string[] | { [key: string]: string };

export type FrontmatterResult =
  | { ok: true; data: Record<string, FrontmatterValue>; body: string }
  | { ok: false; reason: string };

/** Frontmatter longer than this is refused: it is meant to be a few lines. */
export const MAX_FRONTMATTER_CHARS = 16 * 1024;

const KEY_LINE = /^([A-Za-z0-9_][A-Za-z0-9_.-]*)\s*:(?:\s+(.*)|\s*)$/;

interface Line {
  text: string;
  indent: number;
  number: number;
}

class FrontmatterError extends Error {}

function fail(line: Line | undefined, problem: string): never {
  throw new FrontmatterError(line === undefined ? problem : `line ${line.number}: ${problem}`);
}

function isBlankOrComment(text: string): boolean {
  const trimmed = text.trim();
  return trimmed === "" || trimmed.startsWith("#");
}

/** A plain scalar without its trailing comment. */
function plain(text: string): string {
  return text.replace(/\s+#.*$/, "").trim();
}

function doubleQuoted(text: string, line: Line): { value: string; rest: string } {
  let value = "";
  for (let at = 1; at < text.length; at += 1) {
    const char = text[at] as string;
    if (char === '"') return { value, rest: text.slice(at + 1) };
    if (char !== "\\") {
      value += char;
      continue;
    }
    const next = text[(at += 1)];
    const simple: Record<string, string> = { n: "\n", t: "\t", r: "\r", '"': '"', "\\": "\\", "/": "/", "0": "\0", " ": " " };
    if (next !== undefined && next in simple) value += simple[next];
    else if (next === "u" && /^[0-9a-fA-F]{4}$/.test(text.slice(at + 1, at + 5))) {
      value += String.fromCharCode(Number.parseInt(text.slice(at + 1, at + 5), 16));
      at += 4;
    } else fail(line, `an unknown escape \\${next ?? ""} in a quoted text`);
  }
  return fail(line, "a quoted text that does not end on its line");
}

function singleQuoted(text: string, line: Line): { value: string; rest: string } {
  let value = "";
  for (let at = 1; at < text.length; at += 1) {
    const char = text[at] as string;
    if (char !== "'") value += char;
    else if (text[at + 1] === "'") {
      value += "'";
      at += 1;
    } else return { value, rest: text.slice(at + 1) };
  }
  return fail(line, "a quoted text that does not end on its line");
}

/** One scalar on one line: quoted (nothing but a comment may follow) or plain. */
function scalar(text: string, line: Line): string {
  const trimmed = text.trim();
  if (trimmed.startsWith('"') || trimmed.startsWith("'")) {
    const { value, rest } = trimmed.startsWith('"') ? doubleQuoted(trimmed, line) : singleQuoted(trimmed, line);
    if (!isBlankOrComment(rest)) fail(line, "text after a quoted value");
    return value;
  }
  return plain(trimmed);
}

/** `[a, "b, c", d]` as its items. */
function flowList(text: string, line: Line): string[] {
  const trimmed = plain(text);
  if (!trimmed.endsWith("]")) fail(line, "a [ list that does not end with ] on its line");
  const inner = trimmed.slice(1, -1);
  const items: string[] = [];
  let current = "";
  let quote: string | undefined;
  for (const char of inner) {
    if (quote !== undefined) {
      current += char;
      if (char === quote) quote = undefined;
    } else if (char === '"' || char === "'") {
      quote = char;
      current += char;
    } else if (char === ",") {
      items.push(current);
      current = "";
    } else if (char === "[" || char === "{") fail(line, "a nested list or mapping, which skill frontmatter does not use");
    else current += char;
  }
  if (quote !== undefined) fail(line, "a quoted text that does not end");
  if (current.trim() !== "" || items.length > 0) items.push(current);
  return items.map((item) => scalar(item, line)).filter((item) => item !== "");
}

/** The lines indented under a key, up to the next line that is not. */
function childLines(lines: readonly Line[], from: number): Line[] {
  const children: Line[] = [];
  for (let at = from; at < lines.length; at += 1) {
    const line = lines[at] as Line;
    if (line.text.trim() !== "" && line.indent === 0) break;
    children.push(line);
  }
  while (children.length > 0 && (children.at(-1) as Line).text.trim() === "") children.pop();
  return children;
}

function blockScalar(indicator: string, children: readonly Line[]): string {
  const indent = Math.min(...children.filter((line) => line.text.trim() !== "").map((line) => line.indent));
  const texts = children.map((line) => line.text.slice(Number.isFinite(indent) ? indent : 0));
  if (indicator.startsWith("|")) return texts.join("\n").trimEnd();
  // Folded: lines join with spaces, a blank line is a line break.
  return texts.reduce((text, piece) => (piece.trim() === "" ? `${text}\n` : text === "" || text.endsWith("\n") ? text + piece.trim() : `${text} ${piece.trim()}`), "").trimEnd();
}

function nestedValue(children: readonly Line[]): string[] | { [key: string]: string } {
  const content = children.filter((line) => !isBlankOrComment(line.text));
  if (content.every((line) => line.text.trim().startsWith("- ") || line.text.trim() === "-")) {
    return content.map((line) => scalar(line.text.trim().slice(1), line));
  }
  const mapping: { [key: string]: string } = {};
  for (const line of content) {
    const match = KEY_LINE.exec(line.text.trim());
    if (match === null) fail(line, "neither a list item nor a key: value line");
    const [, key = "", value = ""] = match;
    if (Object.hasOwn(mapping, key)) fail(line, `the key ${key} appears twice`);
    mapping[key] = scalar(value, line);
  }
  return mapping;
}

function parseMapping(lines: readonly Line[]): Record<string, FrontmatterValue> {
  const data: Record<string, FrontmatterValue> = {};
  for (let at = 0; at < lines.length; ) {
    const line = lines[at] as Line;
    if (isBlankOrComment(line.text)) {
      at += 1;
      continue;
    }
    if (line.indent > 0) fail(line, "an indented line where a key was expected");
    const match = KEY_LINE.exec(line.text);
    if (match === null) fail(line, "not a key: value line");
    const [, key = "", rest = ""] = match;
    if (Object.hasOwn(data, key)) fail(line, `the key ${key} appears twice`);
    const children = childLines(lines, at + 1);
    at += 1 + children.length;
    const value = rest.trim();
    if (/^[|>][-+0-9]*(\s+#.*)?$/.test(value)) data[key] = blockScalar(value, children);
    else if (value === "" || value.startsWith("#")) data[key] = children.some((child) => !isBlankOrComment(child.text)) ? nestedValue(children) : "";
    else if (value.startsWith("[")) data[key] = flowList(value, line);
    else if (value.startsWith("{")) fail(line, "a { } mapping, which skill frontmatter does not use");
    else {
      // A plain value may go on over more-indented lines.
      const more = children.filter((child) => !isBlankOrComment(child.text)).map((child) => plain(child.text));
      const first = scalar(value, line);
      if (more.length > 0 && (value.startsWith('"') || value.startsWith("'"))) fail(children[0], "a quoted text that does not end on its line");
      data[key] = [first, ...more].join(" ");
    }
  }
  return data;
}

/** Splits `text` into its frontmatter (parsed) and body; text with no frontmatter has empty data. */
export function parseFrontmatter(text: string): FrontmatterResult {
  const source = text.replace(/^\uFEFF/, "");
  const opening = /^---[ \t]*\r?\n/.exec(source);
  if (opening === null) return { ok: true, data: {}, body: source };
  const closing = /^(?:---|\.\.\.)[ \t]*$/m;
  const rest = source.slice(opening[0].length);
  const end = closing.exec(rest);
  if (end === null) return { ok: false, reason: "the frontmatter has no closing --- line" };
  const header = rest.slice(0, end.index);
  if (header.length > MAX_FRONTMATTER_CHARS) return { ok: false, reason: `the frontmatter is longer than ${MAX_FRONTMATTER_CHARS} characters` };
  try {
    const lines: Line[] = header.split(/\r?\n/).map((line, index) => {
      if (/^\t/.test(line)) fail({ text: line, indent: 0, number: index + 2 }, "a tab used for indentation");
      return { text: line, indent: line.length - line.trimStart().length, number: index + 2 };
    });
    const data = parseMapping(lines);
    return { ok: true, data, body: rest.slice(end.index + end[0].length).replace(/^\r?\n/, "") };
  } catch (error) {
    if (error instanceof FrontmatterError) return { ok: false, reason: `the frontmatter is not valid: ${error.message}` };
    throw error;
  }
}
