/**
 * The shell itself and its builtins that run or redefine commands: `bash -c` strings and scripts
 * read from standard input (a here-document piped into `sh`), `eval`, `source` / `.`, `trap`,
 * `coproc`; `hash -p`, `alias` and `enable` (a later name runs something else); `shopt` and
 * `set -o` options that change how later words are read; and builtins that evaluate array
 * subscripts as arithmetic (`printf -v 'a[$(cmd)]'`, `read`, `let`, `declare`, `unset`, `test -v`).
 */
import { noEffects, type ProgramEffects } from "./effects.ts";
import { variableEffects } from "./variableEffects.ts";
import type { ShellCommandPart, ShellWord } from "../types.ts";

/** Programs that are a shell: given `-c text` they run it, given nothing they run their input. */
export const SHELLS: ReadonlySet<string> = new Set(["sh", "bash", "zsh", "dash", "ksh", "mksh", "ash", "fish", "busybox", "rbash", "yash", "posh", "tcsh", "csh",
  "ksh93", "oksh", "loksh", "lksh", "pdksh", "zsh5", "osh", "brush", "bash5"]);

/** Shells whose `-c` script has the words after it as `$0`, `$1`, ... (csh's first is `$1`; zsh's can be set as argv). */
const POSITIONAL_SHELLS: ReadonlySet<string> = new Set(["sh", "bash", "dash", "ash", "ksh", "mksh", "yash", "posh", "rbash"]);

/**
 * Whether a `-c` script's positional parameters are the words after it when it starts: a shell that
 * numbers them so, not an interactive or login one (its startup files may `set --`), and no
 * BASH_ENV or ENV in the environment it inherits.
 */
function followsPositional(shell: string, options: readonly ShellWord[]): boolean {
  if (!POSITIONAL_SHELLS.has(shell.slice(shell.lastIndexOf("/") + 1))) return false;
  if ((process.env.BASH_ENV ?? "") !== "" || (process.env.ENV ?? "") !== "") return false;
  return options.every((option) => option.literal && !/^[-+][A-Za-z]*[il]|^--(?:login|rcfile|init-file|interactive)/.test(option.value));
}

/** A shell call: `-c` text, a script file (unknown), or its input. */
export function shellEffects(words: readonly ShellWord[], part: ShellCommandPart): ProgramEffects {
  const effects = noEffects();
  const shell = words[0]?.value ?? "sh";
  let readsInput = false;
  for (let index = 1; index < words.length; index++) {
    const word = words[index] as ShellWord;
    if (word.value === "--" || (!word.value.startsWith("-") && !word.value.startsWith("+"))) {
      effects.problems.push(`${shell} runs the script ${word.value}, which toolshed cannot see`);
      return effects;
    }
    if (/^-[A-Za-z]*c[A-Za-z]*$/.test(word.value)) {
      // The script is the first word that is not an option, nor the value of one (`bash -c -o noglob 'script'`).
      let at = -1;
      for (let position = index + 1; position < words.length; position++) {
        const candidate = (words[position] as ShellWord).value;
        if (/^[-+][oO]$/.test(candidate)) position++;
        else if (!/^[-+]/.test(candidate)) {
          at = position;
          break;
        }
      }
      const script = at === -1 ? undefined : words[at];
      if (script === undefined) effects.problems.push(`${shell} -c is given no command`);
      else if (!script.literal) effects.problems.push(`${shell} -c runs a command only known when it runs`);
      else effects.runs.push({ text: script.value, via: `${shell} -c`, ...(at + 1 < words.length && followsPositional(shell, words.slice(1, at)) ? { positional: words.slice(at + 1) } : {}) });
      return effects;
    }
    if (/^-[A-Za-z]*s/.test(word.value)) readsInput = true;
    // -o option / +o option take a word; -O shopt / +O too.
    if (/^[-+][oO]$/.test(word.value)) index++;
  }
  void readsInput;
  if (part.stdin?.text !== undefined) effects.runs.push({ text: part.stdin.text, via: `${shell} reading ${part.stdin.from}` });
  else effects.problems.push(`${shell} runs commands from ${part.stdin?.from ?? "its input"}, which toolshed cannot see`);
  return effects;
}

