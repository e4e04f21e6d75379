/** The shapes the shell analysis produces: the parts of a command, their words and redirects. */

/** One word of a command after quote removal. */
export interface ShellWord {
  /** The literal value when `literal`, otherwise the source text. */
  value: string;
  literal: boolean;
  /** Unquoted glob characters: the shell may expand it to file names. */
  glob: boolean;
  /**
   * An unquoted loop variable whose item bash splits and globs again (`for f in ~/*; do rm -rf $f`):
   * what the word names is not known, but it names at least these (the item, or the words it
   * splits into), which the check of critical folders judges.
   */
  splitItems?: ShellWord[];
  /**
   * A loop variable's item followed by plain text with no slash (`"$f.bak"`): each round it names
   * a file beside what the item names then (`a.bak` beside `a`), in the folder the item's names are in.
   */
  besideItem?: { item: ShellWord; suffix: string };
  /** A word of loop items and text the analysis cannot name itself: a glob every name it takes matches (see loopItemCovering). */
  loopCovering?: string;
}

/**
 * Where a part runs: where the command starts, a folder a `cd` moved to (relative to the start, or
 * absolute), or not known; then `candidates` are the folders it may be, when the analysis knows
 * them (after `cd a; ...`: the start or a), which are each judged. A candidate with `unlessExists`
 * is only where the shell goes when none of those folders exist (`cd link/../x` falls back to
 * where the link leads only when ./x is missing).
 */
export type KnownCwd = { kind: "start" } | { kind: "changed"; path: string; unlessExists?: readonly string[] };

export type ShellCwd = KnownCwd | { kind: "unknown"; reason: string; candidates?: readonly KnownCwd[] };

/** What a part reads on standard input, when the command line shows it (a here-document, `echo x |`). */
export interface ShellInput {
  /** The text, when it is known exactly. */
  text?: string;
  /** The input is names of files a search prints (`find . -name '*.ts' | xargs ...`): where they lie. */
  paths?: NonNullable<FilledIn["from"]>;
  /** Where it comes from, for messages: `a here-document`, `the output of echo`. */
  from: string;
}

/** A `VAR=value` in front of a command. */
export interface ShellAssignment {
  name: string;
  value: ShellWord;
}

/** One simple command: the unit rules are matched against. */
export interface ShellCommandPart {
  /** The command as written (without redirects). */
  source: string;
  /** Command name and arguments. Empty for a bare assignment. */
  words: ShellWord[];
  assignments: ShellAssignment[];
  cwd: ShellCwd;
  /** Syntax in this part the analysis does not understand. */
  problems: string[];
  /** How the part was reached when not written at the top: `$( )`, `bash -c`, `find -exec`, ... */
  via?: string;
  /** Its standard input, when the command line says what it is. */
  stdin?: ShellInput;
  /**
   * Found in code the analysis cannot read (a string inside `python3 -c`, an awk program): it may
   * run, so deny and ask rules meet it, but it is not a part an allow rule or the read-only default
   * judges.
   */
  mentionedOnly?: boolean;
  /** The part is a later round of a `for` loop's body, judged item by item: the part limit counts its first round only. */
  repeated?: boolean;
  /** bash's `time` keyword times the part (these words, one list per keyword or nested keywords): rules that name time with a command (`Bash(time rm *)`) meet it so. */
  timedBy?: readonly (readonly string[])[];
  /** Why the part runs code the analysis cannot read (inline code, a script from its input, a variable that runs programs). */
  unknownCode?: string[];
  /** Strings of code the part runs that the analysis cannot read: deny and ask rules meet them as paths. */
  mentions?: string[];
  /** Files the part reads or writes as its program says (sed's `w file`, `git log --output=x`), beyond its plain arguments. */
  touches?: { word: ShellWord; access: "read" | "write" }[];
  /** Folders every file under which the part reads or may change (see programs/wholeFolderEffects.ts). */
  wholeFolders?: { word: ShellWord; access: "read" | "write"; spares?: FolderSpares; linkAlone?: boolean; removal?: boolean; mayEmpty?: boolean; into?: ShellWord }[];
  /** The program that runs this part fills words of it in with text the analysis cannot see (find -exec's `{}`, fd -x's path). */
  filledIn?: FilledIn;
}

/** What a read or change of a whole folder leaves alone. */
export interface FolderSpares {
  /** Files ripgrep's and fd's ignore files skip (.gitignore inside a repository, .ignore, .rgignore). */
  ignored?: boolean;
  /** Files git's own ignore files skip (what `git clean` without -x keeps). */
  gitIgnored?: boolean;
  /** Files git does not track (what a checkout, a reset, a diff or an archive never touches). */
  untracked?: boolean;
  /** With `untracked`: only those git does not ignore either (a checkout of another revision overwrites ignored files). */
  unlessIgnored?: boolean;
  /** Hidden files (ripgrep and fd without --hidden). */
  hidden?: boolean;
}

/** Words filled in when the part runs: those holding the placeholder, or one more after the rest. */
export interface FilledIn {
  placeholder?: RegExp | string;
  appended: boolean;
  /** The program that fills them in, for messages. */
  by: string;
  /**
   * Where what is filled in comes from, when it is paths found by a search: files under `folders`
   * (placed from `cwd`, the searching part's folder) whose names match one of `names`, if given,
   * and that are not what `spares` says the search leaves alone.
   */
  from?: {
    folders: ShellWord[];
    names?: string[];
    /** What matches `names` may be a folder, handed over whole (find's -name meets folders too): a file under it is reached. */
    namedFolders?: boolean;
    /**
     * true: nothing picks among the entries, so the start folders themselves and everything in them
     * are handed over (`find / -exec rm -rf {} +`); "maybe": only tests that may keep little do
     * (`find /tmp -mtime +7 ...`).
     */
    selectsAll?: true | "maybe";
    /**
     * Printed one per line, or split again by xargs at blanks and quotes: what arrives is only known
     * when it runs, but for the start folders themselves, which the search prints first.
     */
    split?: true;
    /** The start folders' entries are printed but not the folders themselves (ls): a filter that keeps the first or last lines may keep little of everything. */
    entriesOnly?: true;
    /**
     * The names are printed relative to this folder, another than the one the listing runs in
     * (`ls /`): a word names those entries only with that folder before the name (`/{}`).
     */
    namesIn?: string;
    /** The one start folder is printed, and nothing else (pwd). */
    itself?: true;
    spares?: FolderSpares;
    cwd?: ShellCwd;
  };
}

/** A redirection: `>`, `>>`, `>|`, `&>`, `&>>`, `<>` write; `<` reads. */
export interface ShellRedirect {
  operator: string;
  target: ShellWord;
  access: "read" | "write";
  cwd: ShellCwd;
}

/** Everything the analysis found in one command line. */
export interface ShellAnalysis {
  command: string;
  parts: ShellCommandPart[];
  redirects: ShellRedirect[];
  /** Reasons the command as a whole is not fully understood (it will be asked). */
  problems: string[];
}

/** Commands longer than this are asked about (deny rules still apply to every part). */
export const MAX_SHELL_COMMAND_LENGTH = 10_000;
/** More parts than this are asked about (deny rules still apply to every part). */
export const MAX_SHELL_PARTS = 50;
/** How deep `bash -c`, `eval` and substitutions may nest before the analysis stops trusting it. */
export const MAX_SHELL_NESTING = 8;
