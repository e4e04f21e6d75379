/**
 * awk: its program can run commands (`system("...")`, `"cmd" | getline`, `print | "cmd"`) and
 * write or read files (`print > "file"`, `getline < "file"`). Commands and files written as
 * string literals are judged as such; anything else that runs or redirects is unknown code.
 * `-f`, `-i`, `-l`, `--load` and `@include` bring in code the analysis does not read.
 */
import { codeStrings } from "./codeStrings.ts";
import { literalWord, noEffects, type ProgramEffects } from "./effects.ts";
import { readOptions, valuesOf } from "./readOptions.ts";
import type { ShellWord } from "../types.ts";

const STRING = String.raw`"((?:[^"\\]|\\.)*)"`;

function unescape(text: string): string {
  return text.replace(/\\(.)/g, (_whole, escaped: string) => (escaped === "n" ? "\n" : escaped === "t" ? "\t" : escaped));
}

/** What an awk program (its text) runs, writes and reads. */
export function readAwkProgram(program: string, word: ShellWord, effects: ProgramEffects): void {
  effects.mentions.push(...codeStrings(program));
  const runsCommand = /\bsystem\s*\(|\|\s*getline|\|&|\b(?:print|printf)\b[^;{}\n]*\|(?!\|)/.test(program);
  const literalCommands = [
    ...program.matchAll(new RegExp(String.raw`\bsystem\s*\(\s*${STRING}\s*\)`, "g")),
    ...program.matchAll(new RegExp(String.raw`${STRING}\s*\|\s*getline`, "g")),
    ...program.matchAll(new RegExp(String.raw`\b(?:print|printf)\b[^;{}\n|]*\|\s*${STRING}`, "g")),
  ].map((match) => unescape(match[1] ?? ""));
  for (const text of literalCommands) effects.runs.push({ text, via: "awk" });
  // Anything that runs a command through a computed string is code the analysis cannot follow.
  const runCount = (program.match(/\bsystem\s*\(|\|\s*getline|\|&|\b(?:print|printf)\b[^;{}\n]*\|(?!\|)/g) ?? []).length;
  if (runsCommand && runCount > literalCommands.length) effects.unknown.push("the awk program runs a command built when it runs");
  for (const match of program.matchAll(new RegExp(String.raw`\b(?:print|printf)\b[^;{}\n]*?>>?\s*(${STRING}|[^;{}\n]+)`, "g"))) {
    const target = match[2];
    if (target !== undefined) effects.touches.push({ word: literalWord(unescape(target), word), access: "write" });
    else effects.unknown.push("the awk program writes to a file named when it runs");
  }
  for (const match of program.matchAll(new RegExp(String.raw`\bgetline\b[^;{}\n]*?<\s*(${STRING}|[^;{}\n]+)`, "g"))) {
    const target = match[2];
    if (target !== undefined) effects.touches.push({ word: literalWord(unescape(target), word), access: "read" });
    else effects.unknown.push("the awk program reads a file named when it runs");
  }
  if (/@(?:include|load|namespace)\b/.test(program)) effects.unknown.push("the awk program includes code the analysis does not read");
}

/** Reads an awk call (`words[0]` is awk, gawk, mawk, nawk). */
export function awkEffects(words: readonly ShellWord[]): ProgramEffects {
  const effects = noEffects();
  const read = readOptions(words.slice(1), { valueShort: "fvFeEilW", valueLong: ["file", "assign", "field-separator", "source", "exec", "include", "load"] });
  const files = valuesOf(read, "f", ["file"]).concat(valuesOf(read, "E", ["exec"]));
  if (files.length > 0 || valuesOf(read, "i", ["include"]).length > 0 || valuesOf(read, "l", ["load"]).length > 0) {
    effects.unknown.push("awk runs program files the analysis does not read");
  }
  const sources = valuesOf(read, "e", ["source"]);
  const program = sources.length > 0 || files.length > 0 ? undefined : read.positionals[0];
  for (const text of [...sources, ...(program === undefined ? [] : [program])]) {
    if (!text.literal) effects.unknown.push(`the awk program ${text.value} is only known when it runs`);
    else readAwkProgram(text.value, text, effects);
  }
  if (sources.length === 0 && files.length === 0 && program === undefined) effects.problems.push("awk is given no program");
  return effects;
}
