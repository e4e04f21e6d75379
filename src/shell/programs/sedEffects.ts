/**
 * sed: every script (`-e` ones, `--expression`, or the first positional) read command by command.
 * `e` and `s///e` run commands, `w`, `W` and `s///w` write files, `r` and `R` read them, `-i`
 * edits the files in place (and a suffix with `/` or `*` puts backups elsewhere), `-f` runs a
 * script the analysis cannot see. `--sandbox` makes sed itself refuse e, w and r.
 */
import { literalWord, noEffects, type ProgramEffects } from "./effects.ts";
import { hasOption, readOptions, valuesOf } from "./readOptions.ts";
import type { ShellWord } from "../types.ts";

/** One sed call as read: its scripts, the files it edits, and what its scripts do. */
export interface SedCall {
  effects: ProgramEffects;
  /** The input files. */
  files: ShellWord[];
  /** Edits the files in place (and writes their backups). */
  inPlace: boolean;
  /** Backups written beside or away from the files (`-i.bak`, `-i 'bak/*'`). */
  backups: ShellWord[];
}

const SIMPLE_COMMANDS = new Set(["p", "P", "d", "D", "n", "N", "g", "G", "h", "H", "x", "=", "l", "z", "F", "{", "}", "!"]);
const SED_OPTIONS = { valueShort: "efl", valueLong: ["expression", "file", "line-length"] } as const;

/** Reads one script, noting what its commands run, write and read. */
function readScript(script: string, word: ShellWord, effects: ProgramEffects): void {
  let at = 0;
  const restOfLine = (): string => {
    const end = script.indexOf("\n", at);
    const text = script.slice(at, end === -1 ? script.length : end);
    at = end === -1 ? script.length : end + 1;
    return text.trim();
  };
  const skipDelimited = (delimiter: string): boolean => {
    while (at < script.length) {
      const character = script[at++];
      if (character === "\\") at++;
      else if (character === delimiter) return true;
    }
    return false;
  };
  while (at < script.length) {
    const character = script[at] as string;
    if (/[\s;]/.test(character)) {
      at++;
      continue;
    }
    // Addresses: numbers, $, /regex/, \cregexc, with `,`, `~`, `+` and `!`.
    if (/[0-9$,~+!]/.test(character)) {
      at++;
      continue;
    }
    if (character === "/" || character === "\\") {
      const delimiter = character === "/" ? "/" : (script[at + 1] ?? "/");
      at += character === "/" ? 1 : 2;
      if (!skipDelimited(delimiter)) effects.unknown.push(`the sed script ${JSON.stringify(script)} has an unfinished address`);
      while (/[IM]/.test(script[at] ?? "")) at++;
      continue;
    }
    at++;
    if (character === "#") {
      restOfLine();
      continue;
    }
    if (SIMPLE_COMMANDS.has(character)) continue;
    if (character === "s" || character === "y") {
      const delimiter = script[at++] ?? "/";
      const whole = skipDelimited(delimiter) && skipDelimited(delimiter);
      if (!whole) {
        effects.unknown.push(`the sed script ${JSON.stringify(script)} has an unfinished ${character} command`);
        return;
      }
      if (character === "y") continue;
      while (/[gpiImMe0-9]/.test(script[at] ?? "")) {
        if (script[at] === "e") effects.unknown.push("sed's s///e flag runs the pattern space as a command");
        at++;
      }
      if (script[at] === "w") {
        at++;
        const file = restOfLine();
        effects.touches.push({ word: literalWord(file, word), access: "write" });
      }
      continue;
    }
    if (character === "e") {
      const command = restOfLine();
      if (command === "") effects.unknown.push("sed's e command runs the pattern space as a command");
      else effects.runs.push({ text: command, via: "sed e" });
      continue;
    }
    if (character === "w" || character === "W") {
      effects.touches.push({ word: literalWord(restOfLine(), word), access: "write" });
      continue;
    }
    if (character === "r" || character === "R") {
      effects.touches.push({ word: literalWord(restOfLine(), word), access: "read" });
      continue;
    }
    if (character === "a" || character === "i" || character === "c") {
      // The text runs to the end of the line; `a\` continues it on the next line.
      const text = restOfLine();
      if (text === "\\" || text.endsWith("\\")) restOfLine();
      continue;
    }
    if (character === ":" || character === "b" || character === "t" || character === "T") {
      while (at < script.length && !/[;\n]/.test(script[at] as string)) at++;
      continue;
    }
    if (character === "q" || character === "Q" || character === "L") {
      while (/[0-9\s]/.test(script[at] ?? "") && script[at] !== "\n") at++;
      continue;
    }
    effects.unknown.push(`the sed command "${character}" in ${JSON.stringify(script)} is not one toolshed knows`);
    return;
  }
}

