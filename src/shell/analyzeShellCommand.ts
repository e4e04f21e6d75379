/**
 * Parses a command line with the real shell parser and collects every part of it, including
 * the commands inside `bash -c` / `sh -c` / `eval` strings and `find -exec`. Anything the
 * analysis does not fully understand is reported as a problem; the caller then asks (and still
 * applies deny rules to every part found).
 */
import { collectStatement, type CollectState } from "./collectCommandParts.ts";
import { wrappedStart } from "./commandForms.ts";
import { gitHiddenCommands } from "./gitConfigCommands.ts";
import { withShellTree } from "./shellParser.ts";
import {
  MAX_SHELL_COMMAND_LENGTH,
  MAX_SHELL_NESTING,
  MAX_SHELL_PARTS,
  type ShellAnalysis,
  type ShellCommandPart,
  type ShellCwd,
  type ShellWord,
} from "./types.ts";

const SHELLS = new Set(["sh", "bash", "zsh", "dash", "ksh", "mksh", "ash", "fish", "busybox"]);
// Control characters other than tab and newline, and Unicode spaces and invisible format marks:
// bash and the parser may disagree on where words end around them.
const ODD_CHARACTERS = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u00a0\u1680\u180e\u2000-\u200f\u2028-\u202f\u205f-\u206f\u3000\ufeff]/u;

function baseName(name: string): string {
  return name.slice(name.lastIndexOf("/") + 1);
}

/** Analyzes `command`. The parser must be loaded (`initShellParser`). */
export function analyzeShellCommand(command: string): ShellAnalysis {
  const analysis: ShellAnalysis = { command, parts: [], redirects: [], problems: [] };
  if (command.length > MAX_SHELL_COMMAND_LENGTH) {
    analysis.problems.push(`the command is ${command.length} characters long, more than the ${MAX_SHELL_COMMAND_LENGTH} the analysis accepts`);
  }
  const odd = ODD_CHARACTERS.exec(command);
  if (odd !== null) {
    const code = odd[0].codePointAt(0)?.toString(16).padStart(4, "0");
    analysis.problems.push(`the command contains the control or invisible character U+${code}`);
  }
  collectText(command, analysis, { kind: "start" }, undefined, 0);
  if (analysis.parts.length > MAX_SHELL_PARTS) {
    analysis.problems.push(`the command has ${analysis.parts.length} parts, more than the ${MAX_SHELL_PARTS} the analysis accepts`);
  }
  return analysis;
}

function collectText(text: string, analysis: ShellAnalysis, cwd: ShellCwd, via: string | undefined, depth: number): void {
  if (depth > MAX_SHELL_NESTING) {
    analysis.problems.push(`commands nested more than ${MAX_SHELL_NESTING} levels deep`);
    return;
  }
  withShellTree(text, (root) => {
    if (root.hasError) analysis.problems.push(`the shell parser could not parse ${JSON.stringify(clip(text))}`);
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

/** Finds commands hidden in a part's arguments: `bash -c '...'`, `eval '...'`, `find -exec ...`. */
function lookInside(part: ShellCommandPart, analysis: ShellAnalysis, cwd: ShellCwd, depth: number): void {
  const words = part.words;
  for (const start of commandStarts(words)) {
    const name = baseName(words[start]?.value ?? "");
    if (SHELLS.has(name)) lookInsideShell(words.slice(start), part, analysis, cwd, depth);
    else if (name === "eval") {
      const script = words.slice(start + 1);
      if (script.every((word) => word.literal)) collectText(script.map((word) => word.value).join(" "), analysis, cwd, "eval", depth + 1);
      else part.problems.push("eval of text only known when the command runs");
    } else if (name === "find") lookInsideFind(words.slice(start), part, analysis, depth);
    else if (name === "trap") lookInsideTrap(words.slice(start), part, analysis, cwd, depth);
    else if (name === "coproc") part.problems.push("coproc (the parser does not read its command reliably)");
    else if (name === "git") {
      const hidden = gitHiddenCommands(words.slice(start));
      part.problems.push(...hidden.problems);
      for (const text of hidden.commands) collectText(text, analysis, cwd, "git -c", depth + 1);
    }
    // Only the shell itself runs `source` and `.`: first, or past `builtin` / `command`.
    else if ((name === "source" || name === ".") && (start === 0 || ["builtin", "command"].includes(baseName(words[0]?.value ?? "")))) part.problems.push(`${name} runs a script the analysis cannot see`);
  }
}

/** `trap 'cmd' SIGNAL` runs `cmd` later, in this shell. */
function lookInsideTrap(words: readonly ShellWord[], part: ShellCommandPart, analysis: ShellAnalysis, cwd: ShellCwd, depth: number): void {
  const action = words.slice(1).find((word) => !word.value.startsWith("-"));
  if (action === undefined || words.length < 3) return;
  if (!action.literal) part.problems.push("trap with a command only known when it runs");
  else collectText(action.value, analysis, cwd, "trap", depth + 1);
}

function lookInsideShell(words: readonly ShellWord[], part: ShellCommandPart, analysis: ShellAnalysis, cwd: ShellCwd, depth: number): void {
  const shell = baseName(words[0]?.value ?? "");
  for (let index = 1; index < words.length; index++) {
    const word = words[index] as ShellWord;
    if (word.value === "--" || !word.value.startsWith("-") && !word.value.startsWith("+")) break;
    if (/^-[A-Za-z]*c[A-Za-z]*$/.test(word.value)) {
      const script = words.slice(index + 1).find((candidate) => !/^[-+]/.test(candidate.value));
      if (script === undefined) part.problems.push(`${shell} -c without a command`);
      else if (!script.literal) part.problems.push(`${shell} -c with a command only known when it runs`);
      else collectText(script.value, analysis, cwd, `${shell} -c`, depth + 1);
      return;
    }
  }
  part.problems.push(`${shell} runs a script the analysis cannot see`);
}

function lookInsideFind(words: readonly ShellWord[], part: ShellCommandPart, analysis: ShellAnalysis, depth: number): void {
  for (let index = 1; index < words.length; index++) {
    if (!/^-(?:exec|execdir|ok|okdir)$/.test(words[index]?.value ?? "")) continue;
    const end = words.findIndex((word, at) => at > index && (word.value === ";" || word.value === "+"));
    const inner = words.slice(index + 1, end === -1 ? undefined : end);
    if (inner.length === 0) continue;
    const nested: ShellCommandPart = {
      source: inner.map((word) => word.value).join(" "),
      words: inner,
      assignments: [],
      cwd: { kind: "unknown", reason: "find runs it in the folders it finds" },
      problems: [],
      via: `find ${words[index]?.value}`,
    };
    analysis.parts.push(nested);
    if (depth < MAX_SHELL_NESTING) lookInside(nested, analysis, nested.cwd, depth + 1);
    else part.problems.push(`commands nested more than ${MAX_SHELL_NESTING} levels deep`);
  }
}
