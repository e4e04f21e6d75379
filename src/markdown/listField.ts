/** A frontmatter list written as `a, b c` or as a YAML list, as agent and skill files write tool names. */

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
