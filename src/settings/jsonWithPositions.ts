/**
 * JSON text to a value that remembers where each part was written (line and column), so every
 * settings message can point at it. Duplicate keys are reported; in permission rule lists both
 * copies count (a second "deny" must not silently drop the first). Nesting is bounded before the
 * parser (which recurses) ever sees the text.
 */
import type { Node, ParseError } from "jsonc-parser";

/** Settings files need a few levels; deeper text is refused before it is parsed. */
export const MAX_JSON_NESTING = 64;

/** A JSON path: keys and array indexes from the top. */
export type JsonPath = readonly (string | number)[];

/** `file:line:column` of the value at a path (or of its key), or the file alone when not known. */
export type Locate = (path: JsonPath, part?: "key" | "value") => string;

export type JsonParseResult =
  | { ok: true; value: unknown; locate: Locate; warnings: string[] }
  | { ok: false; message: string; partial?: unknown };

/** Keys whose lists merge when they appear twice in one object (the rule lists under `permissions`). */
const MERGED_ON_DUPLICATE = new Set(["allow", "ask", "deny", "additionalDirectories"]);

const REASONS: Record<string, string> = {
  InvalidSymbol: "an unexpected character",
  InvalidNumberFormat: "a malformed number",
  PropertyNameExpected: "a property name in double quotes was expected",
  ValueExpected: "a value was expected",
  ColonExpected: "a colon was expected",
  CommaExpected: "a comma was expected",
  CloseBraceExpected: "a closing } was expected",
  CloseBracketExpected: "a closing ] was expected",
  EndOfFileExpected: "nothing more was expected",
  InvalidCommentToken: "comments are not allowed",
  UnexpectedEndOfComment: "an unfinished comment",
  UnexpectedEndOfString: "an unfinished string",
  UnexpectedEndOfNumber: "an unfinished number",
  InvalidUnicode: "a bad \\u escape",
  InvalidEscapeCharacter: "a bad escape",
  InvalidCharacter: "a character not allowed in a string",
};

/** Line and column (both from 1) of each offset, by a search over line starts. */
function positionFinder(text: string): (offset: number) => { line: number; column: number } {
  const starts = [0];
  for (let index = text.indexOf("\n"); index !== -1; index = text.indexOf("\n", index + 1)) starts.push(index + 1);
  return (offset) => {
    let low = 0;
    let high = starts.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if ((starts[middle] as number) <= offset) low = middle;
      else high = middle - 1;
    }
    return { line: low + 1, column: offset - (starts[low] as number) + 1 };
  };
}

/** The offset where nesting first passes `limit`, outside strings; undefined when it never does. */
function tooDeepAt(text: string, limit: number): number | undefined {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index++) {
    const character = text[index];
    if (inString) {
      if (character === "\\") index++;
      else if (character === '"') inString = false;
    } else if (character === '"') inString = true;
    else if (character === "{" || character === "[") {
      if (++depth > limit) return index;
    } else if (character === "}" || character === "]") depth--;
  }
  return undefined;
}

interface Builder {
  offsets: Map<string, { key?: number; value: number }>;
  warnings: string[];
  describe(offset: number): string;
}

function toValue(node: Node, path: JsonPath, builder: Builder): unknown {
  builder.offsets.set(JSON.stringify(path), { ...builder.offsets.get(JSON.stringify(path)), value: node.offset });
  switch (node.type) {
    case "object": {
      const entries = new Map<string, unknown>();
      const seen = new Map<string, number>();
      for (const property of node.children ?? []) {
        const [keyNode, valueNode] = property.children ?? [];
        if (keyNode === undefined || valueNode === undefined || typeof keyNode.value !== "string") continue;
        const key = keyNode.value;
        const childPath = [...path, key];
        const value = toValue(valueNode, childPath, builder);
        const first = seen.get(key);
        if (first !== undefined) {
          const merged = MERGED_ON_DUPLICATE.has(key) && path.length === 1 && path[0] === "permissions";
          builder.warnings.push(`${builder.describe(keyNode.offset)}: "${[...path, key].join(".")}" appears twice (first at ${builder.describe(first)}); ` +
            (merged ? "both lists apply" : "the last one counts"));
          const earlier = entries.get(key);
          if (merged && Array.isArray(earlier) && Array.isArray(value)) {
            entries.set(key, [...earlier, ...value]);
            continue;
          }
        } else seen.set(key, keyNode.offset);
        builder.offsets.set(JSON.stringify(childPath), { key: keyNode.offset, value: valueNode.offset });
        entries.set(key, value);
      }
      // fromEntries makes "__proto__" an own key, never the object's prototype.
      return Object.fromEntries(entries);
    }
    case "array":
      return (node.children ?? []).map((child, index) => toValue(child, [...path, index], builder));
    default:
      return node.value;
  }
}

/** Parses JSON text (comments and trailing commas refused) from `where` (a file path or "--settings"). */
export function parseJsonWithPositions(text: string, where: string): JsonParseResult {
  const find = positionFinder(text);
  const describe = (offset: number) => {
    const { line, column } = find(offset);
    return `${where}:${line}:${column}`;
  };
  const deep = tooDeepAt(text, MAX_JSON_NESTING);
  if (deep !== undefined) {
    return { ok: false, message: `${describe(deep)}: the JSON is nested more than ${MAX_JSON_NESTING} levels deep; a settings file needs only a few` };
  }
  // Loaded only when a settings file exists: most starts read none, and the parser costs start-up time.
  const { parseTree, printParseErrorCode } = require("jsonc-parser/lib/esm/main.js") as typeof import("jsonc-parser");
  const errors: ParseError[] = [];
  const tree = parseTree(text, errors, { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false });
  const builder: Builder = { offsets: new Map(), warnings: [], describe };
  const value = tree === undefined ? undefined : toValue(tree, [], builder);
  const first = errors[0];
  if (first !== undefined) {
    const code = printParseErrorCode(first.error);
    return { ok: false, message: `${describe(first.offset)}: invalid JSON: ${REASONS[code] ?? code}`, partial: value };
  }
  const locate: Locate = (path, part = "value") => {
    for (let length = path.length; length >= 0; length--) {
      const found = builder.offsets.get(JSON.stringify(path.slice(0, length)));
      if (found !== undefined) return describe(part === "key" && length === path.length ? found.key ?? found.value : found.value);
    }
    return where;
  };
  return { ok: true, value, locate, warnings: builder.warnings };
}
