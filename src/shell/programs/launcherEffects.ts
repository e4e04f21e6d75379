/**
 * Programs that run a command they are handed, as shell text or as words: benchmarkers
 * (`hyperfine`), watchers (`entr`, `nodemon --exec`, `watchexec`), job runners (`sem`,
 * `concurrently`, `pee`, `mispipe`), environment loaders (`dotenv`, `env-cmd`, `direnv exec`,
 * `nix-shell --run`, `nix develop -c`), `sg`, `capsh`, `fd -x` and `sort --compress-program`. What they run
 * is analyzed and judged like any other command; what they load from files the analysis does not
 * read is unknown code.
 */
import { TERMINAL_EMULATORS } from "../commandForms.ts";
import { literalWord, noEffects, type ProgramEffects } from "./effects.ts";
import { expandLong, hasOption, readOptions, valuesOf } from "./readOptions.ts";
import { matchesEveryEntry } from "../globNames.ts";
import type { FilledIn, ShellCommandPart, ShellWord } from "../types.ts";

/** Shell text the program runs: analyzed when known, a problem when only known when it runs. */
function runText(effects: ProgramEffects, word: ShellWord | undefined, via: string): void {
  if (word === undefined || word.value.trim() === "") return;
  if (!word.literal) effects.problems.push(`${via} runs a command only known when it runs`);
  else effects.runs.push({ text: word.value, via });
}

/** Words the program runs as a command of their own (the first is the program). */
function runWords(effects: ProgramEffects, words: readonly ShellWord[], via: string): void {
  if (words.length > 0) effects.runs.push({ words: [...words], via });
}

/** Words the program joins with spaces and hands to a shell. */
function runJoined(effects: ProgramEffects, words: readonly ShellWord[], via: string): void {
  if (words.length === 0) return;
  if (words.some((word) => !word.literal)) effects.problems.push(`${via} runs a command only known when it runs`);
  else effects.runs.push({ text: words.map((word) => word.value).join(" "), via });
}

/** How many values each of hyperfine's options takes. */
const HYPERFINE_LONG: Readonly<Record<string, number>> = {
  warmup: 1, "min-runs": 1, "max-runs": 1, runs: 1, setup: 1, prepare: 1, conclude: 1, cleanup: 1, "parameter-scan": 3,
  "parameter-step-size": 1, "parameter-list": 2, shell: 1, style: 1, sort: 1, "time-unit": 1, "export-asciidoc": 1, "export-csv": 1,
  "export-json": 1, "export-markdown": 1, "export-orgmode": 1, "command-name": 1, output: 1, input: 1, reference: 1, "reference-name": 1,
};
const HYPERFINE_SHORT: Readonly<Record<string, string>> = {
  w: "warmup", m: "min-runs", M: "max-runs", r: "runs", s: "setup", p: "prepare", c: "cleanup", S: "shell", u: "time-unit",
  n: "command-name", L: "parameter-list", P: "parameter-scan", D: "parameter-step-size",
};
const HYPERFINE_COMMANDS = new Set(["setup", "prepare", "conclude", "cleanup", "reference"]);
const PLAIN_SHELLS = /^(?:none|sh|bash|dash|zsh|ksh|\/bin\/sh|\/bin\/bash|\/usr\/bin\/bash|\/usr\/bin\/zsh)$/;

