/**
 * Programs driven by command scripts: `ed` (its input: `!cmd`, `w file`, `r file`), vim and ex
 * (`-c`, `+cmd`, `--cmd`, `-S`, `-s`, ex mode on standard input), and gdb (`-ex`, `-x`, `shell`,
 * `!`, `python`, `--args`). Their commands can run programs and write files: scripts are unknown
 * code, with `!` commands and file names judged as such.
 */
import { codeStrings } from "./codeStrings.ts";
import { literalWord, noEffects, type ProgramEffects } from "./effects.ts";
import { readOptions, valuesOf } from "./readOptions.ts";
import type { ShellCommandPart, ShellWord } from "../types.ts";

/** ed commands: `!cmd`, `w`/`W`/`wq` file, `r`/`e`/`E` file (a file name starting with `!` is a command). */
function readEdScript(text: string, effects: ProgramEffects): void {
  effects.mentions.push(...codeStrings(text));
  for (const line of text.split("\n")) {
    const command = line.replace(/^[\d,.$;+\-'a-z/?^]*?(?=[!wWreEq]|$)/, "");
    const match = /^(!|wq|w|W|r|e|E)\s*(.*)$/.exec(command.trim());
    if (match === null) continue;
    const [, verb = "", rest = ""] = match;
    if (verb === "!") effects.runs.push({ text: rest, via: "ed !" });
    else if (rest.startsWith("!")) effects.runs.push({ text: rest.slice(1), via: `ed ${verb} !` });
    else if (rest !== "") effects.touches.push({ word: literalWord(rest), access: verb.startsWith("w") || verb === "W" ? "write" : "read" });
  }
}

/** Reads an ed call: its script comes on standard input. */
export function edEffects(_words: readonly ShellWord[], part: ShellCommandPart): ProgramEffects {
  const effects = noEffects();
  effects.unknown.push("ed runs the commands of its input, which can start programs and write files");
  if (part.stdin?.text !== undefined) readEdScript(part.stdin.text, effects);
  return effects;
}

/** Reads a vim, vi, nvim, ex or view call. */
export function vimEffects(words: readonly ShellWord[], part: ShellCommandPart): ProgramEffects {
  const effects = noEffects();
  const name = words[0]?.value ?? "vim";
  const read = readOptions(words.slice(1), { valueShort: "cSsuUiTwWtqr", valueLong: ["cmd", "startuptime"] });
  const commands = [...valuesOf(read, "c"), ...valuesOf(read, undefined, ["cmd"]), ...read.positionals.filter((word) => word.value.startsWith("+")).map((word) => ({ ...word, value: word.value.slice(1) }))];
  for (const command of commands) {
    effects.unknown.push(`${name} runs the editor command ${command.value}`);
    if (command.literal) {
      effects.mentions.push(command.value, ...codeStrings(command.value));
      const bang = /(?:^|[|:\s])(?:\d*r(?:ead)?\s*)?!(.*)$/.exec(command.value);
      if (bang?.[1] !== undefined && bang[1].trim() !== "") effects.runs.push({ text: bang[1], via: `${name} !` });
    }
  }
  if (valuesOf(read, "S").length > 0 || valuesOf(read, "s").length > 0) effects.unknown.push(`${name} runs a script file the analysis does not read`);
  const vimrc = valuesOf(read, "u")[0];
  if (vimrc !== undefined && !["NONE", "NORC", "DEFAULTS"].includes(vimrc.value)) effects.unknown.push(`${name} -u loads a startup file the analysis does not read`);
  const exMode = name === "ex" || read.options.some((option) => !option.long && (option.name === "e" || option.name === "E"));
  if (exMode && read.options.some((option) => option.name === "s")) {
    effects.unknown.push(`${name} runs editor commands from its input`);
    if (part.stdin?.text !== undefined) effects.mentions.push(...codeStrings(part.stdin.text));
  }
  return effects;
}

/** Reads a gdb call. */
export function gdbEffects(words: readonly ShellWord[]): ProgramEffects {
  const effects = noEffects();
  const argsAt = words.findIndex((word) => word.value === "--args");
  const before = argsAt === -1 ? words.slice(1) : words.slice(1, argsAt);
  // gdb's long options take one dash or two: -ex, --eval-command=...
  const normalized = before.map((word) => (/^-[a-z]{2,}/.test(word.value) ? { ...word, value: `-${word.value}` } : word));
  const read = readOptions(normalized, { valueShort: "xp", valueLong: ["ex", "eval-command", "iex", "init-eval-command", "x", "command", "ix", "init-command", "cd", "directory", "pid", "core", "se", "symbols", "exec"] });
  const commands = valuesOf(read, undefined, ["ex", "eval-command", "iex", "init-eval-command"]);
  for (const command of commands) {
    effects.unknown.push(`gdb runs the debugger command ${command.value}`);
    if (!command.literal) continue;
    effects.mentions.push(...codeStrings(command.value));
    const shell = /^\s*(?:shell|!|pipe\s+[^|]*\||\|[^|]*\|)\s*(.*)$/.exec(command.value);
    if (shell?.[1] !== undefined && shell[1].trim() !== "") effects.runs.push({ text: shell[1], via: "gdb shell" });
  }
  if (valuesOf(read, "x", ["x", "command", "ix", "init-command"]).length > 0) effects.unknown.push("gdb runs a command file the analysis does not read");
  if (argsAt !== -1 && words[argsAt + 1] !== undefined) effects.runs.push({ words: words.slice(argsAt + 1), via: "gdb --args" });
  return effects;
}
