/**
 * Removes line continuations (a backslash before a newline) where bash removes them, before the
 * parser sees the text: bash joins `tou\<newline>ch` into `touch` and `sub/\<newline>../x` into
 * one path, while the parser ends the word at the backslash. Bash keeps them inside single
 * quotes, ANSI-C quotes, comments and here-documents with a quoted delimiter, and removes them
 * everywhere else (double quotes and unquoted here-documents included). When the scan cannot be
 * sure where quotes end, it says so and the command is asked about.
 */

export interface ContinuationsRemoved {
  text: string;
  /** The scan could not follow the quoting to the end: bash may read the text differently. */
  uncertain: boolean;
}

type Context = "normal" | "double" | "substitution" | "backtick";

const WORD_BREAK = /[\s;&|()<>]/;

/** The text as bash reads it after joining continued lines. */
export function removeLineContinuations(command: string): ContinuationsRemoved {
  if (!command.includes("\\\n")) return { text: command, uncertain: false };
  let out = "";
  const stack: Context[] = ["normal"];
  const heredocs: { delimiter: string; quoted: boolean; stripTabs: boolean }[] = [];
  let uncertain = false;
  let index = 0;
  const top = () => stack[stack.length - 1] as Context;
  while (index < command.length) {
    const character = command[index] as string;
    const next = command[index + 1];
    const context = top();
    if (character === "\\") {
      if (next === "\n") {
        index += 2;
        continue;
      }
      out += character + (next ?? "");
      index += 2;
      continue;
    }
    if (context === "double") {
      if (character === '"') stack.pop();
      else if (character === "$" && next === "(") {
        stack.push("substitution");
        out += "$(";
        index += 2;
        continue;
      } else if (character === "`") stack.push("backtick");
      out += character;
      index++;
      continue;
    }
    if (context === "backtick" && character === "`") {
      stack.pop();
      out += character;
      index++;
      continue;
    }
    // normal, substitution and backtick text follow the same quoting rules.
    if (character === "'" || (character === "$" && next === "'")) {
      const start = character === "$" ? index + 2 : index + 1;
      let end = start;
      // Inside $'...' a backslash escapes the next character (\' does not end it); in '...' nothing does.
      while (end < command.length && command[end] !== "'") end += character === "$" && command[end] === "\\" ? 2 : 1;
      if (end >= command.length) uncertain = true;
      out += command.slice(index, end + 1);
      index = end + 1;
      continue;
    }
    if (character === "#" && (index === 0 || WORD_BREAK.test(command[index - 1] as string))) {
      const end = command.indexOf("\n", index);
      const stop = end === -1 ? command.length : end;
      out += command.slice(index, stop);
      index = stop;
      continue;
    }
    if (character === '"') stack.push("double");
    else if (character === "`") stack.push("backtick");
    else if (character === "$" && next === "(") {
      stack.push("substitution");
      out += "$(";
      index += 2;
      continue;
    } else if (character === "(" && context === "substitution") stack.push("substitution");
    else if (character === ")" && context === "substitution") stack.pop();
    else if (character === "<" && next === "<" && command[index + 2] !== "<") {
      const match = /^<<(-?)[ \t]*((?:'[^'\n]*'|"[^"\n]*"|\\?[^\s;&|()<>])+)/.exec(command.slice(index));
      if (match !== null) {
        const word = match[2] as string;
        heredocs.push({ delimiter: word.replace(/['"\\]/g, ""), quoted: /['"\\]/.test(word), stripTabs: match[1] === "-" });
        out += match[0];
        index += match[0].length;
        continue;
      }
    } else if (character === "\n" && heredocs.length > 0) {
      out += character;
      index++;
      // Each pending here-document's body follows, line by line, up to its delimiter.
      for (const heredoc of heredocs.splice(0)) {
        for (;;) {
          const end = command.indexOf("\n", index);
          const line = command.slice(index, end === -1 ? command.length : end);
          const bare = heredoc.stripTabs ? line.replace(/^\t+/, "") : line;
          const body = heredoc.quoted ? line : line.replace(/(?<!\\)((?:\\\\)*)\\$/, "$1");
          const joins = !heredoc.quoted && body !== line;
          out += body + (joins || end === -1 ? "" : "\n");
          index = end === -1 ? command.length : end + 1;
          if (bare === heredoc.delimiter || end === -1) break;
        }
      }
      continue;
    }
    out += character;
    index++;
  }
  if (stack.length !== 1 || heredocs.length > 0) uncertain = true;
  return { text: out, uncertain };
}
