/**
 * What `ls` (and `dir`, `vdir`) prints, read from its options as GNU ls reads them (a long option
 * by any unambiguous start of its name): the names it is given, with -d, or the entries of the
 * folders it is given. pipelineInput turns that into the listing a pipeline's next part gets.
 */
import type { ShellWord } from "./types.ts";

/** What ls prints: its operands themselves, or the entries of its operands (the folder it runs in when none). */
export interface LsOutput {
  /** -d: the operands themselves are printed. */
  itself: boolean;
  operands: ShellWord[];
  /** -a or -f: `.` and `..` are printed among the entries. */
  dotEntries: boolean;
  /** -I, --ignore or --hide (without -a or -A): some entries are left out. */
  leavesOut: boolean;
  /** --zero: each name ends at a NUL, not a line end. */
  nulSeparated: boolean;
  /** -p, -F, --file-type, --classify, --indicator-style with -L or --dereference: a link to a folder is printed with a slash after it. */
  linksSlashed: boolean;
}

/** GNU ls's long options, and whether each takes a value ("required": the next word when not given with `=`). */
const LONG_OPTIONS: Readonly<Record<string, "none" | "required" | "optional">> = {
  "all": "none", "almost-all": "none", "author": "none", "escape": "none", "block-size": "required", "ignore-backups": "none",
  "color": "optional", "directory": "none", "dired": "none", "classify": "optional", "file-type": "none", "format": "required",
  "full-time": "none", "group-directories-first": "none", "no-group": "none", "human-readable": "none", "si": "none",
  "dereference-command-line": "none", "dereference-command-line-symlink-to-dir": "none", "hide": "required", "hyperlink": "optional",
  "indicator-style": "required", "inode": "none", "ignore": "required", "kibibytes": "none", "dereference": "none", "literal": "none",
  "numeric-uid-gid": "none", "hide-control-chars": "none", "show-control-chars": "none", "quote-name": "none", "quoting-style": "required",
  "reverse": "none", "recursive": "none", "size": "none", "sort": "required", "time": "required", "time-style": "required",
  "tabsize": "required", "width": "required", "context": "none", "zero": "none", "help": "none", "version": "none",
};

/** The long option a word names (its whole name, or the one option its start begins), or undefined when none or several do. */
function longOption(written: string): string | undefined {
  if (LONG_OPTIONS[written] !== undefined) return written;
  const starting = Object.keys(LONG_OPTIONS).filter((name) => name.startsWith(written));
  return starting.length === 1 ? starting[0] : undefined;
}

/** Short options that take a value: the rest of their word, or the next word. */
const VALUED_SHORT = /[IwT]/;

/** What `words` (ls's own, its name first) print, or undefined when an option is not one ls has (it then prints nothing but an error). */
export function lsOutput(words: readonly ShellWord[]): LsOutput | undefined {
  const name = words[0]?.value.slice(words[0].value.lastIndexOf("/") + 1);
  const output: LsOutput = { itself: false, operands: [], dotEntries: false, leavesOut: false, nulSeparated: false, linksSlashed: false };
  let hides = false;
  let all = false;
  let indicators = false;
  let dereferences = false;
  for (let index = 1; index < words.length; index++) {
    const value = (words[index] as ShellWord).value;
    if (value === "--") {
      output.operands.push(...words.slice(index + 1));
      break;
    }
    const long = /^--([^=]+)(=.*)?$/.exec(value);
    if (long !== null) {
      const option = longOption(long[1] as string);
      if (option === undefined || option === "help" || option === "version") return undefined;
      output.itself ||= option === "directory";
      output.nulSeparated ||= option === "zero";
      output.leavesOut ||= option === "ignore";
      hides ||= option === "hide";
      if (option === "all" || option === "almost-all") {
        output.dotEntries = option === "all";
        all = true;
      }
      indicators ||= option === "file-type" || option === "classify" || (option === "indicator-style" && !/^=none$/.test(long[2] ?? ""));
      dereferences ||= option === "dereference";
      if (long[2] === undefined && LONG_OPTIONS[option] === "required") index++;
      continue;
    }
    if (!value.startsWith("-") || value === "-") {
      output.operands.push(words[index] as ShellWord);
      continue;
    }
    const letters = value.slice(1);
    const valued = letters.search(VALUED_SHORT);
    const flags = valued === -1 ? letters : letters.slice(0, valued);
    output.itself ||= flags.includes("d");
    // -a and -f list . and .., -A does not: the last of them says.
    for (const letter of flags) if (/[afA]/.test(letter)) output.dotEntries = letter !== "A";
    all ||= /[aAf]/.test(flags);
    output.leavesOut ||= letters[valued] === "I";
    indicators ||= /[pF]/.test(flags);
    dereferences ||= flags.includes("L");
    if (valued !== -1 && valued === letters.length - 1) index++;
  }
  // --hide yields to -a and -A; `dir` and `vdir` are ls with a layout.
  output.leavesOut ||= hides && !all;
  output.linksSlashed = indicators && dereferences;
  return name === "ls" || name === "dir" || name === "vdir" ? output : undefined;
}
