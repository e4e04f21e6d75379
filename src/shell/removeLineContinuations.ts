/**
 * Removes line continuations (a backslash before a newline) where bash removes them, before the
 * parser sees the text: bash joins `tou\<newline>ch` into `touch` and `sub/\<newline>../x` into
 * one path, while the parser ends the word at the backslash. Bash keeps them inside single
 * quotes, ANSI-C quotes, comments and here-documents with a quoted delimiter, and removes them
 * everywhere else (double quotes and unquoted here-documents included).
 *
 * Bash removes a continuation as it reads characters, before it looks at what comes next, so
 * `$\<newline>'` opens a $'...' string and `<\<newline><` is a here-document; where each
 * context starts and ends is bash's whole lexer (a `'` inside `"${x#'"'}"` quotes, a `#` after
 * `$(pwd)` is no comment, a here-document ends at a line only once its own continuations are
 * joined...), and every place a second reading parts ways with bash is a way to hide a command.
 * So the join is exact only for text that needs no more than quotes and substitutions: no `#`
 * outside quotes with more than plain text after it on its line (a comment, or `$#`), no
 * here-document, no backquote, no `${` inside double quotes, and no `case` or `[[` inside a
 * `$( )`. Anything else is still joined as well as the scan can, for the parts it
 * shows, but is uncertain: the command asks, and deny rules are also tried against the raw text.
 */

export interface ContinuationsRemoved {
  text: string;
  /** Bash may read the text differently: the scan could not be sure where every quote ends. */
  uncertain: boolean;
}

