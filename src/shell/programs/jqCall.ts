/**
 * jq's command line, as far as judging a call needs it. jq only reads (it writes to standard
 * output and error, and runs nothing); what makes it read more than the files it is given is a
 * program file (`-f`), `--rawfile` and `--slurpfile`, and modules (`import`, `include` and
 * `modulemeta` in the filter, `-L` for where they are found). Only options known to do neither
 * are accepted; `--args` and `--jsonargs`, which make the files values, are not either.
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import type { ShellWord } from "../types.ts";

/** Options without a value. */
const FLAGS = new Set([
  "--raw-output", "--join-output", "--ascii-output", "--compact-output", "--color-output", "--monochrome-output", "--sort-keys",
  "--exit-status", "--null-input", "--slurp", "--raw-input", "--tab", "--stream", "--seq", "--raw-output0", "--unbuffered",
]);
/** Short options without a value, alone or glued (`-rc`). */
const SHORT_FLAGS = /^-[rjacCMSensR]+$/;
/** Options followed by values that are neither files nor code: how many. */
const WITH_VALUES: Readonly<Record<string, number>> = { "--arg": 2, "--argjson": 2, "--indent": 1 };
/** What in a filter loads a module file. */
const LOADS_MODULES = /\b(?:import|include|modulemeta)\b/;

export interface JqCall {
  /** Why the call may read more than its files (or cannot be judged), if so. */
  problem?: string;
  /** The files it reads (not `-`, standard input). */
  files: ShellWord[];
}

/**
 * jq reads `~/.jq` on every run (a library of its own functions, or a folder of modules), and prints
 * lines of it when they are not jq: a call is then judged as more than a read of its files.
 */
export function jqHomeFileProblem(home: string): string | undefined {
  return existsSync(join(home, ".jq")) ? `jq also reads ${join(home, ".jq")}, which is not among the files it is given` : undefined;
}

/** Reads `jq [options] filter [files...]`. */
export function readJqCall(words: readonly ShellWord[]): JqCall {
  const positionals: ShellWord[] = [];
  let optionsEnded = false;
  for (let index = 1; index < words.length; index++) {
    const word = words[index] as ShellWord;
    if (optionsEnded || !word.value.startsWith("-") || word.value === "-") {
      positionals.push(word);
      continue;
    }
    if (word.value === "--") {
      optionsEnded = true;
      continue;
    }
    if (FLAGS.has(word.value) || SHORT_FLAGS.test(word.value)) continue;
    const values = WITH_VALUES[word.value];
    if (values === undefined) return { problem: `jq ${word.value} is not an option toolshed knows to only read the files it is given`, files: [] };
    if (index + values >= words.length) return { problem: `jq ${word.value} is missing its value`, files: [] };
    index += values;
  }
  const [filter, ...files] = positionals;
  if (filter !== undefined && LOADS_MODULES.test(filter.value)) return { problem: "the jq filter loads modules, which read files it does not name", files: [] };
  return { files: files.filter((file) => file.value !== "-") };
}
