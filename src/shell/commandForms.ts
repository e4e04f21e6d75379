/**
 * The forms of one command part that rules are matched against. Deny and ask rules see every
 * form (as written, past any `VAR=value`, past any wrapper and its options); allow rules see one
 * form, past only harmless variables and the wrappers that cannot change what runs.
 */
import { gnuProgramName } from "./gnuProgramNames.ts";
import type { FilledIn, ShellCommandPart, ShellWord } from "./types.ts";

/** Variables that may stand in front of an allowed command without changing what it does. */
export const HARMLESS_VARIABLES: ReadonlySet<string> = new Set([
  "LANG", "LANGUAGE", "LC_ALL", "LC_CTYPE", "LC_MESSAGES", "LC_COLLATE", "LC_NUMERIC", "LC_TIME", "TZ",
  "NO_COLOR", "FORCE_COLOR", "CLICOLOR", "COLUMNS", "TERM", "CI", "NODE_ENV", "RUST_BACKTRACE", "RUST_LOG",
  "PYTHONUNBUFFERED", "PYTHONDONTWRITEBYTECODE", "DEBUG", "VERBOSE",
]);

/** Terminal emulators: what they are told to run (or every later word, read loosely) is a command. */
export const TERMINAL_EMULATORS: readonly string[] = [
  "xterm", "uxterm", "konsole", "alacritty", "kitty", "foot", "urxvt", "rxvt", "st", "x-terminal-emulator", "terminator", "tilix",
  "gnome-terminal", "xfce4-terminal", "mate-terminal", "lxterminal", "wezterm", "ptyxis", "kgx", "qterminal", "sakura", "terminology",
  "footclient", "ghostty", "contour", "rio", "mlterm", "zutty", "Eterm", "cool-retro-term", "deepin-terminal", "blackbox-terminal", "tilda",
];

/** Commands that run another command given in their arguments. */
export const WRAPPER_COMMANDS: ReadonlySet<string> = new Set([
  "timeout", "time", "nice", "nohup", "stdbuf", "command", "xargs", "env", "sudo", "doas", "exec", "builtin",
  "setsid", "ionice", "taskset", "chrt", "unbuffer", "chroot", "runuser", "su", "watch", "strace", "ltrace",
  "caffeinate", "nocorrect", "noglob", "busybox", "eatmydata", "proxychains", "firejail", "flock", "parallel",
  "coproc", "script", "ssh-agent", "dbus-run-session", "systemd-run", "unshare", "nsenter", "fakeroot", "torsocks", "toybox",
  "pkexec", "doas", "catchsegv", "valgrind", "rr", "perf", "gdbserver", "ionice", "numactl", "prlimit", "setpriv", "cpulimit",
  // Helpers that run the command after their options (moreutils, X, sandboxes, environment loaders, terminal multiplexers).
  "chronic", "ifne", "faketime", "xvfb-run", "rlwrap", "sshpass", "setarch", "linux32", "linux64", "i386", "x86_64", "uname26", "bwrap",
  // (tmux, screen, entr, dotenv, env-cmd and direnv are read exactly by their catalogue entries instead; sem and
  // watchexec take too many options with values to be read exactly, so any later word may be their command.)
  "dtach", "abduco", "sem", "watchexec", "cross-env", "cross-env-shell", "tini", "coreutils",
  "dumb-init", "su-exec", "gosu", "chpst", "setuidgid", "envdir", "softlimit", "pgrphack", "daemonize", "start-stop-daemon", "proxychains4",
  "torify", "trickle", "tsocks", "nocache", "chrootuid", "jexec", "fakechroot", "schroot", "firejail", "systemd-inhibit", "flatpak-spawn",
  // Compiler caches, GPU and job launchers, tracers and sandboxes that run their command on this machine.
  "ccache", "sccache", "distcc", "icecc", "prime-run", "gamemoderun", "optirun", "primusrun", "vglrun", "proot", "cgexec",
  "mpirun", "mpiexec", "srun", "heaptrack", "uftrace", "nsjail", "minijail0",
  // SELinux's (coreutils): runcon CONTEXT command, or runcon -t TYPE ... command.
  "runcon",
  // More launchers: systemd's run0 and systemd-cat, schedulers, s6 and daemontools-style helpers,
  // fake root, debuggers, user-mode emulators, and terminal emulators given the command to run.
  "run0", "sandbox-exec", "systemd-cat", "schedtool", "s6-setuidgid", "s6-envdir", "s6-applyuidgid", "s6-softlimit", "envuidgid", "with-contenv",
  "catatonit", "fakeroot-ng", "pseudo", "dbus-launch", "libtool", "lldb", "box64", "box86", "fex", "FEXLoader", "FEXInterpreter",
  ...TERMINAL_EMULATORS,
  // shelljs's commands (`shx rm -rf x`), and distrobox's enter, which shares the home folder.
  "shx", "distrobox-enter",
]);

