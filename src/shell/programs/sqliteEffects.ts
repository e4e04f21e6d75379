/**
 * sqlite3: dot-commands run programs (`.shell`, `.system`, `.output |cmd`, `.once |cmd`,
 * `.read |cmd`, `.import |cmd`) and read or write files (`.output`, `.once`, `.read`, `.import`,
 * `.open`, `.save`, `.backup`, `.restore`, `.log`), SQL functions read and write files
 * (`readfile`, `writefile`), `edit()` and `.excel` start programs, `load_extension` and `.load`
 * load code, `ATTACH` opens another database file. `-safe` turns all of that off. Without SQL
 * arguments it reads its commands from standard input.
 */
import { codeStrings } from "./codeStrings.ts";
import { literalWord, noEffects, type ProgramEffects } from "./effects.ts";
import { hasOption, readOptions, valuesOf } from "./readOptions.ts";
import type { ShellCommandPart, ShellWord } from "../types.ts";

const VALUE_OPTIONS = ["cmd", "init", "separator", "newline", "nullvalue", "vfs", "maxsize", "mmap", "pagecache", "lookaside", "heap", "pcachetrace", "memtrace"];

function unquote(text: string): string {
  const trimmed = text.trim();
  return /^(['"]).*\1$/.test(trimmed) ? trimmed.slice(1, -1) : trimmed;
}

/** What sqlite input text (SQL and dot-commands) runs, reads and writes. */
function readSqliteInput(text: string, word: ShellWord, effects: ProgramEffects): void {
  effects.mentions.push(...codeStrings(text));
  for (const line of text.split("\n")) {
    const dot = /^\s*\.(\w+)\s*(.*)$/.exec(line);
    if (dot === null) continue;
    const [, command = "", rest = ""] = dot;
    const argument = unquote(rest.split(/\s+(?=-)/)[0] ?? "");
    if (command === "shell" || command === "system") effects.runs.push({ text: rest, via: `sqlite3 .${command}` });
    else if (["output", "once", "read", "import"].includes(command) && argument.startsWith("|")) effects.runs.push({ text: argument.slice(1), via: `sqlite3 .${command}` });
    else if (["output", "once", "save", "backup", "log", "open"].includes(command) && argument !== "" && !argument.startsWith("-")) {
      effects.touches.push({ word: literalWord(argument.split(/\s+/).at(-1) ?? argument, word), access: "write" });
    } else if (["read", "import", "restore"].includes(command) && argument !== "") {
      effects.touches.push({ word: literalWord(argument.split(/\s+/)[0] ?? argument, word), access: "read" });
      if (command === "read") effects.unknown.push("sqlite3 .read runs commands from a file the analysis does not read");
    } else if (["load", "excel", "www", "cd", "parameter", "archive", "ar"].includes(command)) {
      effects.unknown.push(`sqlite3 .${command} reaches programs or files the analysis cannot see`);
    }
  }
  for (const match of text.matchAll(/\b(readfile|writefile|edit|load_extension|fts3_tokenizer)\s*\(\s*(?:'((?:[^']|'')*)')?/gi)) {
    const name = (match[1] ?? "").toLowerCase();
    const file = match[2]?.replace(/''/g, "'");
    if ((name === "readfile" || name === "writefile") && file !== undefined) {
      effects.touches.push({ word: literalWord(file, word), access: name === "readfile" ? "read" : "write" });
    } else effects.unknown.push(`sqlite3's ${name}() reaches files or programs named when it runs`);
  }
  for (const match of text.matchAll(/\battach\s+(?:database\s+)?'((?:[^']|'')*)'/gi)) {
    effects.touches.push({ word: literalWord((match[1] ?? "").replace(/''/g, "'"), word), access: "write" });
  }
  if (/\battach\b/i.test(text) && !/\battach\s+(?:database\s+)?'/i.test(text)) effects.unknown.push("sqlite3 ATTACH opens a database file named when it runs");
}

/** Reads a sqlite3 call. */
export function sqliteEffects(words: readonly ShellWord[], part: ShellCommandPart): ProgramEffects {
  const effects = noEffects();
  // sqlite3 takes its options with one dash and whole words: `-cmd X`, `-safe`.
  const args = words.slice(1).map((word) => (/^-[a-z]{2,}/.test(word.value) ? { ...word, value: `-${word.value}` } : word));
  const read = readOptions(args, { valueLong: VALUE_OPTIONS });
  if (hasOption(read, undefined, ["safe"])) return effects;
  const [database, ...sql] = read.positionals;
  if (database !== undefined && database.value !== ":memory:") effects.touches.push({ word: database, access: "write" });
  if (valuesOf(read, undefined, ["init"]).length > 0) effects.unknown.push("sqlite3 -init runs commands from a file the analysis does not read");
  const inputs = [...valuesOf(read, undefined, ["cmd"]), ...sql];
  for (const input of inputs) {
    if (!input.literal) effects.unknown.push(`the sqlite3 input ${input.value} is only known when it runs`);
    else readSqliteInput(input.value, input, effects);
  }
  if (sql.length === 0) {
    if (part.stdin?.text !== undefined) readSqliteInput(part.stdin.text, literalWord(part.stdin.text), effects);
    else effects.unknown.push("sqlite3 runs commands from its input, which the analysis cannot see");
  }
  return effects;
}
