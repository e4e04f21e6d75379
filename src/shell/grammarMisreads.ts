/**
 * Places where tree-sitter's bash grammar reads a command otherwise than bash does: text it
 * skips, a here-document it ends elsewhere, a $'...' string it ends elsewhere, a `$` it joins to a
 * name across a blank, a `#` it takes for a comment in the middle of a word, one word it splits in
 * two, a second `!` it takes for a command; and where it takes bash's `time` keyword for a
 * program (timeKeywordSpan, which the analysis parses past instead). What the grammar
 * made of such a command is not what bash runs, so each is a problem (the command asks, and deny
 * rules are also tried against the raw text).
 */
import type { ShellNode } from "./shellParser.ts";

/** The problems, one sentence each, for a parsed `text`. */
export function grammarMisreads(root: ShellNode, text: string): string[] {
  const problems: string[] = [];
  const skipped = skippedText(root, text);
  if (skipped !== undefined) problems.push(`the shell parser skipped ${JSON.stringify(clip(skipped))} in ${JSON.stringify(clip(text))}`);
  const heredoc = misreadHeredoc(root, text);
  if (heredoc !== undefined) problems.push(`the shell parser and bash disagree on where the here-document ${JSON.stringify(clip(heredoc))} ends`);
  const token = misreadToken(root, text);
  if (token !== undefined) problems.push(`the shell parser and bash disagree on where ${JSON.stringify(clip(token))} ends`);
  const split = splitWord(root);
  if (split !== undefined) problems.push(`the shell parser splits ${JSON.stringify(clip(split))}, which bash reads as one word`);
  // `! ! rm x`: bash negates twice; the grammar reads the second `!` as a command named `!`.
  const bang = root.descendantsOfType("command").find((command) => command?.childForFieldName("name")?.text === "!");
  if (bang !== undefined && bang !== null) problems.push(`the shell parser reads ${JSON.stringify(clip(bang.text))} as a command named !, where bash negates what follows`);
  return problems;
}

/** The nodes a command's words are made of. */
const WORD_NODES = new Set(["word", "string", "raw_string", "ansi_c_string", "translated_string", "concatenation", "simple_expansion", "expansion", "command_substitution", "number", "command_name"]);

/**
 * Two words of one command with nothing between them (`[\\r]m` read as `[` and `\\r]m`): bash
 * reads one word there, so the words the grammar gives are not the ones bash runs.
 */
function splitWord(root: ShellNode): string | undefined {
  for (const command of root.descendantsOfType("command")) {
    const words = (command?.children ?? []).filter((child): child is ShellNode => child !== null && WORD_NODES.has(child.type));
    for (let index = 1; index < words.length; index++) {
      const before = words[index - 1] as ShellNode;
      const after = words[index] as ShellNode;
      if (before.endIndex === after.startIndex) return `${before.text}${after.text}`;
    }
  }
  return undefined;
}

/** Every node of the tree, depth first. */
function* nodesOf(root: ShellNode): Generator<ShellNode> {
  const pending: ShellNode[] = [root];
  while (pending.length > 0) {
    const node = pending.pop() as ShellNode;
    yield node;
    for (const child of node.children) if (child !== null) pending.push(child);
  }
}

/**
 * A token the parser ends elsewhere than bash does:
 * - a `$'...'` string: in bash a backslash always takes the next character, so `$'\\'` is one
 *   backslash and ends there; the grammar can read the `\\'` in it as a backslash and an escaped
 *   quote and go on, swallowing commands bash runs after it;
 * - a `$` and a name with a blank between them (`$<newline>touch`): bash reads a lone `$` and
 *   ends the word, the grammar reads one variable and takes the next line for an argument;
 * - a comment right after a word (`]]#`): bash starts a comment only at the start of a word.
 */
function misreadToken(root: ShellNode, text: string): string | undefined {
  for (const node of nodesOf(root)) {
    if (node.type === "ansi_c_string") {
      const token = node.text;
      let end = 2;
      while (end < token.length && token[end] !== "'") end += token[end] === "\\" ? 2 : 1;
      if (!token.startsWith("$'") || end !== token.length - 1) return token;
    } else if (node.type === "simple_expansion" && /\s/.test(node.text)) {
      return node.text;
    } else if (node.type === "comment" && node.startIndex > 0 && !/[\s;&|()<>]/.test(text[node.startIndex - 1] as string)) {
      return text.slice(Math.max(0, node.startIndex - 10), node.endIndex);
    }
  }
  return undefined;
}

/** A here-document delimiter bash and the parser agree on: a plain word, or one wholly in quotes. */
function plainDelimiter(word: string): string | undefined {
  if (/^[A-Za-z0-9_.,:@%+=-]+$/.test(word)) return word;
  return /^'([^'\\]*)'$/.exec(word)?.[1] ?? /^"([^"\\$`]*)"$/.exec(word)?.[1];
}

/**
 * A here-document the parser ends elsewhere than bash does. Bash reads a body line by line, from
 * the line after the redirection, until a line that is exactly the delimiter (tabs in front
 * removed for `<<-`); the grammar can end it elsewhere (a delimiter with quotes inside, a line with
 * a blank after the delimiter, two on one line), and what it takes for commands would not be what
 * bash runs. Returns the redirection's text when they disagree, or its delimiter is unusual.
 */
