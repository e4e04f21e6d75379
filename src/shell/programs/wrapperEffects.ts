/**
 * Programs that run a command given in their arguments as text or words: `env` (its `NAME=value`
 * words, `-S` / `--split-string`, `-C` / `--chdir`), `watch`, `script -c`, `flock -c`, `su -c`,
 * `runuser -c`, `find -exec` / `-execdir` / `-ok`, `parallel`, `xargs -I`. (Wrappers that run the
 * rest of their words, such as `timeout` or `nice`, are stripped before rules match: see
 * commandForms.ts.)
 */
import { literalWord, noEffects, type ProgramEffects } from "./effects.ts";
import { asWildcards, matchesEveryName } from "../globNames.ts";
import { variableEffects } from "./variableEffects.ts";
import type { FilledIn, ShellAssignment, ShellWord } from "../types.ts";

function merge(into: ProgramEffects, from: ProgramEffects): ProgramEffects {
  into.runs.push(...from.runs);
  into.mentions.push(...from.mentions);
  into.unknown.push(...from.unknown);
  into.problems.push(...from.problems);
  into.touches.push(...from.touches);
  return into;
}

/** env: variables for the command it runs, a split string, or another folder. */
export function envEffects(words: readonly ShellWord[]): ProgramEffects {
  const effects = noEffects();
  const assignments: ShellAssignment[] = [];
  for (let index = 1; index < words.length; index++) {
    const word = words[index] as ShellWord;
    const text = word.value;
    const split = /^(?:-S|--split-string(?:=|$))(.*)$/s.exec(text) ?? (/^-[iv0]*S(.*)$/s.exec(text));
    if (split !== null) {
      const value = split[1] !== "" ? literalWord(split[1] ?? "", word) : words[++index];
      if (value === undefined) break;
      if (!value.literal) effects.problems.push("env -S splits a string only known when it runs");
      else effects.runs.push({ text: value.value, via: "env -S" });
      continue;
    }
    // --chdir, also shortened as getopt takes it (`--c=x`: no other long option starts so).
    if (/^(?:-C|--c[a-z]*(?:=|$))/.test(text) || /^-[iv0]*C/.test(text)) {
      effects.problems.push("env -C runs the command in another folder, so its relative paths cannot be placed");
      if (text === "-C" || /^--c[a-z]*$/.test(text)) index++;
      continue;
    }
    if (text === "-u" || text === "--unset") {
      index++;
      continue;
    }
    if (text.startsWith("-")) continue;
    const equals = text.indexOf("=");
    if (equals <= 0) break;
    assignments.push({ name: text.slice(0, equals), value: literalWord(text.slice(equals + 1), word) });
  }
  return merge(effects, variableEffects(assignments));
}

/** watch runs its words joined, through `sh -c` (or directly with `-x`). */
export function watchEffects(words: readonly ShellWord[]): ProgramEffects {
  const effects = noEffects();
  let index = 1;
  let exec = false;
  for (; index < words.length; index++) {
    const text = (words[index] as ShellWord).value;
    if (!text.startsWith("-")) break;
    if (text === "-x" || text === "--exec") exec = true;
    if (/^-[nqg]$|^--(?:interval|differences|chgexit|errexit|beep|color|no-title|precise)$/.test(text) && /^-n$|^--interval$/.test(text)) index++;
  }
  const rest = words.slice(index);
  if (rest.length === 0) return effects;
  if (exec) effects.runs.push({ words: rest, via: "watch -x" });
  else if (rest.every((word) => word.literal)) effects.runs.push({ text: rest.map((word) => word.value).join(" "), via: "watch" });
  else effects.problems.push("watch runs a command only known when it runs");
  return effects;
}

