/**
 * A Markdown file with YAML frontmatter, as agent and skill files are written: a `---` line, the
 * YAML, a `---` line, then the body. The YAML is read by Bun's own parser; what it holds is
 * checked by whoever reads the fields.
 */

export type FrontmatterResult =
  | { ok: true; fields: { [key: string]: unknown }; body: string }
  | { ok: false; problem: string };

const OPENING = /^\uFEFF?---[ \t]*\r?\n/;
const CLOSING = /^---[ \t]*$/m;

/** Splits `text` into its frontmatter fields and body; a file without frontmatter has no fields. */
export function parseFrontmatter(text: string): FrontmatterResult {
  const opening = OPENING.exec(text);
  if (opening === null) return { ok: true, fields: {}, body: text.replace(/^\uFEFF/, "") };
  const rest = text.slice(opening[0].length);
  const closing = CLOSING.exec(rest);
  if (closing === null) return { ok: false, problem: "the frontmatter opened with --- is never closed with a --- line" };
  const yaml = rest.slice(0, closing.index);
  const body = rest.slice(closing.index + closing[0].length).replace(/^\r?\n/, "");
  let value: unknown;
  try {
    value = yaml.trim() === "" ? {} : Bun.YAML.parse(yaml);
  } catch (error) {
    return { ok: false, problem: `the frontmatter is not valid YAML (${(error as Error).message})` };
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    return { ok: false, problem: "the frontmatter must be a set of key: value lines" };
  }
  return { ok: true, fields: value as { [key: string]: unknown }, body };
}

/** Splits at commas and spaces outside parentheses, so `Bash(git log:*)` stays one item. */
function splitList(text: string): string[] {
  const items: string[] = [];
  let depth = 0;
  let current = "";
  for (const char of text) {
    if (char === "(") depth++;
    else if (char === ")") depth = Math.max(0, depth - 1);
    if (depth === 0 && (char === "," || /\s/.test(char))) {
      if (current.trim() !== "") items.push(current.trim());
      current = "";
    } else current += char;
  }
  if (current.trim() !== "") items.push(current.trim());
  return items;
}

/** A list field written as `a, b c` or as a YAML list; undefined when absent, a problem text when neither. */
export function listField(value: unknown): string[] | undefined | { problem: string } {
  if (value === undefined || value === null) return undefined;
  if (typeof value === "string") return splitList(value);
  if (Array.isArray(value) && value.every((item) => typeof item === "string")) return value.map((item) => item.trim()).filter((item) => item !== "");
  return { problem: "must be a list of names (a, b, c or a YAML list)" };
}
