/**
 * make: its own Makefile is the project's, judged like any command the person allows; a makefile
 * read from standard input (`-f -`), `--eval` text, the makefile of a folder only known when it runs
 * and variables that replace the shell are unknown code; another folder's (`-C dir`) is read there. Variable values on the command line (`CC=...`)
 * are mentioned, since recipes run them.
 */
import { codeStrings } from "./codeStrings.ts";
import { noEffects, type ProgramEffects } from "./effects.ts";
import { readOptions, valuesOf } from "./readOptions.ts";
import type { ShellCommandPart, ShellWord } from "../types.ts";

const SHELL_VARIABLES = new Set(["SHELL", ".SHELLFLAGS", "MAKEFLAGS", "MAKEFILES", "MFLAGS", "MAKESHELL"]);

/** Reads a make call (make, gmake, bmake). */
export function makeEffects(words: readonly ShellWord[], part: ShellCommandPart): ProgramEffects {
  const effects = noEffects();
  const read = readOptions(words.slice(1), { valueShort: "fCIjloWE", valueLong: ["file", "makefile", "directory", "include-dir", "jobs", "load-average", "old-file", "assume-old", "what-if", "new-file", "assume-new", "eval", "output-sync", "debug"] });
  for (const file of valuesOf(read, "f", ["file", "makefile"])) {
    if (file.value === "-" || file.value === "/dev/stdin" || !file.literal) {
      effects.unknown.push("make runs a makefile from its input, which the analysis cannot see");
      if (part.stdin?.text !== undefined) effects.mentions.push(...part.stdin.text.split("\n").map((line) => line.trim()).filter((line) => line !== ""));
    } else effects.touches.push({ word: file, access: "read" });
  }
  for (const text of valuesOf(read, "E", ["eval"])) {
    effects.unknown.push("make --eval runs makefile text the analysis does not read");
    if (text.literal) effects.mentions.push(text.value, ...codeStrings(text.value));
  }
  // Another folder's makefile is judged as that folder is: a project folder's is the project's, like its own.
  for (const folder of valuesOf(read, "C", ["directory"])) {
    if (!folder.literal) effects.unknown.push("make -C runs the makefile of a folder only known when it runs");
    else if (/^[/~]|(?:^|\/)\.\.(?:\/|$)/.test(folder.value)) effects.unknown.push(`make -C runs the makefile of ${folder.value}, which may lie outside the project`);
    else effects.touches.push({ word: folder, access: "read" });
  }
  for (const word of read.positionals) {
    const equals = word.value.indexOf("=");
    if (equals <= 0) continue;
    const name = word.value.slice(0, equals).replace(/[:+?!]$/, "");
    if (SHELL_VARIABLES.has(name)) effects.unknown.push(`make ${name}= changes how recipes run`);
    else if (word.literal) effects.mentions.push(word.value.slice(equals + 1));
  }
  return effects;
}
