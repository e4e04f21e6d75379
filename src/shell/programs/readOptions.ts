/**
 * Reads a program's arguments the way getopt-style programs do: short options clustered
 * (`-ne 1p`), values glued or in the next word (`-e1p`, `-e 1p`, `--expression=1p`), `--` ending
 * options. Which options take a value is the program's business, so it is given.
 */
import type { ShellWord } from "../types.ts";

export interface OptionSpec {
  /** Short letters that take a value (`e` for sed's `-e script`). */
  valueShort?: string;
  /** Long names that take a value (`expression`); abbreviations count, as getopt_long allows. */
  valueLong?: readonly string[];
  /** Options end at the first positional (as in most interpreters: `python3 script.py -c x`). */
  stopAtPositional?: boolean;
}

/** One option as read: `name` is the letter or the long name (as written, not expanded). */
export interface ReadOption {
  name: string;
  long: boolean;
  value?: ShellWord;
}

export interface ReadArguments {
  options: ReadOption[];
  positionals: ShellWord[];
}

function valueWord(word: ShellWord, value: string): ShellWord {
  return { value, literal: word.literal, glob: word.glob };
}

/** The long option `name` stands for among `names` (exact, or the one it abbreviates). */
export function expandLong(name: string, names: readonly string[]): string | undefined {
  if (names.includes(name)) return name;
  const candidates = names.filter((candidate) => candidate.startsWith(name));
  return candidates.length === 1 ? candidates[0] : undefined;
}

/**
 * True when `option` is the long option `full`, or `full` cut short to `shortest` characters or
 * more (GNU-style programs take any unique start; taking any start at all errs on the side of
 * reading the option).
 */
export function cutShort(option: string, full: string, shortest: number): boolean {
  return option === full || (option.startsWith("--") && option.length >= shortest && full.startsWith(option));
}

/** Reads `words` (the program's arguments, without its name). */
export function readOptions(words: readonly ShellWord[], spec: OptionSpec): ReadArguments {
  const options: ReadOption[] = [];
  const positionals: ShellWord[] = [];
  for (let index = 0; index < words.length; index++) {
    const word = words[index] as ShellWord;
    const text = word.value;
    if (text === "--") {
      positionals.push(...words.slice(index + 1));
      break;
    }
    if (!text.startsWith("-") || text === "-") {
      positionals.push(word);
      if (spec.stopAtPositional) {
        positionals.push(...words.slice(index + 1));
        break;
      }
      continue;
    }
    if (text.startsWith("--")) {
      const equals = text.indexOf("=");
      const name = equals === -1 ? text.slice(2) : text.slice(2, equals);
      const takes = expandLong(name, spec.valueLong ?? []);
      if (equals !== -1) options.push({ name: takes ?? name, long: true, value: valueWord(word, text.slice(equals + 1)) });
      else if (takes !== undefined) options.push({ name: takes, long: true, value: words[++index] });
      else options.push({ name, long: true });
      continue;
    }
    for (let at = 1; at < text.length; at++) {
      const letter = text[at] as string;
      if (!(spec.valueShort ?? "").includes(letter)) {
        options.push({ name: letter, long: false });
        continue;
      }
      const rest = text.slice(at + 1);
      options.push({ name: letter, long: false, value: rest !== "" ? valueWord(word, rest) : words[++index] });
      break;
    }
  }
  return { options, positionals };
}

/** The values of every option named `short` or `long`. */
export function valuesOf(read: ReadArguments, short: string | undefined, long: readonly string[] = []): ShellWord[] {
  return read.options
    .filter((option) => option.value !== undefined && ((!option.long && option.name === short) || (option.long && long.includes(option.name))))
    .map((option) => option.value as ShellWord);
}

/** True when an option named `short` or one of `long` was given. */
export function hasOption(read: ReadArguments, short: string | undefined, long: readonly string[] = []): boolean {
  return read.options.some((option) => (!option.long && option.name === short) || (option.long && long.includes(option.name)));
}