/** The text as bash reads it after joining continued lines. */
export function removeLineContinuations(command: string): ContinuationsRemoved {
  if (!command.includes("\\\n")) return { text: command, uncertain: false };
  // Every continuation removed: bash removes some of these, so what it sees adjoins here too.
  const allJoined = command.replace(/\\\n/g, "");
  const heredoc = allJoined.replace(/<<<(?!<)/g, "").includes("<<");
  // Bash reads the second parenthesis of `((` and `))` without joining a continuation before it.
  const splitPair = /\((?:\\\n)+\(|\)(?:\\\n)+\)/.test(command);
  const exact = heredoc || command.includes("`") || splitPair ? undefined : joinExactly(command, /\bcase\b|\[\[/.test(allJoined));
  return exact ?? { text: scanContexts(command), uncertain: true };
}

type ExactContext = { kind: "double" } | { kind: "substitution"; depth: number } | { kind: "brace" };

/**
 * The join of text with no here-document or backquote, following its quotes and
 * substitutions as bash does, continuations skipped before each character is read. Undefined when
 * the text has something it does not follow (then the caller asks); `caseInside` says the text has
 * a `case` or `[[`, whose `)` closes no substitution.
 */
function joinExactly(command: string, caseInside: boolean): ContinuationsRemoved | undefined {
  let out = "";
  let index = 0;
  const stack: ExactContext[] = [];
  // The last character read was a `$` that may start something (`$'`, `$(`, `${`, `$$`).
  let dollar = false;
  while (index < command.length) {
    const character = command[index] as string;
    const next = command[index + 1];
    const context = stack[stack.length - 1];
    if (character === "\\") {
      // Outside single quotes a backslash escapes the next character; before a newline both go.
      if (next !== "\n") {
        out += character + (next ?? "");
        dollar = false;
      }
      index += 2;
      continue;
    }
    const startsWithDollar: boolean = dollar;
    dollar = character === "$" && !startsWithDollar;
    if (character === "'" && (context === undefined || context.kind !== "double")) {
      // '...' keeps everything; $'...' too, but a backslash escapes its closing quote.
      let end = index + 1;
      while (end < command.length && command[end] !== "'") end += startsWithDollar && command[end] === "\\" ? 2 : 1;
      if (end >= command.length) return { text: out + command.slice(index), uncertain: true };
      out += command.slice(index, end + 1);
      index = end + 1;
      continue;
    }
    // A `#` outside quotes may start a comment (up to the line's end, with no continuation) or be
    // part of a word. The two readings agree when the rest of the line is plain text: kept as is.
    if (character === "#" && context?.kind !== "double") {
      const end = command.indexOf("\n", index);
      const rest = command.slice(index, end === -1 ? command.length : end);
      if (/[\\'"$`(){}<>]/.test(rest)) return undefined;
      out += rest;
      index += rest.length;
      dollar = false;
      continue;
    }
    out += character;
    index++;
    if (context?.kind === "double") {
      if (character === '"') stack.pop();
      else if (startsWithDollar && character === "(") {
        if (caseInside) return undefined;
        stack.push({ kind: "substitution", depth: 0 });
      } else if (startsWithDollar && (character === "{" || character === "[")) return undefined; // quoting inside "${...}" and "$[...]" is bash's own
      continue;
    }
    if (character === '"') stack.push({ kind: "double" });
    else if (startsWithDollar && character === "(") {
      if (caseInside) return undefined;
      stack.push({ kind: "substitution", depth: 0 });
    } else if (startsWithDollar && character === "{") stack.push({ kind: "brace" });
    else if (context?.kind === "brace" && character === "}") stack.pop();
    else if (context?.kind === "substitution" && character === "(") context.depth++;
    else if (context?.kind === "substitution" && character === ")") {
      if (context.depth === 0) stack.pop();
      else context.depth--;
    }
  }
  return { text: out, uncertain: stack.length > 0 };
}

type Context = "normal" | "double" | "substitution" | "backtick" | "arithmetic";

const WORD_BREAK = /[\s;&|()<>]/;

/**
 * A best-effort join following bash's contexts (quotes, substitutions, arithmetic, comments,
 * here-documents), for the commands whose join cannot be exact (and which ask whatever it finds).
 */
function scanContexts(command: string): string {
  let out = "";
  const stack: Context[] = ["normal"];
  const heredocs: { delimiter: string; quoted: boolean; stripTabs: boolean }[] = [];
  let index = 0;
  // Whether the next character starts a word: only there does `#` start a comment. A removed
  // continuation changes nothing (`a\<newline>#` is one word), an escaped blank is no break.
  let wordStart = true;
  const emit = (text: string, endsWord: boolean, length = text.length) => {
    out += text;
    index += length;
    wordStart = endsWord;
  };
  /** Emits `text` for the source up to `end` (continuations inside a token like `$\<newline>(` go). */
  const emitTo = (text: string, end: number, endsWord: boolean) => emit(text, endsWord, end - index);
  // Bash drops a continuation before it reads the next character, so lookahead skips them.
  const skip = (at: number) => {
    while (command[at] === "\\" && command[at + 1] === "\n") at += 2;
    return at;
  };
  const top = () => stack[stack.length - 1] as Context;
  while (index < command.length) {
    const character = command[index] as string;
    const context = top();
    if (character === "\\") {
      if (command[index + 1] === "\n") index += 2;
      else emit(character + (command[index + 1] ?? ""), false, 2);
      continue;
    }
    const at1 = skip(index + 1);
    const next = command[at1];
    const at2 = skip(at1 + 1);
    const next2 = command[at2];
    if (context === "double") {
      if (character === '"') stack.pop();
      else if (character === "$" && next === "(") {
        stack.push("substitution");
        emitTo("$(", at1 + 1, true);
        continue;
      } else if (character === "`") stack.push("backtick");
      emit(character, false);
      continue;
    }
    if (context === "backtick" && character === "`") {
      stack.pop();
      emit(character, false);
      continue;
    }
    // `$$` is the shell's process id: the `$` after it does not start a $'...' string.
    if (character === "$" && next === "$") {
      emitTo("$$", at1 + 1, false);
      continue;
    }
    // normal, substitution, backtick and arithmetic text follow the same quoting rules.
    if (character === "'" || (character === "$" && next === "'")) {
      const ansi = character === "$";
      const start = ansi ? at1 + 1 : index + 1;
      let end = start;
      // Inside $'...' a backslash escapes the next character (\' does not end it); in '...' nothing does.
      while (end < command.length && command[end] !== "'") end += ansi && command[end] === "\\" ? 2 : 1;
      emitTo(`${ansi ? "$'" : "'"}${command.slice(start, end + 1)}`, end + 1, false);
      continue;
    }
    if (character === "#" && wordStart && context !== "arithmetic") {
      const end = command.indexOf("\n", index);
      emit(command.slice(index, end === -1 ? command.length : end), false);
      continue;
    }
    if (context === "arithmetic") {
      // Inside $(( )) parentheses only group, and << shifts: no here-document starts. (A `((` of
      // its own may be two subshells, as bash decides when it meets the first `)`: not followed.)
      if (character === "(") stack.push("arithmetic");
      else if (character === ")") stack.pop();
      else if (character === '"') stack.push("double");
      else if (character === "$" && next === "(" && next2 !== "(") {
        stack.push("substitution");
        emitTo("$(", at1 + 1, true);
        continue;
      }
      // The word goes on after the `)` that ends $(( )).
      emit(character, character !== ")" && WORD_BREAK.test(character));
      continue;
    }
    if (character === "$" && next === "(" && next2 === "(") {
      stack.push("arithmetic", "arithmetic");
      emitTo("$((", at2 + 1, true);
      continue;
    }
    if (character === '"') stack.push("double");
    else if (character === "`") stack.push("backtick");
    else if ((character === "$" || character === "<" || character === ">") && next === "(") {
      stack.push("substitution");
      emitTo(`${character}(`, at1 + 1, true);
      continue;
    } else if (character === "(" && context === "substitution") stack.push("substitution");
    else if (character === ")" && context === "substitution") {
      // The word goes on after the `)` that ends $( ), <( ) or >( ) (a `#` after it is no comment).
      stack.pop();
      emit(character, false);
      continue;
    } else if (character === "<" && next === "<" && next2 === "<") {
      emitTo("<<<", at2 + 1, true);
      continue;
    } else if (character === "<" && next === "<") {
      const match = /^<<(-?)[ \t]*((?:'[^'\n]*'|"[^"\n]*"|\\?[^\s;&|()<>])+)/.exec(`<${command.slice(at1)}`);
      if (match !== null) {
        const word = match[2] as string;
        heredocs.push({ delimiter: word.replace(/['"\\]/g, ""), quoted: /['"\\]/.test(word), stripTabs: match[1] === "-" });
        emitTo(match[0], at1 + match[0].length - 1, false);
        continue;
      }
    } else if (character === "\n" && heredocs.length > 0) {
      emit(character, true);
      // Each pending here-document's body follows up to its delimiter, compared with each line
      // once its continuations are joined (in an unquoted one bash joins them first).
      for (const heredoc of heredocs.splice(0)) {
        for (;;) {
          let logical = "";
          let end: number;
          for (;;) {
            end = command.indexOf("\n", index);
            const line = command.slice(index, end === -1 ? command.length : end);
            index = end === -1 ? command.length : end + 1;
            const continued = !heredoc.quoted && end !== -1 && /(?<!\\)(?:\\\\)*\\$/.test(line);
            logical += continued ? line.slice(0, -1) : line;
            if (!continued) break;
          }
          out += logical + (end === -1 ? "" : "\n");
          const bare = heredoc.stripTabs ? logical.replace(/^\t+/, "") : logical;
          if (bare === heredoc.delimiter || end === -1) break;
        }
      }
      wordStart = true;
      continue;
    }
    emit(character, WORD_BREAK.test(character));
  }
  return out;
}
