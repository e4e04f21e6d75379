/**
 * Interpreters given code inline (`python3 -c`, `node -e`, `perl -e`, ...) or on standard input:
 * that code is unknown to the analysis. Its string literals are mentioned (so deny and ask rules
 * meet `open(".env")` and `os.system("rm x")`), and it is counted as unknown code. A script file
 * is not inline code: it is judged like any other command the person allows.
 */
import { codeStrings } from "./codeStrings.ts";
import { noEffects, type ProgramEffects } from "./effects.ts";
import { readOptions, type ReadArguments } from "./readOptions.ts";
import type { ShellCommandPart, ShellWord } from "../types.ts";

interface InterpreterSpec {
  /** Short options whose value is code. */
  codeShort?: string;
  /** Long options whose value is code. */
  codeLong?: readonly string[];
  /** Options that load a module or library before the code runs (unknown code too). */
  loadShort?: string;
  loadLong?: readonly string[];
  /** Other short options that take a value. */
  valueShort?: string;
  valueLong?: readonly string[];
  /** A subcommand whose first argument is code (`deno eval`). */
  evalSubcommand?: string;
  /** Without a script (or with `-`) it reads its program from standard input. */
  readsStdin?: boolean;
}

const PYTHON: InterpreterSpec = { codeShort: "c", valueShort: "mWX", readsStdin: true };
const NODE: InterpreterSpec = { codeShort: "ep", codeLong: ["eval", "print"], loadShort: "r", loadLong: ["require", "import", "loader", "experimental-loader"], readsStdin: true };
const PERL: InterpreterSpec = { codeShort: "eE", loadShort: "mM", valueShort: "I", readsStdin: true };

/** Interpreters by name; `python3.12` and the like are found by their family's name. */
export const INTERPRETERS: Readonly<Record<string, InterpreterSpec>> = {
  python: PYTHON, python2: PYTHON, python3: PYTHON, pypy: PYTHON, pypy3: PYTHON,
  node: NODE, nodejs: NODE,
  bun: { codeShort: "ep", codeLong: ["eval", "print"], loadShort: "r", loadLong: ["preload", "require"] },
  deno: { evalSubcommand: "eval" },
  perl: PERL,
  ruby: { codeShort: "e", loadShort: "r", valueShort: "I", readsStdin: true },
  php: { codeShort: "rBRE", valueShort: "cdz", readsStdin: true },
  lua: { codeShort: "e", loadShort: "l", readsStdin: true }, luajit: { codeShort: "e", loadShort: "l", readsStdin: true },
  Rscript: { codeShort: "e", codeLong: ["expr"] }, R: { codeShort: "e" },
  julia: { codeShort: "eE", codeLong: ["eval", "print"], loadShort: "L", loadLong: ["load"], readsStdin: true },
  osascript: { codeShort: "e" },
  // (PowerShell has a reader of its own: pwshEffects below.)
  // Shells whose language is not the POSIX shell's: their -c text is code the analysis cannot read.
  rc: { codeShort: "c", readsStdin: true }, es: { codeShort: "c", readsStdin: true }, elvish: { codeShort: "c", readsStdin: true },
  xonsh: { codeShort: "c", readsStdin: true }, nu: { codeShort: "c", codeLong: ["commands"], readsStdin: true }, murex: { codeShort: "c", readsStdin: true },
  ion: { codeShort: "c", readsStdin: true }, ysh: { codeShort: "c", readsStdin: true },
  // TypeScript runners, and more languages with an option for inline code.
  tsx: NODE, "ts-node": NODE, "ts-node-esm": NODE,
  iex: { codeShort: "e", codeLong: ["eval"] }, ghc: { codeShort: "e" }, clisp: { codeShort: "x" }, kotlin: { codeShort: "e" }, scala: { codeShort: "e" },
  "octave-cli": { codeLong: ["eval"] }, matlab: { codeShort: "r", codeLong: ["batch", "r"] }, emacsclient: { codeShort: "e", codeLong: ["eval"] }, kak: { codeShort: "e" },
  // Macro and calculator languages that run shell commands (m4's syscmd, dc's !), and clients with a shell escape.
  texlua: { codeShort: "e" }, texluac: { codeShort: "e" }, m4: { readsStdin: true }, dc: { codeShort: "e", codeLong: ["expression"], readsStdin: true }, lftp: { codeShort: "c" }, duckdb: { codeShort: "c" },
  expect: { codeShort: "c", readsStdin: true }, tclsh: { readsStdin: true }, wish: { readsStdin: true },
  gnuplot: { codeShort: "e" }, octave: { codeLong: ["eval"] }, guile: { codeShort: "c", loadShort: "l" },
  racket: { codeShort: "e", loadShort: "lr" }, sbcl: { codeLong: ["eval", "load"] }, groovy: { codeShort: "e" },
  elixir: { codeShort: "e", codeLong: ["eval"], loadShort: "r" }, erl: { codeLong: ["eval"] }, irb: { readsStdin: true }, jshell: { readsStdin: true },
  // Debuggers and editors with their own command languages.
  emacs: { codeLong: ["eval", "execute", "funcall", "f"], loadShort: "lf", loadLong: ["load", "script", "l"] },
  lldb: { codeShort: "ok", codeLong: ["one-line", "one-line-before-file", "one-line-on-crash"], loadShort: "sSO", loadLong: ["source", "source-before-file", "source-on-crash"] },
};