/** `script -c cmd`, `flock file -c cmd`, `su -c cmd`, `runuser -c cmd`: the text runs through a shell. */
/** The short options of each that take a value: a cluster such as `-qc cmd` reaches `-c` only past letters that do not. */
const VALUE_LETTERS: Readonly<Record<string, string>> = { script: "tTIOBEmo", su: "gGsw", runuser: "gGsuw", flock: "Ew" };

/** The command `-c` gives in `words[index]` (`-c cmd`, `-ccmd`, `-qc cmd`, `--command[=]cmd`), and how many words it took. */
function commandOption(name: string, words: readonly ShellWord[], index: number): { command?: ShellWord; taken: number } {
  const word = words[index] as ShellWord;
  const text = word.value;
  const long = /^--(?:command|session-command)(?:=(.*))?$/s.exec(text);
  if (long !== null) return long[1] !== undefined ? { command: literalWord(long[1], word), taken: 1 } : { command: words[index + 1], taken: 2 };
  if (!/^-[^-]/.test(text)) return { taken: 1 };
  for (let at = 1; at < text.length; at++) {
    const letter = text[at] as string;
    if (letter === "c") return at + 1 < text.length ? { command: literalWord(text.slice(at + 1), word), taken: 1 } : { command: words[index + 1], taken: 2 };
    if ((VALUE_LETTERS[name] ?? "").includes(letter)) break;
  }
  return { taken: 1 };
}

export function commandOptionEffects(words: readonly ShellWord[]): ProgramEffects {
  const effects = noEffects();
  const name = words[0]?.value ?? "";
  for (let index = 1; index < words.length;) {
    const { command, taken } = commandOption(name, words, index);
    index += taken;
    if (command === undefined) continue;
    if (!command.literal) effects.problems.push(`${name} -c runs a command only known when it runs`);
    else effects.runs.push({ text: command.value, via: `${name} -c` });
  }
  if (name === "script") {
    const file = words.slice(1).find((word, index, rest) => !word.value.startsWith("-") && !["-c", "--command", "-t", "-T", "-I", "-O", "-B", "--log-in", "--log-out", "--log-io", "--log-timing", "-m", "-E"].includes(rest[index - 1]?.value ?? ""));
    effects.touches.push({ word: file ?? literalWord("typescript"), access: "write" });
  }
  return effects;
}

/** find: `-exec`, `-execdir`, `-ok`, `-okdir` run commands; `-fprint*` and `-fls` write files. */
/** find's tests that pick some entries among the rest (by name, size, time, owner, ...); -type f or d, depths and the like keep nearly all. */
const PICKING_TESTS = /^-(?:name|iname|path|ipath|wholename|iwholename|regex|iregex|lname|ilname|newer\w*|anewer|cnewer|size|empty|user|group|uid|gid|perm|links|inum|samefile|[acm](?:time|min)|used|nouser|nogroup|context|fstype)$/;
/** Of those, the ones whose pattern names something (a literal letter in it) pick few: `-name '*.pyc'`. (A path or a regex may match every entry with letters in it: `-path '/etc/*'` under /etc, `-regex '.*a*'`.) */
const NAMING_TESTS = /^-i?(?:name|lname)$/;

/** How many words follow each of find's primaries that take operands (an operand is never a test or an operator). */
function operandCount(primary: string): number {
  if (primary === "-fprintf") return 2;
  // Every picking test but three takes one; so do these actions and options.
  if (PICKING_TESTS.test(primary) && primary !== "-empty" && primary !== "-nouser" && primary !== "-nogroup") return 1;
  return /^-(?:x?type|printf|fprint0?|fls|maxdepth|mindepth|regextype|files0-from)$/.test(primary) ? 1 : 0;
}

/** Where the command of the -exec at `at` ends: at `;`, or (-exec and -execdir only) at `+` right after `{}`; a `+` elsewhere is an argument; -1 for never. */
export function execEnd(values: readonly string[], at: number): number {
  const batches = values[at] === "-exec" || values[at] === "-execdir";
  for (let index = at + 1; index < values.length; index++) {
    if (values[index] === ";" || (batches && values[index] === "+" && values[index - 1] === "{}")) return index;
  }
  return -1;
}