/** qemu's user-mode emulators run the program they are given (`qemu-x86_64 /bin/rm x`); its system emulators and tools do not. */
const USER_EMULATOR = /^qemu-(?!system-|img$|nbd$|io$|storage-daemon$|pr-helper$|edid$|ga$|keymap$|bridge-helper$)[\w]+(?:-static)?$/;

/** The dynamic loader runs the program it is given (`/lib64/ld-linux-x86-64.so.2 /bin/rm x`). */
const DYNAMIC_LOADER = /^ld(?:-linux[\w.-]*|-musl[\w.-]*)?\.so(?:\.\d+)*$/;

/** Package-manager launchers that run the command after a subcommand: `npm exec rm x`, `uv run rm x`. */
const LAUNCHERS: Readonly<Record<string, readonly string[]>> = {
  npm: ["exec", "x"], pnpm: ["exec", "dlx"], yarn: ["exec", "dlx", "run"], bun: ["x", "exec"], uv: ["run"], uvx: [],
  poetry: ["run"], pipx: ["run"], pdm: ["run"], npx: [], bunx: [], pnpx: [], hatch: ["run"], conda: ["run"],
  // `ip netns exec <name> cmd` runs cmd here, in a network namespace; `ip vrf exec <name> cmd` in a VRF.
  ip: ["netns", "vrf"],
  // Version managers, environment and project runners, secret injectors and a multiplexer's run.
  mise: ["exec", "x"], rtx: ["exec", "x"], asdf: ["exec"], pyenv: ["exec"], rbenv: ["exec"], nodenv: ["exec"], goenv: ["exec"], jenv: ["exec"],
  nvm: ["exec", "run"], fnm: ["exec"], volta: ["run"], mamba: ["run"], micromamba: ["run"], pixi: ["run", "exec"], devbox: ["run"],
  pipenv: ["run"], rye: ["run"], nix: ["run", "shell", "develop"], guix: ["shell", "environment"], toolbox: ["run"], distrobox: ["enter"],
  op: ["run"], doppler: ["run"], "aws-vault": ["exec"], infisical: ["run"], chamber: ["exec"], dotenvx: ["run"], teller: ["run"], zellij: ["run", "action"],
  machinectl: ["shell"],
};

/** Where the words a wrapper or launcher runs may begin (1 past `sudo`, 2 past `npm exec`), or undefined. */
export function wrappedStart(words: readonly ShellWord[]): number | undefined {
  const first = words[0];
  if (first === undefined) return undefined;
  const name = gnuProgramName(baseName(first.value));
  // `command -v rm` only says where rm is.
  if (name === "command" && /^-p?[vV]/.test(words[1]?.value ?? "")) return undefined;
  if (WRAPPER_COMMANDS.has(name) || DYNAMIC_LOADER.test(name) || USER_EMULATOR.test(name)) return 1;
  const subcommands = Object.hasOwn(LAUNCHERS, name) ? LAUNCHERS[name] : undefined;
  if (subcommands === undefined) return undefined;
  if (subcommands.length === 0) return 1;
  const at = words.findIndex((word, index) => index > 0 && !word.value.startsWith("-"));
  return at !== -1 && subcommands.includes(words[at]?.value ?? "") ? at + 1 : undefined;
}

/** How a wrapper or launcher reads its words (by name), or undefined for a program that is neither. */
export function wrapperKind(name: string): string | undefined {
  if (WRAPPER_COMMANDS.has(name) || DYNAMIC_LOADER.test(name) || USER_EMULATOR.test(name)) return `wrapper ${name}`;
  return Object.hasOwn(LAUNCHERS, name) ? `launcher ${name}` : undefined;
}

/**
 * Where a command may start inside `words`: at 0, past each wrapper read exactly (`timeout 5 git`),
 * and past any other wrapper at any later word that is not an option.
 */
export function programStarts(words: readonly ShellWord[]): number[] {
  if (words.length === 0) return [];
  const exact = exactProgramStarts(words);
  const from = exact.at(-1) ?? 0;
  const start = wrappedStart(words.slice(from));
  const later = start === undefined ? [] : words.map((_word, index) => index).filter((index) => index >= from + start && !words[index]?.value.startsWith("-"));
  return [0, ...exact, ...later];
}

/** True for a `NAME=value` word (a variable set for the command, as `env` and wrappers take them). */
export function isAssignmentWord(value: string): boolean {
  return /^[A-Za-z_][A-Za-z0-9_]*=/.test(value);
}

/** git's options before its subcommand that take a value in the next word (`git -C dir push`). */
const GIT_GLOBAL_VALUES = new Set(["-C", "-c", "--git-dir", "--work-tree", "--namespace", "--config-env", "--super-prefix", "--exec-path", "--attr-source", "--list-cmds"]);

/** Where git's subcommand is, past its global options (`git -C . -c a=b --no-pager push`). */
export function gitSubcommandAt(words: readonly ShellWord[]): number {
  let index = 1;
  for (let word = words[index]; word !== undefined && word.value.startsWith("-"); word = words[index]) {
    index += GIT_GLOBAL_VALUES.has(word.value) ? 2 : 1;
  }
  return index;
}