/** The interpreter spec for a program name (`python3.12` is python3). */
export function interpreterFor(name: string): InterpreterSpec | undefined {
  const own = (key: string) => (Object.hasOwn(INTERPRETERS, key) ? INTERPRETERS[key] : undefined);
  return own(name) ?? own(name.replace(/[\d.]+$/, "")) ?? (/^python\d/.test(name) ? PYTHON : undefined);
}

function codeOptions(read: ReadArguments, spec: InterpreterSpec): ShellWord[] {
  return read.options.filter((option) => option.value !== undefined &&
    (option.long ? (spec.codeLong ?? []).includes(option.name.toLowerCase()) : (spec.codeShort ?? "").includes(option.name)))
    .map((option) => option.value as ShellWord);
}

/** What an interpreter call runs: inline code as unknown code with its strings mentioned. */
export function interpreterEffects(words: readonly ShellWord[], part: ShellCommandPart, spec: InterpreterSpec): ProgramEffects {
  const effects = noEffects();
  const name = words[0]?.value ?? "";
  // Some take whole-word options with one dash (`emacs -eval`, `lldb -one-line`): read them as long ones.
  const args = words.slice(1).map((word) => (/^-[a-z]{3,}/.test(word.value) && (spec.codeLong ?? []).concat(spec.loadLong ?? []).some((long) => word.value.slice(1).startsWith(long)) ? { ...word, value: `-${word.value}` } : word));
  const read = readOptions(args, {
    valueShort: `${spec.codeShort ?? ""}${spec.loadShort ?? ""}${spec.valueShort ?? ""}`,
    valueLong: [...(spec.codeLong ?? []), ...(spec.loadLong ?? []), ...(spec.valueLong ?? [])],
    stopAtPositional: true,
  });
  const code = codeOptions(read, spec);
  if (spec.evalSubcommand !== undefined && read.positionals[0]?.value === spec.evalSubcommand) {
    const text = read.positionals[1];
    if (text !== undefined) code.push(text);
  }
  for (const word of code) {
    effects.unknown.push(`${name} runs inline code the analysis cannot read`);
    if (word.literal) effects.mentions.push(word.value, ...codeStrings(word.value));
  }
  const loads = read.options.filter((option) => option.long ? (spec.loadLong ?? []).includes(option.name) : (spec.loadShort ?? "").includes(option.name));
  if (loads.length > 0) effects.unknown.push(`${name} loads a module (${loads.map((option) => option.name).join(", ")}) before it runs`);
  const script = read.positionals[0];
  // `-m module`, `--version` and `--help` read no program from the input.
  const noProgramNeeded = read.options.some((option) => ["m", "V", "v", "h", "version", "help"].includes(option.name));
  if (spec.readsStdin && code.length === 0 && (script === undefined || script.value === "-") && !noProgramNeeded) {
    effects.unknown.push(`${name} runs a program from its input${part.stdin?.text === undefined ? ", which the analysis cannot see" : ""}`);
    if (part.stdin?.text !== undefined) effects.mentions.push(...codeStrings(part.stdin.text));
  }
  return effects;
}