/** `eval words...`: the words joined are parsed again. */
export function evalEffects(words: readonly ShellWord[]): ProgramEffects {
  const effects = noEffects();
  const script = words.slice(1);
  if (script.every((word) => word.literal)) effects.runs.push({ text: script.map((word) => word.value).join(" "), via: "eval" });
  else effects.problems.push("eval runs text only known when it runs");
  return effects;
}

/** `trap 'cmd' SIGNAL` runs `cmd` later, in this shell. */
export function trapEffects(words: readonly ShellWord[]): ProgramEffects {
  const effects = noEffects();
  // Options are -l and -p only; after `--` (or the first other word) comes the action, which a lone `-` resets.
  let at = 1;
  while (at < words.length && (words[at]?.value === "-l" || words[at]?.value === "-p" || words[at]?.value === "-lp" || words[at]?.value === "-pl")) at++;
  if (words[at]?.value === "--") at++;
  const action = words[at];
  if (action === undefined || at + 1 >= words.length || action.value === "-") return effects;
  if (!action.literal) effects.problems.push("trap is given a command only known when it runs");
  else effects.runs.push({ text: action.value, via: "trap" });
  return effects;
}

/** Builtins that change what a later command name runs, or how later words are read. */
export function redefiningEffects(words: readonly ShellWord[]): ProgramEffects {
  const effects = noEffects();
  const name = words[0]?.value ?? "";
  const args = words.slice(1);
  if (name === "hash") {
    const at = args.findIndex((word) => /^-[a-z]*p/.test(word.value));
    if (at !== -1) {
      // `-p path` or `-ppath` (bash takes the rest of the word as the path).
      const glued = (args[at] as ShellWord).value.replace(/^-[a-z]*?p/, "");
      const program = glued !== "" ? { ...(args[at] as ShellWord), value: glued } : args[at + 1];
      if (program !== undefined) effects.runs.push({ words: [program], via: "hash -p" });
      effects.problems.push(`hash -p makes ${args.slice(at + 2).map((word) => word.value).join(" ") || "a name"} run ${program?.value ?? "another program"}`);
    }
  } else if (name === "alias") {
    for (const word of args) {
      const equals = word.value.indexOf("=");
      if (equals <= 0) continue;
      effects.problems.push(`alias makes ${word.value.slice(0, equals)} run something else in later lines`);
      if (word.literal) effects.runs.push({ text: word.value.slice(equals + 1), via: "alias" });
    }
  } else if (name === "enable") {
    if (args.some((word) => /^-[a-z]*[fn]/.test(word.value)) || args.length > 0) effects.problems.push("enable adds or removes shell builtins, so later names may run something else");
  } else if (name === "shopt") {
    if (args.some((word) => /^-[a-z]*s/.test(word.value))) effects.problems.push(`shopt ${args.map((word) => word.value).join(" ")} changes how bash reads later lines`);
  } else if (name === "set") {
    if (args.some((word) => /^[-+]o$/.test(word.value) || /^-[a-zA-Z]*[kT]/.test(word.value))) effects.problems.push(`set ${args.map((word) => word.value).join(" ")} changes how bash runs later commands`);
  } else if (name === "source" || name === ".") {
    effects.problems.push(`${name} runs a script toolshed cannot see`);
  } else if (name === "coproc") {
    effects.problems.push("coproc runs a command the parser does not read reliably");
  }
  return effects;
}

/**
 * Builtins whose arguments name variables: a name with a subscript (`a[$(rm x)]`) is evaluated as
 * arithmetic, which runs the commands inside it. Those commands are judged, and the part is asked.
 */
const NAMED_VARIABLE_BUILTINS: Readonly<Record<string, (words: readonly ShellWord[]) => ShellWord[]>> = {
  printf: (words) => {
    const at = words.findIndex((word) => word.value === "-v" || /^-v./.test(word.value));
    if (at === -1) return [];
    const glued = words[at]?.value.slice(2) ?? "";
    return glued !== "" ? [{ ...(words[at] as ShellWord), value: glued }] : words.slice(at + 1, at + 2);
  },
  read: (words) => words.slice(1).filter((word, index, rest) => !word.value.startsWith("-") && !/^-[a-z]*[dinNptu]$/.test(rest[index - 1]?.value ?? "")),
  mapfile: (words) => words.slice(1).filter((word) => !word.value.startsWith("-")).slice(-1),
  readarray: (words) => words.slice(1).filter((word) => !word.value.startsWith("-")).slice(-1),
  let: (words) => words.slice(1),
  declare: (words) => words.slice(1), typeset: (words) => words.slice(1), local: (words) => words.slice(1),
  export: (words) => words.slice(1), readonly: (words) => words.slice(1), unset: (words) => words.slice(1),
  getopts: (words) => words.slice(2, 3),
  wait: (words) => {
    const at = words.findIndex((word) => word.value === "-p");
    return at === -1 ? [] : words.slice(at + 1, at + 2);
  },
  test: (words) => words.filter((_word, index) => words[index - 1]?.value === "-v"),
  "[": (words) => words.filter((_word, index) => words[index - 1]?.value === "-v"),
};

