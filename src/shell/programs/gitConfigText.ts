/**
 * Reads a git settings file the way git's own parser does (sections, subsections, keys, quoted
 * values, escapes, comments, values continued with a backslash), so what toolshed checks is what
 * git uses. A text git would refuse, or one this reader is unsure of, is not read at all.
 */

/** What git's parser takes for a space (not a form feed or a vertical tab, which are part of a value). */
const SPACE = /[ \t\r]/;

/** Every `key=value` setting of a git config text (keys spelled as `git config --list` prints them), or undefined for text git would not read. */
export function parseGitConfig(text: string): string[] | undefined {
  const settings: string[] = [];
  let section: string | undefined;
  let at = 0;
  const peek = () => text[at];
  while (at < text.length) {
    const character = peek() as string;
    if (SPACE.test(character) || character === "\n") {
      at++;
      continue;
    }
    if (character === "#" || character === ";") {
      while (at < text.length && peek() !== "\n") at++;
      continue;
    }
    if (character === "[") {
      at++;
      let name = "";
      while (at < text.length && /[A-Za-z0-9.-]/.test(peek() as string)) name += text[at++];
      if (name === "") return undefined;
      let subsection: string | undefined;
      if (SPACE.test(peek() ?? "")) {
        while (SPACE.test(peek() ?? "")) at++;
        if (peek() !== '"') return undefined;
        at++;
        subsection = "";
        for (;;) {
          const next = text[at++];
          if (next === undefined || next === "\n") return undefined;
          if (next === '"') break;
          if (next === "\\") {
            const escaped = text[at++];
            if (escaped === undefined || escaped === "\n") return undefined;
            subsection += escaped;
          } else subsection += next;
        }
      }
      if (text[at++] !== "]") return undefined;
      section = subsection === undefined ? name.toLowerCase() : `${name.toLowerCase()}.${subsection}`;
      continue;
    }
    if (!/[A-Za-z]/.test(character) || section === undefined) return undefined;
    let key = "";
    while (at < text.length && /[A-Za-z0-9-]/.test(peek() as string)) key += text[at++];
    while (SPACE.test(peek() ?? "")) at++;
    const full = `${section}.${key.toLowerCase()}`;
    if (at >= text.length || peek() === "\n") {
      settings.push(`${full}=true`);
      continue;
    }
    if (peek() !== "=") return undefined;
    at++;
    const value = readValue();
    if (value === undefined) return undefined;
    settings.push(`${full}=${value}`);
  }
  return settings;

  /** A value up to its line's end: spaces between words kept, around it dropped; quotes keep everything; `\` escapes and continues lines. */
  function readValue(): string | undefined {
    let value = "";
    let pendingSpaces = 0;
    let quoted = false;
    let comment = false;
    for (;;) {
      const character = text[at++];
      if (character === undefined || character === "\n") return quoted ? undefined : value;
      if (comment) continue;
      if (!quoted && SPACE.test(character)) {
        if (value.length > 0) pendingSpaces++;
        continue;
      }
      if (!quoted && (character === "#" || character === ";")) {
        comment = true;
        continue;
      }
      value += " ".repeat(pendingSpaces);
      pendingSpaces = 0;
      if (character === "\\") {
        const escaped = text[at++];
        if (escaped === "\n") continue;
        if (escaped === "\r" && text[at] === "\n") {
          at++;
          continue;
        }
        const meaning = escaped === "t" ? "\t" : escaped === "b" ? "\b" : escaped === "n" ? "\n" : escaped === "\\" || escaped === '"' ? escaped : undefined;
        if (meaning === undefined) return undefined;
        value += meaning;
        continue;
      }
      if (character === '"') {
        quoted = !quoted;
        continue;
      }
      value += character;
    }
  }
}