/** xargs' replace string (`-I R`, `-IR`, `-i`, `--replace[=R]`) among its options in `words`, if any. */
export function xargsPlaceholder(words: readonly ShellWord[]): string | undefined {
  for (let index = 1; index < words.length; index++) {
    const text = words[index]?.value ?? "";
    if (!text.startsWith("-")) break;
    if (text === "-I") return words[index + 1]?.value;
    if (text.startsWith("-I")) return text.slice(2);
    if (text === "-i" || text === "--replace") return "{}";
    if (/^-i./.test(text)) return text.slice(2);
    if (text.startsWith("--replace=")) return text.slice("--replace=".length);
  }
  return undefined;
}

/** Where the command xargs runs starts, past xargs' own options (`xargs -n 1 -I {} cmd`). */
export function xargsCommandAt(words: readonly ShellWord[], at: number): number {
  let index = at + 1;
  while (index < words.length) {
    const text = words[index]?.value ?? "";
    if (text === "--") return index + 1;
    if (!text.startsWith("-") || text === "-") return index;
    index += /^-[0-9A-Za-z]*[aEdILnPsJRS]$/.test(text) || /^--(?:arg-file|delimiter|max-args|max-procs|max-chars|max-lines|process-slot-var)$/.test(text) ? 2 : 1;
  }
  return index;
}

/**
 * How xargs splits its standard input into names: "nul" at NULs (-0, its other options all known),
 * else "blanks": at blanks and quotes, line ends (-I, -L), another delimiter (-d), or as options
 * the analysis does not know say, where the first name still arrives whole as far as its first
 * blank; undefined when it reads its names from a file instead (-a).
 */
function xargsNameSplit(options: readonly ShellWord[]): "nul" | "blanks" | undefined {
  if (options.some((option) => /^(?:-a|--arg-file(?:=|$))/.test(option.value) || /^-[0rtpx]*a/.test(option.value))) return undefined;
  return wholeNamesAtNuls(options) ? "nul" : "blanks";
}

/** True when xargs' options, all of them known and none naming another input or delimiter, include -0. */
function wholeNamesAtNuls(options: readonly ShellWord[]): boolean {
  let nul = false;
  for (let index = 0; index < options.length; index++) {
    const value = options[index]?.value ?? "";
    if (value === "--") continue;
    if (value === "--null" || /^-[0rt]+$/.test(value)) {
      nul ||= value === "--null" || value.includes("0");
      continue;
    }
    if (/^-[nPLs]\d+$/.test(value) || /^--(?:max-args|max-procs|max-lines|max-chars)=\d+$/.test(value) || value === "--no-run-if-empty" || value === "--verbose") continue;
    // A replace string (-I {}, -I{}, -i, --replace): with -0, names still end at NULs.
    if (/^-I.|^-i$|^--replace(?:=|$)/.test(value)) continue;
    if (value === "-I") {
      index++;
      continue;
    }
    if (/^(?:-[nPLs]|--max-args|--max-procs|--max-lines|--max-chars)$/.test(value) && /^\d+$/.test(options[index + 1]?.value ?? "")) {
      index++;
      continue;
    }
    return false;
  }
  return nul;
}

/**
 * A search's names as an xargs that splits at blanks and quotes gets them: any path may arrive but
 * the start folders, which come first (one per line, or up to the NUL a `-print0` listing ends them with).
 */
function splitAgain(paths: NonNullable<FilledIn["from"]>): { from: NonNullable<FilledIn["from"]> } {
  return { from: { ...paths, split: true } };
}

/** Each part's words as run, made once. */
const wordsAsRun = new WeakMap<ShellCommandPart, { words: ShellWord[]; filled: ReadonlySet<ShellWord>; filler?: FilledIn }>();

/**
 * The words of the program a part runs, with the words its runner fills in when it runs marked as
 * only known then: find -exec's and fd -x's `{}`, xargs' replace string, or one word more for the
 * input xargs (or fd) adds after them. A part no one fills in is its words, past exact wrappers.
 */
export function programWordsAsRun(part: ShellCommandPart): { words: ShellWord[]; filled: ReadonlySet<ShellWord>; filler?: FilledIn } {
  // The same words each time for a part, so a word found in them is known again by identity.
  const known = wordsAsRun.get(part);
  if (known !== undefined) return known;
  const asRun = computeProgramWordsAsRun(part);
  wordsAsRun.set(part, asRun);
  return asRun;
}