/** The comparisons `[[ ]]` makes between numbers, each side evaluated as arithmetic. */
const ARITHMETIC_TESTS = new Set(["-eq", "-ne", "-lt", "-le", "-gt", "-ge"]);

/**
 * `[[ ]]`: the subscript of the name after -v, and each side of -eq, -lt and the others, are
 * evaluated as arithmetic, which runs the commands inside text the shell has not expanded before
 * (`[[ 'a[$(rm x)]' -eq 0 ]]`). Those commands are judged, and the part is asked.
 */
export function doubleBracketEffects(words: readonly ShellWord[]): ProgramEffects {
  const effects = noEffects();
  words.forEach((word, index) => {
    if (!word.literal) return;
    const before = words[index - 1]?.value ?? "";
    const evaluated = before === "-v" ? /\[(.*)\]/s.exec(word.value)?.[1]
      : ARITHMETIC_TESTS.has(before) || ARITHMETIC_TESTS.has(words[index + 1]?.value ?? "") ? word.value : undefined;
    if (evaluated === undefined || !/[$`]/.test(evaluated)) return;
    effects.problems.push(`[[ ]] evaluates ${word.value} as arithmetic, which can run commands`);
    effects.runs.push({ text: `: ${evaluated}`, via: "[[ ]] arithmetic" });
  });
  return effects;
}

/**
 * Builtins that run shell code given in their options: `mapfile -C callback` and `readarray -C`,
 * `compgen -W wordlist` (expanded), `compgen -C command` and `-F function`, and `complete` for
 * the completions it sets up.
 */
export function callbackEffects(words: readonly ShellWord[]): ProgramEffects {
  const effects = noEffects();
  const name = words[0]?.value ?? "";
  const letters = name === "mapfile" || name === "readarray" ? /C/ : /[WCFX]/;
  for (const word of words.slice(1)) {
    if (word.value === "--") break;
    if (/^-[A-Za-z]+/.test(word.value) && letters.test(word.value.slice(1).replace(/[^A-Za-z].*$/, ""))) {
      effects.unknown.push(`${name} ${word.value} runs shell code given as an argument`);
    }
  }
  return effects;
}

/** Builtins that set variables for the commands after them (`export GIT_SSH_COMMAND='rm x'`). */
const EXPORTING_BUILTINS = new Set(["export", "declare", "typeset", "local", "readonly"]);

/** Array subscripts in the variable names a builtin is given, and the commands inside them. */
export function subscriptEffects(words: readonly ShellWord[]): ProgramEffects {
  const effects = noEffects();
  if (EXPORTING_BUILTINS.has(words[0]?.value ?? "")) {
    // What a variable set here makes later programs run counts as if it were set in front of them.
    const assignments = words.slice(1).flatMap((word) => {
      const equals = word.value.indexOf("=");
      return equals > 0 && !word.value.startsWith("-") ? [{ name: word.value.slice(0, equals), value: { ...word, value: word.value.slice(equals + 1) } }] : [];
    });
    const set = variableEffects(assignments);
    effects.runs.push(...set.runs);
    effects.unknown.push(...set.unknown);
    effects.problems.push(...set.problems);
  }
  const name = words[0]?.value ?? "";
  const names = NAMED_VARIABLE_BUILTINS[name]?.(words) ?? [];
  for (const word of names) {
    // `let` evaluates every argument; the others only what is between [ and ].
    const evaluated = name === "let" ? word.value : /\[(.*)\]/s.exec(word.value)?.[1];
    if (evaluated === undefined) continue;
    if (name !== "let" || /[$`[]/.test(evaluated)) {
      effects.problems.push(`${name} evaluates ${word.value} as arithmetic, which can run commands`);
      effects.runs.push({ text: `: ${evaluated}`, via: `${name} arithmetic` });
    }
  }
  return effects;
}