/** hyperfine: every command it times, and its setup, prepare, conclude, cleanup and reference commands, run through a shell. */
export function hyperfineEffects(words: readonly ShellWord[]): ProgramEffects {
  const effects = noEffects();
  const values: { name: string; words: ShellWord[] }[] = [];
  const commands: ShellWord[] = [];
  const take = (name: string, index: number, glued?: ShellWord): number => {
    const count = HYPERFINE_LONG[name] ?? 0;
    const taken = glued === undefined ? words.slice(index + 1, index + 1 + count) : [glued, ...words.slice(index + 1, index + count)];
    values.push({ name, words: taken });
    return index + count - (glued === undefined ? 0 : 1);
  };
  for (let index = 1; index < words.length; index++) {
    const word = words[index] as ShellWord;
    const text = word.value;
    if (text === "--") {
      commands.push(...words.slice(index + 1));
      break;
    }
    if (text.startsWith("--")) {
      const equals = text.indexOf("=");
      const name = expandLong(equals === -1 ? text.slice(2) : text.slice(2, equals), Object.keys(HYPERFINE_LONG));
      if (name !== undefined) index = take(name, index, equals === -1 ? undefined : literalWord(text.slice(equals + 1), word));
      continue;
    }
    if (text.startsWith("-") && text.length > 1) {
      for (let at = 1; at < text.length; at++) {
        const name = HYPERFINE_SHORT[text[at] as string];
        if (name === undefined) continue;
        const rest = text.slice(at + 1);
        index = take(name, index, rest === "" ? undefined : literalWord(rest, word));
        break;
      }
      continue;
    }
    commands.push(word);
  }
  for (const { name, words: given } of values) {
    if (HYPERFINE_COMMANDS.has(name)) runText(effects, given[0], `hyperfine --${name}`);
    else if (name.startsWith("export-") && given[0] !== undefined) effects.touches.push({ word: given[0], access: "write" });
    else if (name === "input" && given[0] !== undefined) effects.touches.push({ word: given[0], access: "read" });
    else if (name === "output" && given[0] !== undefined && !/^(?:null|pipe|inherit)$/.test(given[0].value)) effects.touches.push({ word: given[0], access: "write" });
    else if (name === "shell" && given[0] !== undefined && !PLAIN_SHELLS.test(given[0].value)) {
      effects.unknown.push(`hyperfine --shell ${given[0].value} hands its commands to a program the analysis does not follow`);
      runText(effects, given[0], "hyperfine --shell");
    }
    if (name === "parameter-list" || name === "parameter-scan") effects.unknown.push("hyperfine fills its commands in with parameter values when it runs");
  }
  for (const command of commands) runText(effects, command, "hyperfine");
  return effects;
}

/** entr: runs its words when a file changes (`-s`: its first word through a shell). */
export function entrEffects(words: readonly ShellWord[]): ProgramEffects {
  const effects = noEffects();
  const read = readOptions(words.slice(1), { stopAtPositional: true });
  if (hasOption(read, "s")) runText(effects, read.positionals[0], "entr -s");
  else runWords(effects, read.positionals, "entr");
  return effects;
}

/** nodemon: `--exec` text through a shell; otherwise node runs the script it is given. */
export function nodemonEffects(words: readonly ShellWord[]): ProgramEffects {
  const effects = noEffects();
  // nodemon reads options after the script too (`nodemon app.js --exec cmd`), up to a `--`.
  const read = readOptions(words.slice(1), { valueShort: "xweidsP", valueLong: ["exec", "watch", "ext", "ignore", "delay", "signal", "config", "cwd", "polling-interval"] });
  for (const text of valuesOf(read, "x", ["exec"])) runText(effects, text, "nodemon --exec");
  if (valuesOf(read, undefined, ["cwd"]).length > 0) effects.unknown.push("nodemon --cwd runs the command in another folder");
  return effects;
}

/** watchexec: the words after `--`, or its command given as one text, through a shell. */
export function watchexecEffects(words: readonly ShellWord[]): ProgramEffects {
  const effects = noEffects();
  const read = readOptions(words.slice(1), {
    valueShort: "ewifdsEpo",
    valueLong: ["exts", "watch", "ignore", "filter", "debounce", "signal", "shell", "env", "delay-run", "workdir", "project-origin", "stop-signal",
      "stop-timeout", "on-busy-update", "emit-events-to", "filter-file", "ignore-file", "filter-prog", "poll", "color", "wrap-process", "log-file"],
  });
  if (read.positionals.length === 1) runText(effects, read.positionals[0], "watchexec");
  else runWords(effects, read.positionals, "watchexec");
  if (valuesOf(read, undefined, ["workdir"]).length > 0) effects.unknown.push("watchexec --workdir runs the command in another folder");
  if (valuesOf(read, undefined, ["filter-prog"]).length > 0) effects.unknown.push("watchexec --filter-prog runs a filter program of its own");
  return effects;
}

/** sem (GNU parallel as a semaphore): its command words, joined and run through a shell. */
export function semEffects(words: readonly ShellWord[]): ProgramEffects {
  const effects = noEffects();
  const read = readOptions(words.slice(1), { valueShort: "jP", valueLong: ["id", "jobs", "semaphoretimeout", "st", "semaphorename", "max-procs"], stopAtPositional: true });
  runJoined(effects, read.positionals, "sem");
  return effects;
}

