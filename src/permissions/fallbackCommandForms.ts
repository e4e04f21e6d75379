/**
 * When the parser could not make full sense of a command, deny and ask rules are also tried
 * against rough pieces of the raw text (split at every character that can end a command), so a
 * denied command hidden in broken syntax is still denied. Used only to deny or ask, never to allow.
 */
import { decodeAnsiCString } from "../shell/decodeAnsiCString.ts";

// Every control character but tab can end a command for some reader of the text.
const COMMAND_BREAKS = /[;&|(){}`\u0000-\u0008\u000a-\u001f\u007f]|\$\(|<\(|>\(/;
const MAX_FORM_WORDS = 64;
const ASSIGNMENT = /^[A-Za-z_][A-Za-z0-9_]*(?:\[[^\]]*\])?=\S*\s+/;

/** `text` with every `$'...'` decoded, wherever it sits. */
function decodeAnsiCStrings(text: string): string {
  return text.replace(/\$'((?:[^'\\]|\\[^])*)'/g, (_match, body: string) => decodeAnsiCString(body));
}

/** Rough command texts found in `command`. */
export function fallbackCommandForms(command: string): string[] {
  const forms = new Set<string>();
  // Bash may have joined a backslash line break (`r\<newline>m x` is `rm x`; `\\<newline>` is a
  // backslash and a line break, but one inside backquotes), or kept it (at the end of a comment).
  const joined = command.replace(/(?<!\\)((?:\\\\)*)\\\n/g, "$1");
  const joinedInBackquotes = command.replace(/\\\\?\n/g, "");
  const joinedPastComments = command.replace(/(?<!\\)((?:\\\\)*)\\\n/g, (match, pairs: string, offset: number) =>
    (command.lastIndexOf("#", offset) > command.lastIndexOf("\n", offset) ? match : pairs));
  const texts = new Set([command, joined, joinedInBackquotes, joinedPastComments]);
  // A brace expansion may spell a name (`r{m,}` is `rm r`).
  for (const text of [...texts]) {
    if (!/\{[^{}\s]*,[^{}\s]*\}/.test(text)) continue;
    texts.add(text.replace(/\{([^{}\s]*,[^{}\s]*)\}/g, (_match, body: string) => body.split(",")[0] as string));
    texts.add(text.replace(/\{([^{}\s]*,[^{}\s]*)\}/g, (_match, body: string) => body.split(",").at(-1) as string));
  }
  // A $'...' string may spell a name (`$'\x72'm`): decoded in the whole text and in each piece.
  for (const text of [...texts]) texts.add(decodeAnsiCStrings(text));
  const split = [...texts].flatMap((text) => text.replace(/\$\{IFS\}|\$IFS/g, " ").split(COMMAND_BREAKS));
  const pieces = new Set([...split, ...split.map(decodeAnsiCStrings)]);
  for (const piece of pieces) {
    // `$"..."` is the string it spells.
    let text = piece.replace(/\$"/g, '"').replace(/\\(.)/g, "$1").replace(/["']/g, "").replace(/\s+/g, " ").trim();
    // Leading assignments go while a command follows them; each round removes at least `x=`.
    for (let match = ASSIGNMENT.exec(text); match !== null; match = ASSIGNMENT.exec(text)) text = text.slice(match[0].length);
    if (text === "") continue;
    forms.add(text);
    // Brace expansion turns `{rm,-rf,/}` into words.
    if (text.includes(",")) forms.add(text.replace(/,/g, " "));
    const words = text.split(" ");
    // Any word may be where a wrapped command starts. In a piece of more than MAX_FORM_WORDS words
    // each such form keeps its first words and the piece's last ones (a rule like `git push * --force`
    // still meets its end), so thousands of words cost thousands of forms, not millions of words.
    const long = words.length > MAX_FORM_WORDS;
    const ending = words.slice(-MAX_FORM_WORDS / 2);
    for (let index = 1; index < words.length; index++) {
      if (!long || words.length - index <= MAX_FORM_WORDS) forms.add(words.slice(index).join(" "));
      else forms.add([...words.slice(index, index + MAX_FORM_WORDS / 2), ...ending].join(" "));
    }
  }
  return [...forms];
}

/** Rough words of `command` (split also at redirection operators), tried as mentioned paths by deny and ask rules. */
export function fallbackWords(command: string): string[] {
  const words = new Set<string>();
  for (const form of fallbackCommandForms(command.replace(/[<>]/g, " "))) {
    for (const word of form.split(" ")) if (word !== "") words.add(word);
  }
  return [...words];
}

/** Most folders a rough `cd` chain is followed into. */
const MAX_ROUGH_FOLDERS = 8;

/**
 * Folders the rough forms (fallbackCommandForms) may move the shell to (`cd x`, `pushd x`, each also after the ones
 * before it), so rough words are also placed there: a deny rule anchored at the project still
 * meets `cd .. && cat repo/secrets/b` when the parser could not read the command.
 */
export function fallbackFolders(forms: readonly string[]): string[] {
  const folders: string[] = [];
  let current: string | undefined;
  for (const form of forms) {
    const words = form.split(" ");
    if (words[0] !== "cd" && words[0] !== "pushd") continue;
    const target = words.slice(1).find((word) => !word.startsWith("-"));
    if (target === undefined) continue;
    current = target.startsWith("/") || current === undefined ? target : `${current}/${target}`;
    for (const folder of [target, current]) if (!folders.includes(folder)) folders.push(folder);
    if (folders.length >= MAX_ROUGH_FOLDERS) break;
  }
  return folders.slice(0, MAX_ROUGH_FOLDERS);
}