function misreadHeredoc(root: ShellNode, text: string): string | undefined {
  const redirects = [...nodesOf(root)].filter((node) => node.type === "heredoc_redirect");
  const lines = text.split("\n");
  const rows = new Set<number>();
  for (const redirect of redirects) {
    const row = redirect.startPosition.row;
    if (rows.has(row)) return redirect.text;
    rows.add(row);
    const children = redirect.children.filter((child): child is ShellNode => child !== null);
    const dash = children[0]?.text === "<<-";
    const delimiter = plainDelimiter(children.find((child) => child.type === "heredoc_start")?.text ?? "");
    if (delimiter === undefined || delimiter === "") return redirect.text;
    let bashEnd = -1;
    for (let line = row + 1; line < lines.length; line++) {
      if ((dash ? (lines[line] as string).replace(/^\t+/, "") : lines[line]) === delimiter) {
        bashEnd = line;
        break;
      }
    }
    const end = children.find((child) => child.type === "heredoc_end");
    if ((end === undefined ? -1 : end.startPosition.row) !== bashEnd) return redirect.text;
  }
  return undefined;
}

/**
 * Text no node of the tree covers (other than blanks and line continuations): the parser dropped
 * it (it does so with a `-` word before `<<`), so what it saw is not what bash will run.
 */
function skippedText(root: ShellNode, text: string): string | undefined {
  return skippedSpan(root, text)?.text;
}

/**
 * Where the grammar dropped a lone `-` word just before a here-document (`cat - <<EOF`,
 * `git commit -F - <<'EOF'`), which it does: bash gives the command that `-` (read standard input).
 */
export function droppedDashBeforeHeredoc(root: ShellNode, text: string): number | undefined {
  const span = skippedSpan(root, text);
  if (span === undefined || span.text !== "-") return undefined;
  const before = text[span.start - 1];
  return (before === " " || before === "\t") && /^[ \t]+<</.test(text.slice(span.start + 1)) ? span.start : undefined;
}

/**
 * Where the grammar read bash's `time` keyword (with its `-p` and `--`) as a command named time:
 * bash times the whole pipeline after it, whatever it is (`time ! rm x`, `time A=1 rm x`, `time {
 * rm x; }`, `time if ...`), which the grammar then splits wrongly. bash reads an unquoted `time` as
 * the keyword only where a pipeline starts: not after `|`, an assignment or a redirection. A word
 * after it that looks like an option is left alone: in POSIX mode (and in sh, which may be dash)
 * that `time` is the program (`time -v rm x` runs rm), which the analysis then reads as one.
 * The first such span, with the keyword's words and whether anything follows it, or undefined.
 */
export function timeKeywordSpan(root: ShellNode): { start: number; end: number; keyword: string[]; timesSomething: boolean } | undefined {
  for (const command of root.descendantsOfType("command")) {
    const name = command?.childForFieldName("name");
    if (command === null || command === undefined || name === null || name === undefined || name.text !== "time" || name.namedChildren[0]?.type !== "word") continue;
    // Only the first word of the first command of a pipeline.
    if (command.namedChildren[0]?.id !== name.id) continue;
    const parent = command.parent;
    if (parent?.type === "pipeline" && parent.namedChildren.find((child) => child !== null && child.type !== "comment")?.id !== command.id) continue;
    let end = name.endIndex;
    const following = command.childrenForFieldName("argument").filter((argument): argument is ShellNode => argument !== null);
    for (const option of ["-p", "--"]) {
      const next = following[0];
      if (next?.type === "word" && next.text === option) {
        end = next.endIndex;
        following.shift();
      }
    }
    if (following[0]?.text.startsWith("-") === true) continue;
    // The keyword as written, less `--` (`time -p -- ls` is `time -p ls`), and whether it times anything.
    const keyword = command.text.slice(0, end - command.startIndex).split(/\s+/).filter((token) => token !== "--");
    const holder = command.parent?.type === "redirected_statement" ? command.parent : command;
    const timesSomething = holder.text.slice(end - holder.startIndex).trim() !== "";
    return { start: name.startIndex, end, keyword, timesSomething };
  }
  return undefined;
}

/** The first run of text no node covers, and where it starts. */
function skippedSpan(root: ShellNode, text: string): { text: string; start: number } | undefined {
  const covered = new Uint8Array(text.length);
  const pending: ShellNode[] = [root];
  while (pending.length > 0) {
    const node = pending.pop() as ShellNode;
    if (node.childCount === 0 || node.type === "heredoc_body" || node.type === "comment") {
      covered.fill(1, node.startIndex, node.endIndex);
      if (node.type !== "heredoc_body") continue;
    }
    for (const child of node.children) if (child !== null) pending.push(child);
  }
  for (let index = 0; index < text.length; index++) {
    if (covered[index] === 1 || /\s/.test(text[index] as string)) continue;
    if (text[index] === "\\" && text[index + 1] === "\n") continue;
    let end = index;
    while (end < text.length && covered[end] !== 1 && !/\s/.test(text[end] as string)) end++;
    return { text: text.slice(index, end), start: index };
  }
  return undefined;
}

function clip(text: string): string {
  return text.length > 80 ? `${text.slice(0, 77)}...` : text;
}