function computeProgramWordsAsRun(part: ShellCommandPart): { words: ShellWord[]; filled: ReadonlySet<ShellWord>; filler?: FilledIn } {
  const words = pastExactWrappers(part.words).words;
  let program = words;
  let filler = part.filledIn;
  const xargs = words.findIndex((word) => word.literal && gnuProgramName(baseName(word.value)) === "xargs");
  if (xargs !== -1 && programStarts(words).includes(xargs)) {
    const at = xargsCommandAt(words, xargs);
    const placeholder = xargsPlaceholder(words.slice(xargs, at));
    program = pastExactWrappers(words.slice(at)).words;
    // Only NUL-separated names from its standard input arrive whole: otherwise xargs splits them again
    // at blanks and quotes, or reads them elsewhere (-a), or at another delimiter (-d).
    const split = xargsNameSplit(words.slice(xargs + 1, at));
    const paths = part.stdin?.paths;
    const from = paths === undefined ? {} : split === "nul" ? (paths.split === true ? {} : { from: paths }) : split === "blanks" ? splitAgain(paths) : {};
    filler = { placeholder, appended: placeholder === undefined, by: "xargs", ...from };
  } else if (pastExactWrappers(part.words).viaXargs) {
    // A bare xargs splits its input at blanks and quotes.
    const paths = part.stdin?.paths;
    filler = { appended: true, by: "xargs", ...(paths === undefined ? {} : splitAgain(paths)) };
  }
  if (filler === undefined) return { words: program, filled: new Set() };
  return { ...fillWords(program, filler), filler };
}

/** Whether `word` holds what `filler` fills in when it runs (its placeholder, string or pattern). */
export function holdsPlaceholder(filler: FilledIn | undefined, word: ShellWord): boolean {
  const placeholder = filler?.placeholder;
  if (placeholder === undefined || placeholder === "") return false;
  return typeof placeholder === "string" ? word.value.includes(placeholder) : placeholder.test(word.value);
}

/** `words` with those `filler` fills in marked as only known when they run, and the word it appends, if any; `filled` holds the marked ones. */
export function fillWords(words: readonly ShellWord[], filler: FilledIn): { words: ShellWord[]; filled: ReadonlySet<ShellWord>; input?: ShellWord } {
  const { placeholder } = filler;
  const holds = (word: ShellWord) => holdsPlaceholder(filler, word);
  const filled = new Set<ShellWord>();
  const marked = words.map((word) => {
    if (!holds(word)) return word;
    const each = { ...word, literal: false };
    filled.add(each);
    return each;
  });
  if (!filler.appended) return { words: marked, filled };
  const input = { value: `{${filler.by} input}`, literal: false, glob: false };
  filled.add(input);
  return { words: [...marked, input], filled, input };
}

/** Words joined as a rule sees them: literal values, dynamic words as written. */
export function joinWords(words: readonly ShellWord[]): string {
  return words.map((word) => word.value).join(" ");
}

/**
 * Every text a deny or ask rule is tried against for this part; `aliases` are other names the
 * program at a word runs under (`./myrm` is rm: see permissions/programIdentity.ts).
 */
export function denyForms(part: ShellCommandPart, aliases: readonly { index: number; name: string }[] = [], ruleProgram?: string): string[] {
  const forms = new Set<string>();
  const words = part.words;
  if (words.length === 0) return [part.source];
  forms.add(part.source);
  forms.add(joinWords(words));
  addProgramForms(forms, words);
  const startsAt = (rest: readonly ShellWord[]) => {
    addProgramForms(forms, rest);
    // A program named by a glob (`sudo [r]m x`) is the rule's own program whenever the glob can match it.
    const first = rest[0];
    if (first?.glob === true && ruleProgram !== undefined && globMayMatch(baseName(first.value), ruleProgram)) {
      forms.add(joinWords([{ ...first, value: ruleProgram }, ...rest.slice(1)]));
    }
  };
  // Past wrappers read exactly (`timeout 5`, `nice -n 5`, `env A=1`), the command is the word after
  // them: `timeout 5 git rm x` runs git, not rm.
  const exact = exactProgramStarts(words);
  for (const at of exact) startsAt(words.slice(at));
  const program = words.slice(exact.at(-1) ?? 0);
  const start = wrappedStart(program);
  if (start !== undefined) {
    // Past any other wrapper, any later word that is not an option may be the command it runs.
    for (let index = start; index < program.length; index++) {
      const word = program[index] as ShellWord;
      if (word.value.startsWith("-") || isAssignmentWord(word.value)) continue;
      startsAt(program.slice(index));
    }
  }
  for (const { index, name } of aliases) {
    const word = words[index];
    if (word !== undefined) forms.add(joinWords([{ ...word, value: name }, ...words.slice(index + 1)]));
  }
  // Timed by bash's keyword: every form also with the keyword in front (`time rm x` of `time /bin/rm x`).
  const untimed = [...forms];
  for (const keyword of part.timedBy ?? []) for (const form of untimed) forms.add(`${keyword.join(" ")} ${form}`);
  return [...forms];
}

/** Whether the shell glob `pattern` may match the name `name`; a pattern the matcher may read otherwise than bash (a class like `[[:alpha:]]`) may match anything. */
function globMayMatch(pattern: string, name: string): boolean {
  // Classes and escapes (bash matches `[\\r]m` against rm; the matcher does not) may match anything.
  if (pattern.includes("[[:") || pattern.includes("[=") || pattern.includes("[.") || pattern.includes("\\")) return true;
  try {
    return new Bun.Glob(pattern.replace(/[{}]/g, "\\$&")).match(name);
  } catch {
    return true;
  }
}

