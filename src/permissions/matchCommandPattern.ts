/**
 * Bash command patterns: `*` matches any run of characters (spaces included) anywhere; a space
 * before `*` is a word boundary, and a trailing ` *` also matches nothing (`ls *` matches `ls`,
 * `ls -la`, not `lsof`). A trailing `:*` is the older spelling of ` *`.
 */

const cache = new Map<string, RegExp>();

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
}

/** The regular expression a pattern stands for, anchored at both ends. */
export function commandPatternToRegExp(pattern: string): RegExp {
  const cached = cache.get(pattern);
  if (cached !== undefined) return cached;
  let text = pattern.trim();
  if (text.endsWith(":*")) text = `${text.slice(0, -2)} *`;
  let source = "";
  const trailingWord = text.endsWith(" *") && text.length > 2;
  const body = trailingWord ? text.slice(0, -2) : text;
  for (const piece of body.split("*").map(escapeRegExp).entries()) {
    source += (piece[0] === 0 ? "" : "[\\s\\S]*") + piece[1];
  }
  if (trailingWord) source += "(?:\\s[\\s\\S]*)?";
  const expression = new RegExp(`^${source}$`);
  cache.set(pattern, expression);
  return expression;
}

/** True when `command` (one part, normalised) matches `pattern`. */
export function matchCommandPattern(pattern: string, command: string): boolean {
  return commandPatternToRegExp(pattern).test(command.trim());
}