/** Reads a sed call (`words[0]` is sed). */
export function readSedCall(words: readonly ShellWord[]): SedCall {
  const effects = noEffects();
  const read = readOptions(words.slice(1), SED_OPTIONS);
  const scripts = valuesOf(read, "e", ["expression"]);
  let files = read.positionals;
  if (valuesOf(read, "f", ["file"]).length > 0) effects.unknown.push("sed -f runs a script file the analysis does not read");
  if (scripts.length === 0 && valuesOf(read, "f", ["file"]).length === 0) {
    const [script, ...rest] = read.positionals;
    if (script !== undefined) scripts.push(script);
    files = rest;
  }
  if (scripts.length === 0 && !hasOption(read, "f", ["file"])) effects.problems.push("sed is given no script");
  for (const script of scripts) {
    if (!script.literal) effects.unknown.push(`the sed script ${script.value} is only known when it runs`);
    else readScript(script.value, script, effects);
  }
  const inPlace = inPlaceSuffix(words.slice(1));
  const backups = inPlace === undefined ? [] : backupsOf(files, inPlace);
  if (hasOption(read, undefined, ["sandbox"])) {
    // sed itself refuses e, w and r in sandbox mode.
    effects.runs = [];
    effects.touches = [];
    effects.unknown = effects.unknown.filter((reason) => !reason.includes("runs the pattern space"));
  }
  return { effects, files, inPlace: inPlace !== undefined, backups };
}

/** The suffix of `-i[SUFFIX]` or `--in-place[=SUFFIX]` ("" without one), or undefined when sed does not edit in place. */
function inPlaceSuffix(args: readonly ShellWord[]): string | undefined {
  for (let index = 0; index < args.length; index++) {
    const text = (args[index] as ShellWord).value;
    if (text === "--") return undefined;
    if (text.startsWith("--")) {
      const name = text.slice(2).split("=")[0] ?? "";
      if (name.length >= 3 && "in-place".startsWith(name)) return text.includes("=") ? text.slice(text.indexOf("=") + 1) : "";
      if (["expression", "file", "line-length"].some((long) => long.startsWith(name)) && !text.includes("=")) index++;
      continue;
    }
    if (!text.startsWith("-") || text === "-") continue;
    for (let at = 1; at < text.length; at++) {
      const letter = text[at] as string;
      if (letter === "i") return text.slice(at + 1);
      // A letter that takes a value ends the cluster (the value is glued or the next word).
      if ("efl".includes(letter)) {
        if (at === text.length - 1) index++;
        break;
      }
    }
  }
  return undefined;
}

/** The backup files `-i<suffix>` writes for `files`: `<file><suffix>`, or the suffix with `*` as the file's name. */
function backupsOf(files: readonly ShellWord[], suffix: string): ShellWord[] {
  if (suffix === "") return [];
  return files.map((file) => {
    const slash = file.value.lastIndexOf("/");
    const name = file.value.slice(slash + 1);
    const folder = slash === -1 ? "" : file.value.slice(0, slash + 1);
    const backup = suffix.includes("*") ? suffix.replaceAll("*", name) : `${name}${suffix}`;
    return literalWord(backup.includes("/") && !backup.startsWith("/") ? `${folder}${backup}` : backup.startsWith("/") ? backup : `${folder}${backup}`, file);
  });
}