const CONCURRENTLY_VALUES = ["names", "name-separator", "prefix-colors", "prefix", "prefix-length", "timestamp-format", "success", "restart-tries",
  "restart-after", "max-processes", "default-input-target", "kill-signal", "hide", "group", "teardown"];

/** concurrently: each of its arguments is a command run through a shell (`npm:x` is `npm run x`). */
export function concurrentlyEffects(words: readonly ShellWord[]): ProgramEffects {
  const effects = noEffects();
  const read = readOptions(words.slice(1), { valueShort: "ncplts", valueLong: CONCURRENTLY_VALUES });
  for (const teardown of valuesOf(read, undefined, ["teardown"])) runText(effects, teardown, "concurrently --teardown");
  for (const command of read.positionals) {
    const shortcut = /^(npm|yarn|pnpm|bun|node):(.+)$/s.exec(command.value);
    runText(effects, shortcut === null ? command : literalWord(`${shortcut[1]} run ${shortcut[2]}`, command), "concurrently");
  }
  return effects;
}

/** pee: each argument is a command that gets a copy of its input. mispipe: its two arguments. */
export function textArgumentsEffects(words: readonly ShellWord[]): ProgramEffects {
  const effects = noEffects();
  const name = words[0]?.value ?? "";
  for (const word of words.slice(1)) if (!word.value.startsWith("-")) runText(effects, word, name);
  return effects;
}

/** sg group [-c] command: the command through a shell, as that group. */
export function sgEffects(words: readonly ShellWord[]): ProgramEffects {
  const effects = noEffects();
  // `sg - group ...`: the `-` asks for a login environment before the group.
  const rest = words.slice(words[1]?.value === "-" ? 3 : 2);
  if (rest[0]?.value === "-c") runText(effects, rest[1], "sg -c");
  else runJoined(effects, rest, "sg");
  return effects;
}

/**
 * capsh (libcap): past its options, `--` runs bash, or the program `--shell=` names, with the words
 * after it (`capsh -- -c 'rm x'`), and `==` runs capsh itself again with them.
 */
export function capshEffects(words: readonly ShellWord[]): ProgramEffects {
  const effects = noEffects();
  let shell = "/bin/bash";
  for (let index = 1; index < words.length; index++) {
    const word = words[index] as ShellWord;
    if (!word.literal) {
      effects.problems.push("capsh is given an option only known when it runs");
      return effects;
    }
    if (word.value === "--" || word.value === "==") {
      runWords(effects, [literalWord(word.value === "--" ? shell : "capsh", word), ...words.slice(index + 1)], `capsh ${word.value}`);
      return effects;
    }
    if (word.value.startsWith("--shell=")) shell = word.value.slice("--shell=".length);
    else if (word.value.startsWith("--chroot=")) effects.problems.push("capsh --chroot runs what follows inside another root folder");
  }
  return effects;
}

/** sops exec-env FILE 'command' and sops exec-file FILE 'command': the command through a shell, with the file's secrets. */
export function sopsEffects(words: readonly ShellWord[]): ProgramEffects {
  const effects = noEffects();
  const at = words.findIndex((word) => word.value === "exec-env" || word.value === "exec-file");
  if (at === -1) return effects;
  const read = readOptions(words.slice(at + 1), { valueLong: ["filename", "input-type", "output-type", "user", "group"] });
  runText(effects, read.positionals[1], `sops ${words[at]?.value}`);
  return effects;
}

/** Terminal emulators whose -e takes the whole command as one string, run through a shell. */
const STRING_COMMAND_TERMINALS = new Set(["gnome-terminal", "tilix", "xfce4-terminal", "mate-terminal", "lxterminal", "terminator", "sakura", "terminology", "qterminal", "guake", "tilda", "blackbox-terminal", "deepin-terminal"]);
/** Where terminal emulators are told what to run. */
const TERMINAL_COMMAND_OPTIONS = new Set(["-e", "-x", "-c", "--command", "--execute", "--"]);

/**
 * A terminal emulator: the words after its -e, -x, --command or -- are the command it runs (as
 * words, which the wrapper reading follows), or one string a shell runs (gnome-terminal -e,
 * tilix -e, and any terminal given a single word with blanks: `xterm -e 'rm -rf x'`).
 */
