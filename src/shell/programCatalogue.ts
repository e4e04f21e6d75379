/**
 * THE catalogue of programs that run other programs, load code, or read and write files because
 * of their arguments, input or environment; and of the variables that make programs do so. One
 * table, one entry per program, each naming what makes that program run or write something. An
 * interpreter given inline code counts as unknown code. The analysis asks this catalogue about
 * every command (after its wrappers); the permission engine judges what it answers.
 */
import { tarEffects, zipEffects } from "./programs/archiveEffects.ts";
import { awkEffects } from "./programs/awkEffects.ts";
import { edEffects, gdbEffects, vimEffects } from "./programs/editorEffects.ts";
import { noEffects, type ProgramEffects } from "./programs/effects.ts";
import { gitEffects } from "./programs/gitEffects.ts";
import { INTERPRETERS, interpreterEffects, interpreterFor, pwshEffects } from "./programs/interpreterEffects.ts";
import { makeEffects } from "./programs/makeEffects.ts";
import { curlEffects, netcatEffects, rsyncEffects, socatEffects, sshEffects, wgetEffects } from "./programs/networkEffects.ts";
import { readSedCall } from "./programs/sedEffects.ts";
import { callbackEffects, doubleBracketEffects, evalEffects, redefiningEffects, SHELLS, shellEffects, subscriptEffects, trapEffects } from "./programs/shellEffects.ts";
import { sqliteEffects } from "./programs/sqliteEffects.ts";
import { variableEffects } from "./programs/variableEffects.ts";
import { commandOptionEffects, envEffects, findEffects, templateEffects, watchEffects } from "./programs/wrapperEffects.ts";
import { lessEffects, manEffects, writerEffects } from "./programs/writerEffects.ts";
import { LAUNCHERS, sortCompressEffects } from "./programs/launcherEffects.ts";
import { hgEffects } from "./programs/hgEffects.ts";
import { GHOSTSCRIPT_SCRIPTS, ghostscriptEffects, ghostscriptScriptEffects, latexmkEffects, pandocEffects, pipedOutputEffects, TEX_ENGINES, texEffects } from "./programs/documentEffects.ts";
import { atEffects, screenEffects, tmuxEffects } from "./programs/multiplexerEffects.ts";
import { gnuProgramName } from "./gnuProgramNames.ts";
import { namesFromInput, wholeFolderTouches } from "./programs/wholeFolderEffects.ts";
import { WRAPPER_COMMANDS, wrapperKind } from "./commandForms.ts";
import type { ShellCommandPart, ShellWord } from "./types.ts";

export type { ProgramEffects };

type EffectsReader = (words: readonly ShellWord[], part: ShellCommandPart) => ProgramEffects;

const sed: EffectsReader = (words) => {
  const call = readSedCall(words);
  const effects = call.effects;
  if (call.inPlace) for (const word of [...call.files, ...call.backups]) effects.touches.push({ word, access: "write" });
  return effects;
};

/** Builtins: only the shell runs them, so they count only where the shell reads a command name (first, or past `builtin` / `command`). */
const BUILTINS: Readonly<Record<string, EffectsReader>> = {
  eval: evalEffects,
  trap: trapEffects,
  ...Object.fromEntries(["hash", "alias", "enable", "shopt", "set", "source", ".", "coproc"].map((name) => [name, redefiningEffects])),
  ...Object.fromEntries(["printf", "read", "let", "declare", "typeset", "local", "export", "readonly", "unset", "getopts", "wait", "test", "["].map((name) => [name, subscriptEffects])),
  ...Object.fromEntries(["mapfile", "readarray"].map((name) => [name, (words: readonly ShellWord[]) => {
    const effects = subscriptEffects(words);
    effects.unknown.push(...callbackEffects(words).unknown);
    return effects;
  }])),
  compgen: callbackEffects,
  complete: callbackEffects,
  "[[": doubleBracketEffects,
};