/** The program a command rule names first (`rm` of `rm -rf *` or `rm:*`), when it is a plain name. */
export function ruleProgramName(content: string): string | undefined {
  const first = /^[^\s:]+/.exec(content.trim())?.[0];
  return first !== undefined && /^[A-Za-z0-9_.+-]+$/.test(first) ? first : undefined;
}

/**
 * The forms of a command that starts at `words[0]`: as written, by the program's file name (`/bin/rm`
 * and `./rm` are `rm`; so is `grm`, GNU's rm beside the system's), past git's global options
 * (`git -C . push` is `git push`), and coreutils' named program (`coreutils --coreutils-prog=rm x`).
 */
function addProgramForms(forms: Set<string>, words: readonly ShellWord[]): void {
  const first = words[0];
  if (first === undefined) return;
  const rest = words.slice(1);
  forms.add(joinWords(words));
  const file = baseName(first.value);
  const name = gnuProgramName(file);
  if (file !== first.value) forms.add(joinWords([{ ...first, value: file }, ...rest]));
  if (name !== file) forms.add(joinWords([{ ...first, value: name }, ...rest]));
  if (name === "git") {
    const at = gitSubcommandAt(words);
    if (at > 1 && at < words.length) forms.add(joinWords([{ ...first, value: "git" }, ...words.slice(at)]));
  }
  const prog = name === "coreutils" ? /^--coreutils-prog(?:-shebang)?=(.+)$/s.exec(words[1]?.value ?? "") : null;
  if (prog !== null) forms.add(joinWords([{ ...(words[1] as ShellWord), value: prog[1] ?? "" }, ...words.slice(2)]));
}

function baseName(name: string): string {
  const slash = name.lastIndexOf("/");
  return slash === -1 ? name : name.slice(slash + 1);
}

const DURATION = /^\d+(?:\.\d+)?[smhd]?$/;
const NUMBER = /^-?\d+$/;

/** How many leading words one allowed wrapper (with simple options) takes, or undefined. */
function wrapperLength(words: readonly ShellWord[]): number | undefined {
  const name = words[0]?.value;
  const at = (index: number) => words[index]?.value;
  let index = 1;
  switch (name) {
    case "nohup":
      return 1;
    case "time":
      return at(1) === "-p" ? 2 : 1;
    case "command":
      if (at(1) === "-v" || at(1) === "-V") return undefined;
      return at(1) === "-p" ? 2 : 1;
    case "xargs":
      return at(1)?.startsWith("-") ? undefined : 1;
    case "nice":
      if (at(1) === "-n" && NUMBER.test(at(2) ?? "")) return 3;
      if (/^(?:-n-?\d+|--adjustment=-?\d+|-\d+)$/.test(at(1) ?? "")) return 2;
      return at(1)?.startsWith("-") ? undefined : 1;
    case "timeout":
      for (;;) {
        const option = at(index);
        if (option === "--preserve-status" || option === "--foreground" || option === "-v" || option === "--verbose") index++;
        else if (option === "-s" || option === "-k") index += 2;
        else if (option !== undefined && /^(?:-s[A-Z0-9]+|-k\S+|--signal=\S+|--kill-after=\S+)$/.test(option)) index++;
        else break;
      }
      return DURATION.test(at(index) ?? "") ? index + 1 : undefined;
    case "stdbuf":
      for (;;) {
        const option = at(index);
        if (option === "-i" || option === "-o" || option === "-e") index += 2;
        else if (option !== undefined && /^(?:-[ioe][0-9A-Za-z]+|--(?:input|output|error)=\S+)$/.test(option)) index++;
        else break;
      }
      return index > 1 ? index : undefined;
    default:
      return undefined;
  }
}

/**
 * How many leading words `env` takes before its command (`env -u A B=1 cmd`), or undefined for an
 * option it may read otherwise (`-S` splits a string into a command) or a word only known when it
 * runs. Every word with `=` before the command is one of env's assignments, as env reads them.
 */
function envLength(words: readonly ShellWord[]): number | undefined {
  let index = 1;
  for (let word = words[index]; word !== undefined; word = words[index]) {
    // A word only known when it runs stands where the program does (`env "$X" -rf /`).
    if (!word.literal) break;
    const option = word.value;
    if (option === "--") {
      index++;
      break;
    }
    if (!option.startsWith("-")) break;
    if (/^-[i0v]+$/.test(option) || option === "-" || option === "--ignore-environment" || option === "--null" || option === "--debug") index++;
    else if (option === "-u" || option === "-C" || option === "--unset" || option === "--chdir") index += 2;
    else if (/^(?:-[uC].|--unset=|--chdir=)/.test(option)) index++;
    else return undefined;
  }
  for (let word = words[index]; word !== undefined && word.value.includes("="); word = words[index]) {
    if (!word.literal) return undefined;
    index++;
  }
  return index;
}