export function terminalEffects(words: readonly ShellWord[]): ProgramEffects {
  const effects = noEffects();
  const name = words[0]?.value ?? "";
  words.forEach((word, index) => {
    const [option = "", glued] = word.value.split(/=(.*)/s);
    if (!TERMINAL_COMMAND_OPTIONS.has(option)) return;
    const rest = glued !== undefined ? [literalWord(glued, word)] : words.slice(index + 1);
    const text = rest.length === 1 && (STRING_COMMAND_TERMINALS.has(name) && option !== "-x" && option !== "--" || /\s/.test(rest[0]?.value ?? ""));
    if (text) runText(effects, rest[0], `${name} ${option}`);
  });
  return effects;
}

/** mosh: its --ssh command runs here, to reach the server. */
export function moshEffects(words: readonly ShellWord[]): ProgramEffects {
  const effects = noEffects();
  words.forEach((word, index) => {
    if (word.value === "--ssh") runText(effects, words[index + 1], "mosh --ssh");
    else if (word.value.startsWith("--ssh=")) runText(effects, literalWord(word.value.slice("--ssh=".length), word), "mosh --ssh");
  });
  return effects;
}

/** cmake's command-line tools that run a command: `-E env [NAME=VALUE]... cmd`, `-E chdir DIR cmd`, `-E time cmd`. */
export function cmakeEffects(words: readonly ShellWord[]): ProgramEffects {
  const effects = noEffects();
  if (words[1]?.value !== "-E") return effects;
  const rest = words.slice(3);
  switch (words[2]?.value) {
    case "env": {
      let at = 0;
      while (at < rest.length && (/^--(?:unset=|modify=|modify$|$)/.test(rest[at]?.value ?? "") || /^[A-Za-z_][A-Za-z0-9_]*=/.test(rest[at]?.value ?? ""))) {
        const option = rest[at++]?.value;
        if (option === "--") break;
        // --modify may take its operation as the next word.
        if (option === "--modify") at++;
      }
      runWords(effects, rest.slice(at), "cmake -E env");
      break;
    }
    case "chdir":
      if (rest.length > 1) effects.runs.push({ words: rest.slice(1), via: "cmake -E chdir", elsewhere: "cmake -E chdir runs it in another folder" });
      break;
    case "time":
      runWords(effects, rest, "cmake -E time");
      break;
  }
  return effects;
}

/**
 * Launchers given shell text to run: `npx -c 'cmd'` / `--call`, `npm exec -c`, `pnpm exec
 * --shell-mode` (and `pnpm -c exec 'cmd'`), `doppler run --command`, `infisical run --command`.
 */
export function launcherTextEffects(words: readonly ShellWord[]): ProgramEffects {
  const effects = noEffects();
  const name = words[0]?.value ?? "";
  const options = name === "doppler" || name === "infisical" ? ["--command"] : ["-c", "--call", "--shell-mode"];
  // npm and pnpm take shell text only for exec (`npm exec -c`, `pnpm -c exec`), and nothing after a `--`.
  const dashes = words.findIndex((word) => word.value === "--");
  const upTo = dashes === -1 ? words.length : dashes;
  if ((name === "npm" || name === "pnpm") && !words.slice(1, upTo).some((word) => word.value === "exec" || (name === "npm" && word.value === "x"))) return effects;
  words.slice(0, upTo).forEach((word, index) => {
    const [option = "", joined] = word.value.split(/=(.*)/s);
    if (!options.includes(option)) return;
    if (joined !== undefined) return runText(effects, literalWord(joined, word), `${name} ${option}`);
    // pnpm -c exec 'cmd': the shell text is the word after exec.
    const next = words[index + 1];
    runText(effects, next?.value === "exec" ? words[index + 2] : next, `${name} ${option}`);
  });
  return effects;
}

/** dotenv and env-cmd: a command with variables from a file (`.env` unless another is named). */
export function dotenvEffects(words: readonly ShellWord[]): ProgramEffects {
  const effects = noEffects();
  const read = readOptions(words.slice(1), { valueShort: "efvc", valueLong: ["file", "environments", "rc-file"], stopAtPositional: true });
  const files = [...valuesOf(read, "e"), ...valuesOf(read, "f", ["file"]), ...valuesOf(read, undefined, ["rc-file"])];
  for (const file of files.length > 0 ? files : [literalWord(".env")]) effects.touches.push({ word: file, access: "read" });
  effects.unknown.push(`${words[0]?.value ?? "dotenv"} sets variables from a file the analysis does not read`);
  runWords(effects, read.positionals, words[0]?.value ?? "dotenv");
  return effects;
}

