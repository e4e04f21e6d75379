/**
 * A skill's `allowed-tools` as separate rules: a list as it is, or a text split at commas and
 * spaces that are not inside a rule's parentheses (`Bash(git add *), Read` is two rules).
 */

/** The rule texts of an allowed-tools value. */
export function splitAllowedTools(value: string | readonly string[] | undefined): string[] {
  if (value === undefined) return [];
  if (typeof value !== "string") return value.map((rule) => rule.trim()).filter((rule) => rule !== "");
  const rules: string[] = [];
  let current = "";
  let depth = 0;
  for (const char of value) {
    if (char === "(") depth += 1;
    else if (char === ")") depth = Math.max(0, depth - 1);
    if (depth === 0 && (char === "," || /\s/.test(char))) {
      if (current.trim() !== "") rules.push(current.trim());
      current = "";
      continue;
    }
    current += char;
  }
  if (current.trim() !== "") rules.push(current.trim());
  return rules;
}
