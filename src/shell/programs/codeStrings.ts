/**
 * The string literals of a piece of code in a language the analysis does not read (Python, Perl,
 * JavaScript, awk, SQL, vim script...): `open(".env")` mentions `.env`, `os.system("rm x")`
 * mentions `rm x`. Deny and ask rules meet each of them; that is a net, not a proof, so code is
 * still counted as unknown.
 */

/** At most this many strings are taken from one piece of code. */
export const MAX_CODE_STRINGS = 200;

/** The contents of the '...', "..." and `...` literals in `code` (escapes kept as written), then its bare words with a slash or dot. */
export function codeStrings(code: string): string[] {
  const found = new Set<string>();
  for (let at = 0; at < code.length && found.size < MAX_CODE_STRINGS; at++) {
    const quote = code[at] as string;
    if (quote !== "'" && quote !== '"' && quote !== "`") continue;
    let end = at + 1;
    let text = "";
    while (end < code.length && code[end] !== quote) {
      if (code[end] === "\\" && end + 1 < code.length) {
        const escaped = code[end + 1] as string;
        text += escaped === "n" ? "\n" : escaped === "t" ? "\t" : escaped;
        end += 2;
        continue;
      }
      text += code[end];
      end++;
    }
    if (text.trim() !== "") found.add(text);
    at = end;
  }
  // Paths written without quotes (a shell-ish language, a here-document): words with a slash or a dot.
  for (const word of code.split(/[\s()'"`;,{}<>|&=]+/)) {
    if (found.size >= MAX_CODE_STRINGS) break;
    if (/[/.]/.test(word) && !/^[\d.]+$/.test(word)) found.add(word);
  }
  return [...found];
}