/** direnv exec DIR command: the command with the variables the folder's `.envrc` (bash code) sets. */
export function direnvEffects(words: readonly ShellWord[]): ProgramEffects {
  const effects = noEffects();
  if (words[1]?.value !== "exec") return effects;
  effects.unknown.push("direnv exec runs the .envrc of the folder it is given, code the analysis does not read");
  runWords(effects, words.slice(3), "direnv exec");
  return effects;
}

/** nix-shell `--run` / `--command` text; `nix develop|shell ... -c command`. Both load a shell environment from the project's nix files. */
export function nixEffects(words: readonly ShellWord[]): ProgramEffects {
  const effects = noEffects();
  const name = words[0]?.value ?? "nix";
  if (name === "nix-shell") {
    const read = readOptions(words.slice(1), { valueShort: "pIAE", valueLong: ["run", "command", "packages", "attr", "expr", "arg", "argstr", "include", "option"] });
    for (const text of valuesOf(read, undefined, ["run", "command"])) runText(effects, text, `nix-shell --run`);
    return effects;
  }
  const at = words.findIndex((word, index) => index > 0 && (word.value === "-c" || word.value === "--command"));
  if (at !== -1) runWords(effects, words.slice(at + 1), `nix ${words[1]?.value ?? ""} -c`);
  return effects;
}

/** fd's short options that take a value: a cluster ends at one of them (`-e x` is an extension, `-Hx` runs x). */
const FD_VALUE_SHORT = "edtEcjSo";
/** fd fills these in with the path found: `{}`, `{/}`, `{//}`, `{.}`, `{/.}`. */
const FD_PLACEHOLDER = /\{(?:\/|\/\/|\.|\/\.)?\}/;

/** Where fd's `-x` / `-X` command starts in `text` (one of its words), or undefined: `-x`, `-Hx`, `-xrm`, `--exec=rm`. */
function fdExec(text: string): { glued: string; batch: boolean } | undefined {
  const long = /^--(exec|exec-batch)(?:=(.*))?$/s.exec(text);
  if (long !== null) return { glued: long[2] ?? "", batch: long[1] === "exec-batch" };
  if (!/^-[^-]/.test(text)) return undefined;
  for (let at = 1; at < text.length; at++) {
    const letter = text[at] as string;
    if (letter === "x" || letter === "X") return { glued: text.slice(at + 1).replace(/^=/, ""), batch: letter === "X" };
    if (FD_VALUE_SHORT.includes(letter)) return undefined;
  }
  return undefined;
}

/** fd: `-x` / `--exec` runs a command for each file found, `-X` / `--exec-batch` once for them all, up to a `;`. */
/** What fd's -x gets: files under its folders (after the pattern), with the extensions -e names, not hidden or ignored unless told. */
export function fdSource(words: readonly ShellWord[]): FilledIn["from"] {
  // fd's own words end where its first -x / -X command begins.
  const execAt = words.findIndex((word, index) => index > 0 && fdExec(word.value) !== undefined);
  const read = readOptions(words.slice(1, execAt === -1 ? undefined : execAt), { valueShort: FD_VALUE_SHORT, valueLong: ["extension", "type", "max-depth", "min-depth", "exclude", "color", "threads", "size", "owner", "changed-within", "changed-before", "search-path", "base-directory", "path-separator", "ignore-file", "max-results", "exec", "exec-batch", "batch-size"] });
  const flags = read.options.map((option) => option.name);
  // Another base folder, or ignore files of its own choosing, and where its names lie is not followed
  // here; nor which names a glob picks, unless it is wildcards alone (`fd -g '*'`), which picks all.
  const pattern = read.positionals[0]?.value;
  const glob = flags.includes("glob") || flags.includes("g");
  if (glob && pattern !== undefined && !matchesEveryEntry(pattern)) return undefined;
  if (flags.some((flag) => flag === "base-directory" || flag === "ignore-file" || flag === "full-path" || flag === "p")) return undefined;
  const folders = [...read.positionals.slice(1), ...valuesOf(read, undefined, ["search-path"])];
  // fd's extensions match in any case (`-e ts` finds x.TS).
  const extensions = valuesOf(read, "e", ["extension"]).map((word) => `*.${[...word.value.replace(/^\./, "")].map((letter) => (/[A-Za-z]/.test(letter) ? `[${letter.toLowerCase()}${letter.toUpperCase()}]` : letter)).join("")}`);
  const unrestricted = flags.includes("u") || flags.includes("unrestricted");
  // A pattern that matches every name, and no test of size, owner, time or extension (a depth keeps all at its level, as find's -maxdepth): everything under its folders.
  const selectsAll = (glob || pattern === undefined || pattern === "" || pattern === "." || pattern === "^" || pattern === ".*") && extensions.length === 0 &&
    !flags.some((flag) => ["S", "size", "owner", "o", "changed-within", "changed-before", "newer", "older", "exclude", "E"].includes(flag));
  // fd reads .gitignore and .ignore (not ripgrep's .rgignore): only git's own ignore files are taken to hold.
  return {
    folders: folders.length > 0 ? folders : [literalWord(".")],
    ...(extensions.length > 0 && extensions.every((name) => !/[*?\\]/.test(name.slice(2))) ? { names: extensions } : {}),
    spares: { hidden: !unrestricted && !flags.includes("H") && !flags.includes("hidden"), gitIgnored: !unrestricted && !flags.includes("I") && !flags.some((flag) => flag.startsWith("no-ignore")) },
    ...(selectsAll ? { selectsAll: true as const } : {}),
  };
}