/** sudo's short options that take a value (glued, or the next word) and those that take none, then the long ones (a value after `=`, or the next word). */
const SUDO_VALUE_LETTERS = "aCcDgpRrTtUu";
const SUDO_FLAG_LETTERS = "AbBEeHiKklnPSsVv";
const SUDO_LONG_VALUES = new Set(["chdir", "chroot", "close-from", "command-timeout", "group", "host", "other-user", "prompt", "role", "type", "user", "auth-type", "login-class"]);
const SUDO_LONG_FLAGS = new Set(["askpass", "background", "bell", "edit", "help", "list", "login", "non-interactive", "preserve-env", "preserve-groups",
  "remove-timestamp", "reset-timestamp", "set-home", "shell", "stdin", "validate", "version"]);

/**
 * How many leading words `sudo` takes before its command, as its parser reads them (it stops at
 * the first word that is not an option; `NAME=value` words after the options are assignments), or
 * undefined for an option it does not know (or a long option spelled short: getopt would take any
 * unambiguous one).
 */
function sudoLength(words: readonly ShellWord[]): number | undefined {
  let index = 1;
  for (let word = words[index]; word !== undefined; word = words[index]) {
    const option = word.value;
    // After `--` sudo reads no assignments: the next word is the command.
    if (option === "--") return index + 1;
    if (!option.startsWith("-") || option === "-") break;
    if (option.startsWith("--")) {
      const [name = "", value] = option.slice(2).split(/=(.*)/s);
      if (SUDO_LONG_FLAGS.has(name) || (name === "preserve-env" && value !== undefined)) index++;
      else if (SUDO_LONG_VALUES.has(name)) index += value === undefined ? 2 : 1;
      else return undefined;
      continue;
    }
    let taken = 1;
    for (let at = 1; at < option.length; at++) {
      const letter = option[at] as string;
      // -h alone is help, but sudo takes a word after it that is not an option for the host (-h host).
      if (letter === "h") {
        if (at === option.length - 1 && words[index + 1] !== undefined && !(words[index + 1] as ShellWord).value.startsWith("-")) taken = 2;
        else if (at < option.length - 1) break;
        continue;
      }
      if (SUDO_FLAG_LETTERS.includes(letter)) continue;
      if (!SUDO_VALUE_LETTERS.includes(letter)) return undefined;
      if (at === option.length - 1) taken = 2;
      break;
    }
    index += taken;
  }
  // `NAME=value` words are assignments. A word with `=` that is not one is the command to sudo-rs
  // but may be an assignment to sudo (`./x=y`): either may run, so none is read exactly. One that
  // starts with / or = is the command to both.
  for (let value = words[index]?.value ?? ""; value.includes("="); value = words[index]?.value ?? "") {
    if (isAssignmentWord(value)) index++;
    else if (value.startsWith("/") || value.startsWith("=")) break;
    else return undefined;
  }
  return index;
}

/**
 * Wrappers that run their command under another root, where absolute paths lead elsewhere too
 * ("root"), or in another folder ("folder"), and the options by which they do: a pattern over each
 * option word (long options also abbreviated, as getopt takes them), or `true` for always. sudo's
 * and su's login shells start in the user's home folder; systemd-run's services in / unless kept here.
 */
const ELSEWHERE_WRAPPERS: Readonly<Record<string, { root?: RegExp | true; folder?: RegExp }>> = {
  sudo: { root: /^-[A-Za-z]*R|^--chr[a-z-]*(?:=|$)/, folder: /^-[A-Za-z]*[Di]|^--(?:chd|lo)[a-z-]*(?:=|$)/ },
  su: { folder: /^-$|^-[A-Za-z]*l|^--l[a-z-]*$/ },
  runuser: { folder: /^-$|^-[A-Za-z]*l|^--l[a-z-]*$/ },
  unshare: { root: /^-[A-Za-z]*R|^--ro[a-z-]*(?:=|$)/, folder: /^-[A-Za-z]*w|^--w[a-z-]*(?:=|$)/ },
  nsenter: { root: /^-[A-Za-z]*r|^--ro[a-z-]*(?:=|$)/, folder: /^-[A-Za-z]*w|^--w[a-z-]*(?:=|$)/ },
  firejail: { folder: /^--private-cwd/ },
  "flatpak-spawn": { folder: /^--dir[a-z-]*(?:=|$)/ },
  chroot: { root: true },
  chrootuid: { root: true },
  schroot: { root: true },
  jexec: { root: true },
};

/** bwrap's options that take two words: those that put a file or folder at a path (`--ro-bind src dest`, `--symlink target path`) and the rest. */
const BWRAP_PLACERS = /^--(?:bind|ro-bind|dev-bind)(?:-try)?$|^--symlink$|^--(?:file|bind-data|ro-bind-data)$/;
const BWRAP_PAIRS = /^--(?:setenv|bind-fd|ro-bind-fd|chmod|perms)$/;