/** How much a find expression (or part of it) narrows what it acts on. */
type Narrowing = "none" | "broad" | "narrow";
const RANK: Record<Narrowing, number> = { none: 0, broad: 1, narrow: 2 };

/**
 * How much the test at `at` narrows: a name pattern with a literal character in it, -empty, or a
 * -type of something other than files and folders picks few; other tests (size, time, owner,
 * permissions, any path or regex) may still match nearly everything; a pattern of wildcards alone,
 * and anything that is not a test, nothing.
 */
function narrowing(tests: readonly string[], at: number): Narrowing {
  const test = tests[at] ?? "";
  const operand = tests[at + 1]?.replace(/^(['"])(.*)\1$/, "$2");
  if (test === "-type" || test === "-xtype") return operand !== undefined && operand.split(",").every((type) => type !== "f" && type !== "d") ? "narrow" : "none";
  if (test === "-empty") return "narrow";
  if (!PICKING_TESTS.test(test)) return "none";
  if (operand === undefined) return "broad";
  // Wildcards alone match every name or path (`*`, `?*`, `**`; `.*` and `.+` as a regex).
  if (/^-i?regex$/.test(test)) return /^(?:\.[*+]?)*\.[*+]$/.test(operand) ? "none" : "broad";
  // A class of characters is one of them (`[oa]`, `[#]`); a negated one (`[!]a]`, `[^/]`) nearly any; an escaped character itself.
  if (matchesEveryName(operand)) return "none";
  return NAMING_TESTS.test(test) && /[A-Za-z0-9_~@%#=,:]/.test(asWildcards(operand)) ? "narrow" : "broad";
}

/**
 * How much find's expression narrows what it acts on, at most: its weakest alternative (split at
 * `-o` and `,` outside brackets), each as strong as its strongest test or bracketed group not
 * negated (`-name '*.log' ! -name keep.log` picks; `! -name .git` alone does not).
 */
function expressionNarrowing(tests: readonly string[], from: number, to: number): Narrowing {
  let weakest: Narrowing = "narrow";
  let current: Narrowing = "none";
  let negated = false;
  const take = (found: Narrowing) => {
    if (!negated && RANK[found] > RANK[current]) current = found;
    negated = false;
  };
  for (let index = from; index < to; index++) {
    const value = tests[index] as string;
    if (value === "-o" || value === "-or" || value === ",") {
      if (RANK[current] < RANK[weakest]) weakest = current;
      current = "none";
      negated = false;
    } else if (value === "!" || value === "-not") {
      negated = !negated;
    } else if (value === "(") {
      // The group's own alternatives, up to its closing bracket.
      let depth = 1;
      let end = index + 1;
      for (; end < to && depth > 0; end++) depth += tests[end] === "(" ? 1 : tests[end] === ")" ? -1 : 0;
      take(expressionNarrowing(tests, index + 1, end - 1));
      index = end - 1;
    } else if (/^-(?:exec|execdir|ok|okdir)$/.test(value)) {
      // The command runs up to its end; what it does decides nothing about what is found.
      const end = execEnd(tests, index);
      index = end === -1 ? to : end;
      negated = false;
    } else {
      take(narrowing(tests, index));
      index += operandCount(value);
    }
  }
  return RANK[current] < RANK[weakest] ? current : weakest;
}

/**
 * What find's -exec gets: entries under its start folders, by the names its `-name` tests allow
 * when they are all it asks. Unless `-type f` keeps to files, a folder of such a name is found too,
 * and what is run on it (`rm -rf {}`, `tar cf x {}`, `grep -r k {}`) may reach every file in it.
 */
export function findSource(words: readonly ShellWord[]): NonNullable<FilledIn["from"]> {
  const folders: ShellWord[] = [];
  let at = 1;
  for (; at < words.length; at++) {
    const value = words[at]?.value ?? "";
    // find's own options come before its start folders: -H, -L, -P, -O3, -D tree, --.
    if (["-H", "-L", "-P", "--"].includes(value) || /^-O\d*$/.test(value)) continue;
    if (value === "-D") {
      at++;
      continue;
    }
    if (/^[-(!]/.test(value)) break;
    folders.push(words[at] as ShellWord);
  }
  const expression = words.slice(at).map((word) => word.value);
  // Start points read from a file: where they are is only known when it runs.
  if (expression.includes("-files0-from")) return { folders: [{ value: "{find -files0-from}", literal: false, glob: false }] };
  const exec = expression.findIndex((value) => /^-(?:exec|execdir|ok|okdir)$/.test(value));
  const tests = exec === -1 ? expression : expression.slice(0, exec);
  const names = tests.flatMap((value, index) => (value === "-name" && tests[index + 1] !== undefined ? [tests[index + 1] as string] : []));
  // Alternatives, negations and path tests let other names through.
  // (A bracket or a backslash in a pattern is read by fnmatch's rules, POSIX classes included: no filter then.)
  const only = names.length > 0 && names.every((name) => !/[[\\]/.test(name)) &&
    !expression.some((value) => /^(?:-o|-or|!|-not|,|\(|-iname|-path|-ipath|-wholename|-iwholename|-regex|-iregex|-lname|-ilname)$/.test(value));
  const filesOnly = tests.some((value, index) => value === "-type" && tests[index + 1] === "f");
  // Over the whole expression: an alternative after an -exec (`-name x -exec true \\; -o -delete`) acts too.
  const narrowed = expressionNarrowing(expression, 0, expression.length);
  return {
    folders: folders.length > 0 ? folders : [literalWord(".")],
    ...(only ? { names, ...(filesOnly ? {} : { namedFolders: true }) } : {}),
    ...(narrowed === "none" ? { selectsAll: true as const } : narrowed === "broad" ? { selectsAll: "maybe" as const } : {}),
  };
}

export function findEffects(words: readonly ShellWord[]): ProgramEffects {
  const effects = noEffects();
  const source = findSource(words);
  for (let index = 1; index < words.length; index++) {
    const text = words[index]?.value ?? "";
    if (/^-(?:fprint|fprint0|fls)$/.test(text) || text === "-fprintf") {
      const file = words[index + 1];
      if (file !== undefined) effects.touches.push({ word: file, access: "write" });
      continue;
    }
    if (!/^-(?:exec|execdir|ok|okdir)$/.test(text)) continue;
    const end = execEnd(words.map((word) => word.value), index);
    const inner = words.slice(index + 1, end === -1 ? undefined : end);
    if (inner.length > 0) {
      effects.runs.push({
        words: inner,
        via: `find ${text}`,
        elsewhere: text.endsWith("dir") ? "find runs it in the folders it finds" : undefined,
        filledIn: { placeholder: "{}", appended: false, by: `find ${text}`, from: source },
      });
    }
    // Without its terminator the command takes the rest: its own -exec words are its to judge.
    if (end === -1) break;
    index = end;
  }
  return effects;
}

/** parallel and `xargs -I`: a command template filled in with input the analysis cannot see. */
export function templateEffects(words: readonly ShellWord[]): ProgramEffects {
  const effects = noEffects();
  const name = words[0]?.value ?? "";
  const separator = words.findIndex((word) => word.value === ":::" || word.value === "::::");
  const template = words.slice(1, separator === -1 ? undefined : separator).filter((word) => !word.value.startsWith("-"));
  if (name === "parallel" && template.length > 0) {
    if (template.every((word) => word.literal)) effects.runs.push({ text: template.map((word) => word.value).join(" "), via: "parallel" });
    effects.unknown.push("parallel fills its command in with input the analysis cannot see");
  }
  return effects;
}