export function fdEffects(words: readonly ShellWord[]): ProgramEffects {
  const effects = noEffects();
  const source = fdSource(words);
  for (let index = 1; index < words.length; index++) {
    const word = words[index] as ShellWord;
    if (word.value === "--") break;
    const exec = fdExec(word.value);
    if (exec === undefined) continue;
    const end = words.findIndex((each, at) => at > index && each.value === ";");
    const inner = [...(exec.glued === "" ? [] : [literalWord(exec.glued, word)]), ...words.slice(index + 1, end === -1 ? undefined : end)];
    // fd hands the path to the command: in place of its placeholders, or after its words.
    if (inner.length > 0) effects.runs.push({ words: inner, via: `fd ${exec.batch ? "-X" : "-x"}`, filledIn: { placeholder: FD_PLACEHOLDER, appended: !inner.some((each) => FD_PLACEHOLDER.test(each.value)), by: "fd", ...(source === undefined ? {} : { from: source }) } });
    if (end === -1) break;
    index = end;
  }
  return effects;
}

/** sort --compress-program=PROG: sort runs PROG to pack and unpack its temporary files. */
export function sortCompressEffects(words: readonly ShellWord[]): ProgramEffects {
  const effects = noEffects();
  const read = readOptions(words.slice(1), { valueShort: "oktST", valueLong: ["output", "key", "field-separator", "buffer-size", "temporary-directory", "compress-program", "files0-from", "parallel", "batch-size", "random-source", "sort"] });
  for (const program of valuesOf(read, undefined, ["compress-program"])) {
    if (!program.literal) effects.problems.push("sort --compress-program runs a program only known when it runs");
    else runWords(effects, [program], "sort --compress-program");
  }
  return effects;
}

/** The catalogue's readers for the programs above, by name. */
export const LAUNCHERS: Readonly<Record<string, (words: readonly ShellWord[], part: ShellCommandPart) => ProgramEffects>> = {
  hyperfine: hyperfineEffects,
  entr: entrEffects,
  nodemon: nodemonEffects,
  watchexec: watchexecEffects,
  sem: semEffects,
  concurrently: concurrentlyEffects,
  pee: textArgumentsEffects,
  mispipe: textArgumentsEffects,
  sg: sgEffects,
  capsh: capshEffects,
  sops: sopsEffects,
  cmake: cmakeEffects,
  ...Object.fromEntries(["npx", "npm", "pnpm", "doppler", "infisical"].map((name) => [name, launcherTextEffects])),
  mosh: moshEffects,
  ...Object.fromEntries([...TERMINAL_EMULATORS, ...STRING_COMMAND_TERMINALS].map((name) => [name, terminalEffects])),
  dotenv: dotenvEffects,
  "env-cmd": dotenvEffects,
  direnv: direnvEffects,
  "nix-shell": nixEffects,
  nix: nixEffects,
  fd: fdEffects,
  fdfind: fdEffects,
};
