/**
 * When old_string is not in the file: looks for the text the model probably meant, ignoring
 * whitespace differences and curly-versus-straight quotes, so the error can show the real text.
 */

export interface NearMiss {
  /** 1-based first and last line of the close match. */
  startLine: number;
  endLine: number;
  /** What differs: "whitespace", "quotes" or both. */
  differences: string[];
}

const CURLY_QUOTES: Array<[RegExp, string]> = [
  [/[\u2018\u2019\u201A\u201B\u2032]/g, "'"],
  [/[\u201C\u201D\u201E\u201F\u2033]/g, '"'],
];

function straightenQuotes(text: string): string {
  return CURLY_QUOTES.reduce((result, [pattern, plain]) => result.replace(pattern, plain), text);
}

function collapseWhitespace(text: string): string {
  return text
    .split("\n")
    .map((line) => line.trim().replace(/\s+/g, " "))
    .join("\n")
    .trim();
}

/** The first window of lines that contains `wanted` once both are passed through `normalize`. */
function findWindow(lines: readonly string[], wanted: string, normalize: (text: string) => string): { startLine: number; endLine: number } | undefined {
  const target = normalize(wanted);
  if (target === "") return undefined;
  const span = Math.max(1, wanted.split("\n").length);
  for (let start = 0; start + span <= lines.length; start++) {
    if (normalize(lines.slice(start, start + span).join("\n")).includes(target)) {
      return { startLine: start + 1, endLine: start + span };
    }
  }
  return undefined;
}

/** A close match for `oldString` in `text`, or undefined. */
export function findNearMiss(text: string, oldString: string): NearMiss | undefined {
  const lines = text.split("\n");
  const attempts: Array<{ differences: string[]; normalize: (value: string) => string }> = [
    { differences: ["quotes"], normalize: straightenQuotes },
    { differences: ["whitespace"], normalize: collapseWhitespace },
    { differences: ["whitespace", "quotes"], normalize: (value) => collapseWhitespace(straightenQuotes(value)) },
  ];
  for (const attempt of attempts) {
    const window = findWindow(lines, oldString, attempt.normalize);
    if (window !== undefined) return { ...window, differences: attempt.differences };
  }
  return undefined;
}

/** True when every line starts with a Read-style line number and tab, which is not part of the file. */
export function hasLineNumberPrefixes(oldString: string): boolean {
  const lines = oldString.split("\n").filter((line) => line !== "");
  return lines.length > 0 && lines.every((line) => /^\s*\d+\t/.test(line));
}
