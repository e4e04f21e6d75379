/** Builtins the analysis knows by what they do to the shell: which set variables, which run code, and how a command reaches one. */
import type { ShellWord } from "./types.ts";

/**
 * The words of a command as the shell itself runs them: past `builtin`, `command` (without -v or
 * -V, which only print) and `time`, which run a builtin such as cd in this shell.
 */
export function inShellWords(words: readonly ShellWord[]): readonly ShellWord[] {
  let rest = words;
  for (let depth = 0; depth < 8; depth++) {
    const first = rest[0];
    if (first === undefined || !first.literal) return rest;
    const next = rest[1]?.value;
    if (first.value === "builtin") rest = rest.slice(1);
    else if (first.value === "time") rest = rest.slice(next === "-p" ? 2 : 1);
    else if (first.value === "command" && next !== "-v" && next !== "-V") rest = rest.slice(next === "-p" ? 2 : 1);
    else return rest;
  }
  return rest;
}

/** Builtins that set shell variables named in their arguments (`printf -v CDPATH ..`, `read CDPATH`, bash 5.3's `compgen -V name`). */
export const VARIABLE_SETTERS = new Set(["read", "mapfile", "readarray", "getopts", "declare", "typeset", "local", "export", "readonly", "let", "unset", "compgen"]);
/** Options of those builtins that set no other name than their arguments: `read -r line`, `export -p`, `declare -x NAME=...`. */
export const PLAIN_SETTER_OPTIONS = new Set(["-r", "-s", "-x", "-p", "-i", "-l", "-u", "-g", "-t", "-e", "-rs", "-sr", "-gx", "-xg"]);
/** Builtins that run shell code the analysis does not see here. */
export const CODE_RUNNERS = new Set(["eval", "source", "."]);