/**
 * How bwrap's options move its command: "root" when they put something other than itself at a path
 * (`--ro-bind /x /y`, `--symlink`, an overlay, a file from a descriptor, an option not known), so
 * its paths lead elsewhere; "folder" for `--chdir`. Binding `/` on `/` changes nothing; mounting an
 * empty folder over one only hides what is there.
 */
function bwrapMoves(options: readonly ShellWord[]): "root" | "folder" | undefined {
  let folder = false;
  for (let index = 0; index < options.length; index++) {
    const option = options[index]?.value ?? "";
    if (!option.startsWith("--")) break;
    if (BWRAP_PLACERS.test(option)) {
      const from = options[index + 1];
      const to = options[index + 2];
      if (!/bind(?:-try)?$/.test(option) || from === undefined || to === undefined || !from.literal || from.value.replace(/\/+$/, "") !== to.value.replace(/\/+$/, "")) return "root";
      index += 2;
    } else if (BWRAP_PAIRS.test(option)) index += 2;
    else if (/^--(?:tmpfs|dir|dev|proc|mqueue|remount-ro|chdir|unsetenv|uid|gid|hostname|args|info-fd|json-status-fd|block-fd|userns|userns2|pidns|sync-fd|seccomp|add-seccomp-fd|exec-label|file-label|lock-file|cap-add|cap-drop|size)$/.test(option)) {
      folder ||= option === "--chdir";
      index += 1;
    } else if (!/^--(?:unshare-[a-z]+|share-net|die-with-parent|new-session|as-pid-1|clearenv|disable-userns|assert-userns-disabled|level-prefix)$/.test(option)) return "root";
  }
  return folder ? "folder" : undefined;
}

/** su's and runuser's own words: up to `--`, the values of its options that take one skipped (`-c 'wc -l x'`, `-u user`). */
function suOptions(words: readonly ShellWord[]): ShellWord[] {
  const own: ShellWord[] = [];
  for (let index = 0; index < words.length; index++) {
    const word = words[index] as ShellWord;
    if (word.value === "--") break;
    own.push(word);
    if (/^-[A-Za-z]*[cugGsw]$|^--(?:command|user|group|supp-group|shell|session-command|whitelist-environment)$/.test(word.value)) index++;
  }
  return own;
}

/** How a part's wrappers move its command (see elsewhereWrapper). */
export interface Elsewhere {
  /** The wrapper and option, for messages: `sudo -D`, `chroot`. */
  by: string;
  /** Under another root: absolute paths are not where they seem either. */
  root: boolean;
}

/**
 * The wrapper option by which a part's command runs in another folder (`sudo -D secrets cat key`,
 * `unshare --wd=x`) or under another root (`chroot /srv cat /key`), undefined when none does.
 * systemd-run moves it unless told to stay (`--scope`, `-d`, `--same-dir`). su's options are its
 * words up to the user (`su -c 'cmd' -l` logs in too).
 */
export function elsewhereWrapper(words: readonly ShellWord[]): Elsewhere | undefined {
  const starts = programStarts(words);
  for (const [index, start] of starts.entries()) {
    const name = baseName(words[start]?.value ?? "");
    const options = (name === "su" || name === "runuser" ? suOptions(words.slice(start + 1)) : words.slice(start + 1, starts[index + 1] ?? words.length)).filter((word) => word.value.startsWith("-"));
    if (name === "systemd-run") {
      // -d among flags that take nothing (`-Pd`), --same-dir or --scope keep it here, unless a folder is named.
      const stays = options.some((option) => option.value === "--scope" || /^-[PqGtrS]*d[PqGtrSd]*$/.test(option.value) || /^--sa[a-z-]*$/.test(option.value));
      const moved = options.find((option) => /^--wo[a-z-]*(?:=|$)/.test(option.value));
      if (moved !== undefined || !stays) return { by: `systemd-run${moved === undefined ? "" : ` ${moved.value}`}`, root: false };
      continue;
    }
    if (name === "bwrap") {
      const moves = bwrapMoves(words.slice(start + 1));
      if (moves !== undefined) return { by: moves === "root" ? "bwrap" : "bwrap --chdir", root: moves === "root" };
      continue;
    }
    const wrapper = ELSEWHERE_WRAPPERS[name];
    if (wrapper === undefined) continue;
    const { root, folder } = wrapper;
    if (root === true) return { by: name, root: true };
    const rooted = root === undefined ? undefined : options.find((word) => root.test(word.value));
    if (rooted !== undefined) return { by: `${name} ${rooted.value}`, root: true };
    const moved = folder === undefined ? undefined : options.find((word) => folder.test(word.value));
    if (moved !== undefined) return { by: `${name} ${moved.value}`, root: false };
  }
  return undefined;
}

/**
 * The option by which `sudo` runs its command through a shell (`-s`, `-i`, `--shell`, `--login`)
 * when a word after it has a `$`: sudo escapes the words for that shell but leaves `$` as it is,
 * so `sudo -s 'r$1m' x` runs what the shell makes of it. Undefined otherwise.
 */