/** Every catalogued program, by the name it is run as. */
const PROGRAMS: Readonly<Record<string, EffectsReader>> = {
  // Shells.
  ...Object.fromEntries([...SHELLS].map((name) => [name, shellEffects])),
  // Programs that run a command given in their arguments.
  env: envEffects,
  watch: watchEffects,
  ...Object.fromEntries(["script", "flock", "su", "runuser"].map((name) => [name, commandOptionEffects])),
  find: findEffects,
  parallel: templateEffects,
  // Languages with programs of their own.
  awk: awkEffects, gawk: awkEffects, mawk: awkEffects, nawk: awkEffects, "original-awk": awkEffects, "onetrue-awk": awkEffects, goawk: awkEffects, bwk: awkEffects,
  sed, gsed: sed,
  sqlite3: sqliteEffects, sqlite: sqliteEffects,
  gdb: gdbEffects,
  ed: edEffects, red: edEffects,
  ...Object.fromEntries(["vim", "vi", "nvim", "ex", "view", "vimdiff", "gvim", "rvim"].map((name) => [name, vimEffects])),
  make: makeEffects, gmake: makeEffects, bmake: makeEffects, remake: makeEffects,
  // Archivers, network programs, git.
  tar: tarEffects, gtar: tarEffects, bsdtar: tarEffects, zip: zipEffects,
  ssh: sshEffects, scp: sshEffects, sftp: sshEffects, slogin: sshEffects,
  rsync: rsyncEffects,
  socat: socatEffects,
  nc: netcatEffects, netcat: netcatEffects, ncat: netcatEffects,
  curl: curlEffects,
  wget: wgetEffects,
  git: gitEffects,
  hg: hgEffects, chg: hgEffects,
  ...Object.fromEntries(["pwsh", "pwsh-preview", "powershell", "pwsh.exe", "powershell.exe"].map((name) => [name, pwshEffects])),
  less: lessEffects,
  man: manEffects,
  // Programs that write the files their arguments name.
  ...Object.fromEntries(["tee", "shred", "mkfifo", "mknod", "truncate", "dd", "install", "ln", "link", "split", "csplit", "patch", "uniq", "chmod", "chown", "chgrp", "strace", "ltrace", "time"].map((name) => [name, writerEffects])),
  sort: (words) => {
    const effects = writerEffects(words);
    const compress = sortCompressEffects(words);
    effects.runs.push(...compress.runs);
    effects.problems.push(...compress.problems);
    return effects;
  },
  // Programs that run a command handed to them, now, later or elsewhere.
  ...LAUNCHERS,
  // Document tools that run commands (see documentEffects.ts).
  ...Object.fromEntries(TEX_ENGINES.map((name) => [name, texEffects])),
  latexmk: latexmkEffects,
  gs: ghostscriptEffects, gsc: ghostscriptEffects, gsx: ghostscriptEffects,
  ...Object.fromEntries(GHOSTSCRIPT_SCRIPTS.map((name) => [name, ghostscriptScriptEffects])),
  ...Object.fromEntries(["convert", "magick", "mogrify", "montage", "composite", "dvips"].map((name) => [name, pipedOutputEffects])),
  pandoc: pandocEffects,
  tmux: tmuxEffects, byobu: tmuxEffects, "byobu-tmux": tmuxEffects,
  screen: screenEffects,
  at: atEffects,
  batch: atEffects,
};

/** The name a program is known by: its file's name, without the `g` of a GNU tool installed beside the system's own (`gfind`). */
function baseName(name: string): string {
  // A versioned awk (`gawk-5.1`) is that awk.
  return gnuProgramName(name.slice(name.lastIndexOf("/") + 1)).replace(/^(g?awk|mawk|nawk)-\d[\d.]*$/, "$1");
}

/**
 * What the program `words[0]` (a command with its wrappers stripped) runs, loads, reads and writes
 * beyond its plain arguments. `byShell` says the shell itself reads this word as a command name
 * (first in the part, or past `builtin` / `command`), so builtins count.
 */
export function describeProgram(words: readonly ShellWord[], part: ShellCommandPart, byShell: boolean): ProgramEffects {
  const first = words[0];
  if (first === undefined || !first.literal) return noEffects();
  const name = baseName(first.value);
  const named = [{ ...first, value: name }, ...words.slice(1)];
  const builtin = byShell && first.value === name && Object.hasOwn(BUILTINS, name) ? BUILTINS[name] : undefined;
  if (builtin !== undefined) return builtin(named, part);
  const reader = Object.hasOwn(PROGRAMS, name) ? PROGRAMS[name] : undefined;
  const interpreter = reader === undefined ? interpreterFor(name) : undefined;
  const effects = reader !== undefined ? reader(named, part) : interpreter !== undefined ? interpreterEffects(named, part, interpreter) : noEffects();
  const folders = wholeFolderTouches(named);
  if (folders.length > 0) (effects.wholeFolders ??= []).push(...folders);
  const fromInput = namesFromInput(named);
  if (fromInput !== undefined) effects.unknown.push(fromInput);
  return effects;
}

/** What the variables set in front of a part make the programs it starts run. */
export function describeAssignments(part: ShellCommandPart): ProgramEffects {
  // Before the builtin read (`while IFS= read -r line`), IFS changes only how read splits its line: no program sees it.
  const read = part.words.length > 0 && part.words[0]?.literal === true && part.words[0].value === "read";
  return variableEffects(read ? part.assignments.filter((assignment) => assignment.name !== "IFS") : part.assignments);
}

/** True when `name` is a catalogued program (or interpreter). */
export function isCataloguedProgram(name: string): boolean {
  return Object.hasOwn(BUILTINS, name) || Object.hasOwn(PROGRAMS, baseName(name)) || interpreterFor(baseName(name)) !== undefined;
}

/**
 * How the analysis reads a program's arguments, by name: the same answer for names read alike
 * (sh and dash, python3 and python3.12), undefined for a program whose arguments are only data.
 */
export function programKind(name: string): unknown {
  const base = baseName(name);
  return (Object.hasOwn(PROGRAMS, base) ? PROGRAMS[base] : undefined) ?? interpreterFor(base) ?? wrapperKind(base);
}

/** Every name programKind knows: what a program under another name may really be. */
export function codeRunnerNames(): string[] {
  return [...new Set([...Object.keys(PROGRAMS), ...Object.keys(INTERPRETERS), ...WRAPPER_COMMANDS])];
}
