/**
 * Parses a command line with the real shell parser and collects every part of it, including what
 * each program runs, loads, reads and writes because of its arguments, input or environment (the
 * program catalogue): `bash -c` strings, a here-document piped into `sh`, `eval`, `find -exec`,
 * `git -c core.pager=...`, `awk 'BEGIN{system(...)}'`, `python3 -c`... Line continuations are
 * joined as bash joins them before the parser sees the text. Anything the analysis does not fully
 * understand is reported as a problem; the caller then asks (and still applies deny rules to
 * every part found).
 */
import { collectStatement, type CollectState } from "./collectCommandParts.ts";
import { wrappedStart } from "./commandForms.ts";
import { describeAssignments, describeProgram, type ProgramEffects } from "./programCatalogue.ts";
import { removeLineContinuations } from "./removeLineContinuations.ts";
import { withShellTree, type ShellNode } from "./shellParser.ts";
import {
  MAX_SHELL_COMMAND_LENGTH,
  MAX_SHELL_NESTING,
  MAX_SHELL_PARTS,
  type ShellAnalysis,
  type ShellCommandPart,
  type ShellCwd,
  type ShellWord,
} from "./types.ts";

// Control characters other than tab and newline, and Unicode spaces and invisible format marks:
// bash and the parser may disagree on where words end around them.
const ODD_CHARACTERS = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u00a0\u1680\u180e\u2000-\u200f\u2028-\u202f\u205f-\u206f\u3000\ufeff]/u;

/** Analyzes `command`. The parser must be loaded (`initShellParser`). */
export function analyzeShellCommand(command: string): ShellAnalysis {
  const analysis: ShellAnalysis = { command, parts: [], redirects: [], problems: [] };
  if (command.length > MAX_SHELL_COMMAND_LENGTH) {
    analysis.problems.push(`the command is ${command.length} characters long, more than the ${MAX_SHELL_COMMAND_LENGTH} toolshed checks`);
  }
  const odd = ODD_CHARACTERS.exec(command);
  if (odd !== null) {
    const code = odd[0].codePointAt(0)?.toString(16).padStart(4, "0");
    analysis.problems.push(`the command contains the control or invisible character U+${code}`);
  }
  // The grammar and bash part ways over backquotes (`\"` inside them, where they end, `` ` ` ``):
  // what is inside is still judged, and the command asks.
  if (command.includes("`")) analysis.problems.push("it uses backquotes, which toolshed cannot always read as bash does; $(...) can be checked");
  const joined = removeLineContinuations(command);
  if (joined.uncertain) analysis.problems.push("its backslash line breaks cannot be followed through its quoting");
  collectText(joined.text, analysis, { kind: "start" }, undefined, 0);
  const counted = analysis.parts.filter((part) => !part.mentionedOnly).length;
  if (counted > MAX_SHELL_PARTS) {
    analysis.problems.push(`the command has ${counted} parts, more than the ${MAX_SHELL_PARTS} toolshed checks`);
  }
  return analysis;
}

function collectText(text: string, analysis: ShellAnalysis, cwd: ShellCwd, via: string | undefined, depth: number): void {
  if (depth > MAX_SHELL_NESTING) {
    analysis.problems.push(`it nests commands more than ${MAX_SHELL_NESTING} levels deep`);
    return;
  }
  withShellTree(text, (root) => {
    if (root.hasError) analysis.problems.push(`the shell parser could not parse ${JSON.stringify(clip(text))}`);
    const skipped = skippedText(root, text);
    if (skipped !== undefined) analysis.problems.push(`the shell parser skipped ${JSON.stringify(clip(skipped))} in ${JSON.stringify(clip(text))}`);
    const heredoc = misreadHeredoc(root, text);
    if (heredoc !== undefined) analysis.problems.push(`the shell parser and bash disagree on where the here-document ${JSON.stringify(clip(heredoc))} ends`);
    const misread = misreadAnsiCString(root);
    if (misread !== undefined) analysis.problems.push(`the shell parser and bash disagree on where ${JSON.stringify(clip(misread))} ends`);
    const state: CollectState = {
      analysis,
      cwd,
      via,
      onPart: (part, current) => lookInside(part, analysis, current.cwd, depth),
      parseNested: (nested, nestedVia, current) => collectText(nested, analysis, current.cwd, nestedVia, depth + 1),
    };
    collectStatement(root, state);
  });
}

/**
 * Strings of code the analysis cannot read, parsed as commands: the parts found are only
 * mentioned (deny and ask rules meet them) and whatever the parser makes of them raises no
 * problem of the command's own.
 */