/** pwsh's switches that take the next word as their value (cut short to any length pwsh accepts). */
const PWSH_VALUE_SWITCHES = ["configurationname", "configurationfile", "custompipename", "executionpolicy", "inputformat", "outputformat", "settingsfile", "windowstyle", "workingdirectory"];
const PWSH_VALUE_ALIASES = new Set(["config", "ex", "ep", "inp", "if", "o", "of", "settings", "w", "wd", "wo"]);
/** Switches that take no value, which pwsh matches first (`-in` is -Interactive, `-se` -ServerMode). */
const PWSH_FLAGS = ["interactive", "login", "mta", "sta", "noexit", "nologo", "noninteractive", "noprofile", "noprofileloadtime", "sshservermode", "servermode", "socketservermode", "namedpipeservermode"];

/**
 * PowerShell (`pwsh`, `powershell`): its switches take any case, a name cut short, and `/`, `–`,
 * `—` or `―` in place of `-`. `-Command` (`-c`) runs the rest of the line as code, `-CommandWithArgs`
 * (`-cwa`) its next word, `-EncodedCommand` (`-e`, `-ec`) code in base64; `-File -`, or neither a
 * command nor a script, reads commands from standard input. Inline code is unknown to the analysis,
 * its text mentioned (as for the other interpreters).
 */
export function pwshEffects(words: readonly ShellWord[], part: ShellCommandPart): ProgramEffects {
  const effects = noEffects();
  const name = words[0]?.value ?? "pwsh";
  const fromInput = () => {
    effects.unknown.push(`${name} runs commands from its input${part.stdin?.text === undefined ? ", which the analysis cannot see" : ""}`);
    if (part.stdin?.text !== undefined) effects.mentions.push(part.stdin.text, ...codeStrings(part.stdin.text));
  };
  for (let index = 1; index < words.length; index++) {
    const word = words[index] as ShellWord;
    // A bare `-` is `-File -`: commands from standard input.
    if (word.value === "-") {
      fromInput();
      return effects;
    }
    // One switch character, or two (pwsh drops a second: `--command` is -Command).
    const given = /^[-/\u2013\u2014\u2015]{1,2}([^:]+)/s.exec(word.value)?.[1]?.toLowerCase();
    // The first word that is not a switch is the script to run (as -File), judged like any other command.
    if (given === undefined) return effects;
    if (!word.literal) {
      effects.problems.push(`${name} is given a switch only known when it runs (${word.value})`);
      return effects;
    }
    if ("command".startsWith(given) || "commandwithargs".startsWith(given) || given === "cwa") {
      const code = words.slice(index + 1);
      effects.unknown.push(`${name} runs inline code the analysis cannot read`);
      if (code.every((each) => each.literal)) {
        const text = code.map((each) => each.value).join(" ");
        effects.mentions.push(text, ...code.map((each) => each.value), ...codeStrings(text));
      }
      return effects;
    }
    if (given === "e" || given === "ec" || (given.length >= 2 && "encodedcommand".startsWith(given))) {
      effects.unknown.push(`${name} runs encoded code the analysis cannot read`);
      return effects;
    }
    if ("file".startsWith(given)) {
      if (words[index + 1] === undefined || words[index + 1]?.value === "-") fromInput();
      return effects;
    }
    // -Version and -Help print and stop.
    if (given === "?" || "version".startsWith(given) || "help".startsWith(given)) return effects;
    if (PWSH_FLAGS.some((full) => full.startsWith(given))) continue;
    if (PWSH_VALUE_ALIASES.has(given) || (given.length >= 2 && PWSH_VALUE_SWITCHES.some((full) => full.startsWith(given)))) index++;
  }
  // Neither a command nor a script: it reads commands from what is piped or redirected to it.
  if (part.stdin !== undefined) fromInput();
  return effects;
}