export function sudoShellOption(words: readonly ShellWord[]): string | undefined {
  const at = programStarts(words).find((index) => words[index]?.literal === true && baseName(words[index]?.value ?? "") === "sudo");
  if (at === undefined) return undefined;
  const rest = words.slice(at + 1);
  const option = rest.find((word) => /^-[A-Za-z]*[si]/.test(word.value) && !word.value.startsWith("--") || word.value === "--shell" || word.value === "--login");
  return option !== undefined && rest.some((word) => word.value.includes("$")) ? option.value : undefined;
}

/**
 * How many leading words a wrapper takes when the deny side can read them exactly (`setsid -w`,
 * env's and sudo's too). Only programs that run the next word as a program: not `command`, which
 * may run a builtin that runs code (`command eval 'rm x'`). (bash's `time` keyword never gets
 * here: the analysis parses what follows it as a pipeline; a `time` here is the program.)
 */
function exactWrapperLength(words: readonly ShellWord[]): number | undefined {
  switch (words[0]?.value) {
    case "env":
      return envLength(words);
    case "sudo":
      return sudoLength(words);
    case "setsid": {
      let index = 1;
      while (/^(?:-[cfw]+|--ctty|--fork|--wait)$/.test(words[index]?.value ?? "")) index++;
      return index;
    }
    case "command":
      return undefined;
    default:
      return wrapperLength(words);
  }
}

/**
 * Where each program starts past the wrappers whose own words are read exactly, repeatedly
 * (`nice -n 5 timeout 5 git rm x`: timeout at 3, git at 5), when each word they take is plain
 * (literal, no glob) and the last start is a literal word that is not an option; otherwise none,
 * and the deny side tries every later word. The last start may be a glob (`nice r* x`): the
 * analysis asks about a program named by one.
 */
export function exactProgramStarts(words: readonly ShellWord[]): number[] {
  const { starts, at } = exactWrappers(words);
  const program = words[at];
  if (starts.length > 0 && (program === undefined || !program.literal || program.value.startsWith("-"))) return [];
  return starts;
}

/**
 * The program a wrapper runs, when it is only known when the command runs: past the wrappers read
 * exactly (`sudo "$X" -rf /`), or right after a wrapper read loosely (`command "$X" -rf /`,
 * `xargs "$X" -rf`; not past its options, whose values it may take: `xargs -n "$N" rm`).
 */
export function dynamicProgramPastWrappers(words: readonly ShellWord[]): ShellWord | undefined {
  const { starts, at } = exactWrappers(words);
  const program = words[at];
  if (program === undefined) return undefined;
  if (starts.length > 0 && !program.literal) return program;
  const rest = words.slice(at);
  const start = program.literal ? wrappedStart(rest) : undefined;
  const next = start === undefined ? undefined : rest[start];
  return next !== undefined && !next.literal ? next : undefined;
}

function exactWrappers(words: readonly ShellWord[]): { starts: number[]; at: number } {
  const starts: number[] = [];
  let at = 0;
  for (let depth = 0; depth < 8; depth++) {
    const rest = words.slice(at);
    if (rest[0] === undefined || !rest[0].literal || rest[0].glob) break;
    // A wrapper named by its path (`/usr/bin/timeout 5 "$X"`) reads its words as it does by name.
    const length = exactWrapperLength([{ ...rest[0], value: gnuProgramName(baseName(rest[0].value)) }, ...rest.slice(1)]);
    if (length === undefined || length >= rest.length) break;
    if (rest.slice(0, length).some((word) => !word.literal || word.glob)) return { starts: [], at: 0 };
    at += length;
    starts.push(at);
  }
  return { starts, at };
}

/** The words an allow rule is matched against, and whether a bare `xargs` was stripped. */
export interface AllowForm {
  words: ShellWord[];
  /** The command's arguments come partly from standard input (`xargs`), so its paths are unknown. */
  viaXargs: boolean;
  /** A `VAR=value` outside the harmless list: no allow rule may match past it. */
  unsafeAssignment?: string;
}

/** `words` past the wrappers whose length is known exactly (`timeout 5`, `nice -n 5`, `nohup`), repeatedly. */
export function pastExactWrappers(words: readonly ShellWord[]): { words: ShellWord[]; viaXargs: boolean } {
  let rest = [...words];
  let viaXargs = false;
  for (let depth = 0; depth < 8; depth++) {
    if (rest[0] === undefined || !rest[0].literal) break;
    const length = wrapperLength(rest);
    if (length === undefined || length >= rest.length) break;
    if (rest[0].value === "xargs") viaXargs = true;
    rest = rest.slice(length);
  }
  return { words: rest, viaXargs };
}

/** Strips harmless variables and the allowed wrappers (with simple options), repeatedly. */
export function allowForm(part: ShellCommandPart): AllowForm {
  const unsafe = part.assignments.find((assignment) => !HARMLESS_VARIABLES.has(assignment.name) || !assignment.value.literal);
  const { words, viaXargs } = pastExactWrappers(part.words);
  return { words, viaXargs, unsafeAssignment: unsafe?.name };
}