function collectMentioned(text: string, analysis: ShellAnalysis, cwd: ShellCwd, via: string, depth: number): void {
  if (depth > MAX_SHELL_NESTING || text.trim() === "") return;
  const scratch: ShellAnalysis = { command: text, parts: [], redirects: [], problems: [] };
  collectText(text, scratch, cwd, via, depth);
  for (const part of scratch.parts) {
    part.mentionedOnly = true;
    part.problems = [];
    analysis.parts.push(part);
  }
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
  const redirects: ShellNode[] = [];
  const pending: ShellNode[] = [root];
  while (pending.length > 0) {
    const node = pending.pop() as ShellNode;
    if (node.type === "heredoc_redirect") redirects.push(node);
    for (const child of node.children) if (child !== null) pending.push(child);
  }
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
 * A `$'...'` string the parser ends elsewhere than bash does. In bash a backslash always takes the
 * next character, so `$'\\'` is one backslash and ends there; the grammar can read the `\\'` in it
 * as a backslash and an escaped quote and go on, swallowing commands bash runs after it.
 */
function misreadAnsiCString(root: ShellNode): string | undefined {
  const pending: ShellNode[] = [root];
  while (pending.length > 0) {
    const node = pending.pop() as ShellNode;
    if (node.type === "ansi_c_string") {
      const text = node.text;
      let end = 2;
      while (end < text.length && text[end] !== "'") end += text[end] === "\\" ? 2 : 1;
      if (!text.startsWith("$'") || end !== text.length - 1) return text;
      continue;
    }
    for (const child of node.children) if (child !== null) pending.push(child);
  }
  return undefined;
}

/**
 * Text no node of the tree covers (other than blanks and line continuations): the parser dropped
 * it (it does so with a `-` word before `<<`), so what it saw is not what bash will run.
 */
function skippedText(root: ShellNode, text: string): string | undefined {
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
    return text.slice(index, end);
  }
  return undefined;
}

function clip(text: string): string {
  return text.length > 80 ? `${text.slice(0, 77)}...` : text;
}

/** Where a command may start inside `words`: at 0, or after any wrapper word. */
function commandStarts(words: readonly ShellWord[]): number[] {
  const first = words[0];
  if (first === undefined) return [];
  const start = wrappedStart(words);
  if (start === undefined) return [0];
  return words.map((_word, index) => index).filter((index) => index === 0 || (index >= start && !words[index]?.value.startsWith("-")));
}

/** Adds what the catalogue says a program does to the part, and analyzes the commands it runs. */
function applyEffects(effects: ProgramEffects, part: ShellCommandPart, analysis: ShellAnalysis, cwd: ShellCwd, depth: number): void {
  const mentioned = part.mentionedOnly === true;
  if (!mentioned) part.problems.push(...effects.problems);
  if (effects.unknown.length > 0) (part.unknownCode ??= []).push(...effects.unknown);
  if (effects.touches.length > 0) (part.touches ??= []).push(...effects.touches);
  if (effects.mentions.length > 0) (part.mentions ??= []).push(...effects.mentions);
  for (const run of effects.runs) {
    const runCwd: ShellCwd = run.elsewhere === undefined ? cwd : { kind: "unknown", reason: run.elsewhere };
    if (run.words !== undefined) {
      const nested: ShellCommandPart = {
        source: run.words.map((word) => word.value).join(" "),
        words: run.words,
        assignments: [],
        cwd: runCwd,
        problems: [],
        via: run.via,
        mentionedOnly: mentioned || undefined,
      };
      analysis.parts.push(nested);
      if (depth < MAX_SHELL_NESTING) lookInside(nested, analysis, runCwd, depth + 1);
      else part.problems.push(`it nests commands more than ${MAX_SHELL_NESTING} levels deep`);
    } else if (run.text !== undefined) {
      if (mentioned) collectMentioned(run.text, analysis, runCwd, run.via, depth + 1);
      else collectText(run.text, analysis, runCwd, run.via, depth + 1);
    }
  }
  for (const text of effects.mentions) collectMentioned(text, analysis, cwd, `a string in code`, depth + 1);
}

/** Finds what a part runs beyond itself: through its variables, and through each program it starts (past wrappers). */
function lookInside(part: ShellCommandPart, analysis: ShellAnalysis, cwd: ShellCwd, depth: number): void {
  applyEffects(describeAssignments(part), part, analysis, cwd, depth);
  const words = part.words;
  for (const start of commandStarts(words)) {
    // Builtins run only where the shell itself reads the command name: first, or past `builtin` / `command`.
    const byShell = words.slice(0, start).every((word) => ["builtin", "command", "-p"].includes(word.value));
    applyEffects(describeProgram(words.slice(start), part, byShell), part, analysis, cwd, depth);
  }
}
