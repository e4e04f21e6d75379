/**
 * How grep (egrep, fgrep) and ripgrep read their command lines, as far as the permission engine
 * needs: which options take a value (so `rg -C 3 key` searches `.` for `key`, not the folder
 * `key` for `3`), whether the pattern came as an option (`-e`, `-f`), and whether the search
 * recurses or follows links however the option is spelled (getopt takes any unambiguous prefix
 * of a long option: `--rec`, `--dereference-rec`, `--dir=recurse`, `-d recurse`). Where a
 * spelling could mean either, the reading that searches more is taken.
 */
import type { ShellWord } from "./types.ts";

interface OptionTable {
  /** Short option letters that take a value (glued, or the next word). */
  shortValues: string;
  /** Long options (without `--`) that take a value (after `=`, or the next word). */
  longValues: readonly string[];
}

/** The grep family's names: grep and its egrep and fgrep forms. */
export const GREP_FAMILY: ReadonlySet<string> = new Set(["grep", "egrep", "fgrep"]);

const GREP: OptionTable = {
  // -X MATCHER is GNU grep's undocumented matcher choice; --include-dir is BSD grep's.
  shortValues: "efmABCdDX",
  longValues: ["regexp", "file", "max-count", "after-context", "before-context", "context", "directories", "devices", "include", "exclude",
    "exclude-dir", "exclude-from", "include-dir", "label", "group-separator", "binary-files"],
};

const RIPGREP: OptionTable = {
  shortValues: "ABCdEefgjMmrTt",
  longValues: ["after-context", "before-context", "context", "context-separator", "colors", "color", "dfa-size-limit", "encoding", "engine", "file",
    "glob", "iglob", "ignore-file", "max-columns", "max-count", "max-depth", "max-filesize", "path-separator", "pre", "pre-glob", "regex-size-limit",
    "regexp", "replace", "sort", "sortr", "threads", "type", "type-add", "type-clear", "type-not", "field-context-separator", "field-match-separator",
    "hyperlink-format", "hostname-bin", "generate"],
};

/** One option as given, with the value it took (if any). */
interface ReadOption {
  /** The short letter, or the long name as written (perhaps abbreviated), without dashes. */
  name: string;
  long: boolean;
  value?: string;
}

export interface GrepCommandLine {
  options: ReadOption[];
  /** The words that are neither options nor their values. */
  positionals: ShellWord[];
  /** The pattern came as an option (`-e`, `-f`, `--regexp`, `--file`): every positional is a path. */
  patternAsOption: boolean;
}

/** Whether the long option written as `name` may stand for one of `names` (exact or an abbreviation). */
function mayBe(name: string, names: readonly string[]): boolean {
  return name !== "" && names.some((candidate) => candidate.startsWith(name));
}

/** Reads a grep-family or ripgrep command line; `words[0]` is the program. */
export function readGrepCommandLine(words: readonly ShellWord[]): GrepCommandLine {
  const table = words[0]?.value === "rg" ? RIPGREP : GREP;
  const options: ReadOption[] = [];
  const positionals: ShellWord[] = [];
  let afterDashes = false;
  for (let index = 1; index < words.length; index++) {
    const word = words[index] as ShellWord;
    const text = word.value;
    if (afterDashes || text === "-" || !text.startsWith("-")) {
      positionals.push(word);
      continue;
    }
    if (text === "--") {
      afterDashes = true;
      continue;
    }
    if (text.startsWith("--")) {
      const equals = text.indexOf("=");
      const name = equals === -1 ? text.slice(2) : text.slice(2, equals);
      if (equals !== -1) options.push({ name, long: true, value: text.slice(equals + 1) });
      // Taken as taking a value whenever it may stand for one that does: the word after it is then not a path or pattern.
      else if (mayBe(name, table.longValues)) options.push({ name, long: true, value: words[++index]?.value ?? "" });
      else options.push({ name, long: true });
      continue;
    }
    for (let at = 1; at < text.length; at++) {
      const letter = text[at] as string;
      if (!table.shortValues.includes(letter)) {
        options.push({ name: letter, long: false });
        continue;
      }
      const glued = text.slice(at + 1);
      options.push({ name: letter, long: false, value: glued !== "" ? glued : (words[++index]?.value ?? "") });
      break;
    }
  }
  const patternAsOption = options.some((option) => option.long ? mayBe(option.name, ["regexp", "file"]) && option.name.length > 1 : option.name === "e" || option.name === "f");
  return { options, positionals, patternAsOption };
}

/** Whether grep (or diff) reads through folders: -r, -R, any spelling of --recursive or --dereference-recursive, or directories=recurse. */
export function grepRecurses(line: GrepCommandLine): boolean {
  return line.options.some((option) => {
    if (!option.long) return option.name === "r" || option.name === "R" || (option.name === "d" && (option.value ?? "").startsWith("rec"));
    if (mayBe(option.name, ["recursive", "dereference-recursive"])) return true;
    return mayBe(option.name, ["directories"]) && (option.value ?? "").startsWith("rec");
  });
}

/** Whether grep follows the links it meets while recursing: -R or any spelling of --dereference-recursive. */
export function grepFollowsLinks(line: GrepCommandLine): boolean {
  return line.options.some((option) => option.long ? option.name.length >= 2 && mayBe(option.name, ["dereference-recursive"]) : option.name === "R");
}

/**
 * The file names a recursive grep (not ripgrep) is limited to by `--include`, when that limit is
 * certain: every word of the command is literal, options are read as grep reads them (so an
 * `--include=...` that is the value of `-e` or `--label` limits nothing), each `--include` value is
 * a plain name or `*` and a plain ending (`*.ts`, `Makefile`: the same files whether grep matches
 * base names, as GNU does, or whole paths, as BSD does, and no character a glob matcher reads
 * otherwise), and the first of the --include and --exclude options is an --include (GNU grep
 * searches a file that matches none of them when the first is an --exclude). GREP_OPTIONS and
 * POSIXLY_CORRECT (options after the files are files then) in the environment void it; the
 * caller looks for them in the command. Otherwise undefined: every file counts.
 */
export function grepIncludeNames(words: readonly ShellWord[]): string[] | undefined {
  if (!GREP_FAMILY.has(words[0]?.value ?? "") || words.some((word) => !word.literal)) return undefined;
  if (process.env.GREP_OPTIONS !== undefined || process.env.POSIXLY_CORRECT !== undefined) return undefined;
  const names: string[] = [];
  for (const option of readGrepCommandLine(words).options) {
    if (!option.long) continue;
    const include = option.name.length >= 3 && "include".startsWith(option.name);
    if (!include) {
      // An exclusion (or a spelling that may be one) before any --include: files matching nothing are searched.
      if (names.length === 0 && option.name.length >= 2 && ["exclude", "exclude-dir", "exclude-from"].some((each) => each.startsWith(option.name))) return undefined;
      continue;
    }
    if (option.value === undefined || !/^\*?[A-Za-z0-9._-]+$/.test(option.value)) return undefined;
    names.push(option.value);
  }
  return names.length === 0 ? undefined : names;
}
