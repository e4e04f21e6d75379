/**
 * Which program a command part really runs, for deny and ask rules about commands: `./myrm`, a
 * symlink to rm, a hard link of it or a copy of it is rm to `Bash(rm *)`, wherever it lies and
 * whatever it is called. A program the command names by path that is not there when it is judged,
 * or that another part of the same command writes first, is only known when it runs. Worked out
 * only while such a rule is in force, once per decision.
 */
import { closeSync, openSync, readSync, realpathSync, statSync, type Stats } from "node:fs";
import { basename, resolve } from "node:path";
import type { AnyTool } from "../Tool.ts";
import { isAssignmentWord, programStarts, wrapperKind } from "../shell/commandForms.ts";
import { loadedShellAnalysis } from "../shell/shellAnalysisLoader.ts";
import type { ShellCommandPart } from "../shell/types.ts";
import { matchToolName } from "./matchToolName.ts";
import { subjectBase, type PathContext } from "./pathJudgment.ts";
import { placements } from "./shellSubjects.ts";
import { isFamilyName, type PermissionRule, type RuleFamilies } from "./types.ts";

/** Another name the word at `index` of a part runs under: a form with it there meets the rules. */
export interface ProgramAlias {
  index: number;
  name: string;
}

export interface ProgramIdentities {
  aliases: Map<ShellCommandPart, ProgramAlias[]>;
  /** Why what a part runs is only known when it runs. */
  unknown: Map<ShellCommandPart, string>;
  /** The first deny or ask rule about commands: the one such a part cannot be shown to keep to. */
  rule: PermissionRule;
}

/** Programs that do what their name as called says: any name may be any of their commands. */
const MULTI_CALL = new Set(["busybox", "toybox", "coreutils"]);
/** Copies larger than this are not compared byte by byte. */
const MAX_COMPARED_BYTES = 64 * 1024 * 1024;
/** Words of one part tried as the program it runs (past wrappers): named by path, and bare names looked up on PATH. */
const MAX_PATH_CANDIDATES = 64;
const MAX_BARE_CANDIDATES = 16;
/** Programs whose writes change a file's mode or times, not what it runs. */
const MODE_CHANGERS = new Set(["chmod", "chown", "chgrp", "touch", "chattr", "setfacl"]);

export function isModeChanger(name: string): boolean {
  return MODE_CHANGERS.has(name);
}

/** A program found on PATH (a rule's, or one whose arguments the analysis reads) that a file may be the same as. */
interface RuleProgram {
  name: string;
  real: string;
  stats: Stats;
}

/** The deny and ask rules about commands that judge this tool's calls. */
export function commandRules(rules: readonly PermissionRule[], families: RuleFamilies, tool: AnyTool): PermissionRule[] {
  return rules.filter((rule) => rule.behavior !== "allow" && rule.ruleContent !== undefined &&
    (isFamilyName(families, "shellCommands", rule.toolName) || matchToolName(rule.toolName, tool)));
}

function statOf(path: string): Stats | undefined {
  try {
    return statSync(path);
  } catch {
    return undefined;
  }
}

function realOf(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return path;
  }
}

/**
 * True when two files of the same size hold the same bytes. Scripts (`#!`) never count: version
 * managers' shims are one script under many names, each running the program its name says.
 */
function sameBytes(a: string, b: string, size: number): boolean {
  if (size > MAX_COMPARED_BYTES) return false;
  let first: number | undefined;
  let second: number | undefined;
  try {
    first = openSync(a, "r");
    second = openSync(b, "r");
    const left = Buffer.alloc(Math.min(size, 1 << 20));
    const right = Buffer.alloc(left.length);
    for (let offset = 0; offset < size;) {
      const read = readSync(first, left, 0, left.length, offset);
      if (offset === 0 && read >= 2 && left[0] === 0x23 && left[1] === 0x21) return false;
      if (read <= 0 || readSync(second, right, 0, read, offset) !== read || !left.subarray(0, read).equals(right.subarray(0, read))) return false;
      offset += read;
    }
    return true;
  } catch {
    return false;
  } finally {
    if (first !== undefined) closeSync(first);
    if (second !== undefined) closeSync(second);
  }
}

/** The program each rule names (its first word), as found on PATH now. */
function ruleProgramsOf(rules: readonly PermissionRule[]): RuleProgram[] {
  const found = new Map<string, RuleProgram>();
  for (const rule of rules) {
    const name = /^[^\s:*?[\]]+/.exec(rule.ruleContent ?? "")?.[0];
    if (name === undefined || name.includes("/") || found.has(name)) continue;
    const path = Bun.which(name, { PATH: process.env.PATH ?? "" });
    if (path === null) continue;
    const real = realOf(path);
    // rm as a name busybox answers to: any of busybox's names is the same file, and runs as its own name.
    if (basename(real) !== name && MULTI_CALL.has(basename(real))) continue;
    const stats = statOf(real);
    if (stats !== undefined) found.set(name, { name, real, stats });
  }
  return [...found.values()];
}

function isSameProgram(program: RuleProgram, real: string, stats: Stats): boolean {
  return program.real === real || (program.stats.dev === stats.dev && program.stats.ino === stats.ino) ||
    (program.stats.size === stats.size && sameBytes(program.real, real, stats.size));
}

/** The programs whose arguments the analysis reads (shells, interpreters, wrappers, launchers), as PATH has them; kept while PATH stays the same. */
let codeRunners: { path: string; bySize: Map<number, RuleProgram[]>; byReal: Map<string, string>; byInode: Map<string, string> } | undefined;

function codeRunnersOnPath(names: readonly string[]): NonNullable<typeof codeRunners> {
  const path = process.env.PATH ?? "";
  if (codeRunners?.path === path) return codeRunners;
  const table: NonNullable<typeof codeRunners> = { path, bySize: new Map(), byReal: new Map(), byInode: new Map() };
  for (const name of names) {
    const found = Bun.which(name, { PATH: path });
    if (found === null) continue;
    const real = realOf(found);
    // A multi-call program's names are its own business (rm from busybox runs as rm).
    if (basename(real) !== name && MULTI_CALL.has(basename(real))) continue;
    const stats = statOf(real);
    if (stats === undefined || !stats.isFile()) continue;
    if (!table.byReal.has(real)) table.byReal.set(real, name);
    table.byInode.set(`${stats.dev}:${stats.ino}`, table.byInode.get(`${stats.dev}:${stats.ino}`) ?? name);
    const sameSize = table.bySize.get(stats.size) ?? [];
    if (!sameSize.some((program) => program.real === real)) sameSize.push({ name, real, stats });
    table.bySize.set(stats.size, sameSize);
  }
  return (codeRunners = table);
}

/**
 * The names the program in `file` answers to: its real file's name and, for a program named by
 * path (`./myrm`, `bin/x`), each rule's program and each program the analysis reads the arguments
 * of that it is the same file as (a link) or a copy of. A bare name is the program PATH finds,
 * installed by the person: the names a version manager gives one shim are not copies of each other.
 */
function namesOf(file: string, byPath: boolean, programs: readonly RuleProgram[], runnerNames: readonly string[] | undefined): string[] {
  const real = realOf(file);
  const names = new Set<string>([basename(real)]);
  const stats = statOf(real);
  if (!byPath || stats === undefined) return [...names];
  for (const program of programs) if (!names.has(program.name) && isSameProgram(program, real, stats)) names.add(program.name);
  if (runnerNames !== undefined) {
    const table = codeRunnersOnPath(runnerNames);
    const linked = table.byReal.get(real) ?? table.byInode.get(`${stats.dev}:${stats.ino}`);
    if (linked !== undefined) names.add(linked);
    else for (const program of table.bySize.get(stats.size) ?? []) if (isSameProgram(program, real, stats)) names.add(program.name);
  }
  return [...names];
}

/** True when `path` is written by another part of the command: itself, or a folder it lies in. */
function isWritten(path: string, written: ReadonlySet<string>): boolean {
  for (let at = path.length; at > 0; at = path.lastIndexOf("/", at - 1)) {
    if (written.has(path.slice(0, at))) return true;
  }
  return written.has("/");
}

/** Works out the programs of `parts` when a deny or ask rule about commands judges them, else undefined. */
export function identifyPrograms(options: {
  parts: readonly ShellCommandPart[];
  rules: readonly PermissionRule[];
  paths: PathContext;
  /** Paths other parts of the command write (a program there, or in a folder written into, may be replaced before it runs). */
  written: ReadonlySet<string>;
  /** The parts that write each file name among `written` (undefined for a redirection's). */
  namesWritten: ReadonlyMap<string, readonly (ShellCommandPart | undefined)[]>;
  /** File names the parts that may change files name in their words (each name's parts). */
  namedByChangers?: ReadonlyMap<string, readonly ShellCommandPart[]>;
}): ProgramIdentities | undefined {
  const rule = options.rules[0];
  if (rule === undefined) return undefined;
  const programs = ruleProgramsOf(options.rules);
  const identities: ProgramIdentities = { aliases: new Map(), unknown: new Map(), rule };
  const analysis = loadedShellAnalysis();
  const runnerNames = analysis?.codeRunnerNames();
  const kindOf = (name: string): unknown => analysis?.programKind(name);
  // A name written by another part of the command.
  const writtenElsewhere = (name: string, part: ShellCommandPart) => (options.namesWritten.get(name) ?? []).some((writer) => writer !== part);
  // Each name is looked up once per decision, however many parts run it.
  const onPath = new Map<string, string | null>();
  const which = (name: string): string | null => {
    let found = onPath.get(name);
    if (found === undefined) onPath.set(name, found = Bun.which(name, { PATH: process.env.PATH ?? "" }));
    return found;
  };
  const aliasesOf = new Map<string, string[]>();
  for (const part of options.parts) {
    const aliases: ProgramAlias[] = [];
    const unknown = (why: string) => {
      if (!part.mentionedOnly && !identities.unknown.has(part)) identities.unknown.set(part, why);
    };
    const starts = programStarts(part.words).filter((index) => !isAssignmentWord(part.words[index]?.value ?? ""));
    const launches = wrapperKind(basename(part.words[0]?.value ?? ""))?.startsWith("launcher") === true;
    const byPath = starts.filter((index) => part.words[index]?.value.includes("/"));
    const bare = starts.filter((index) => !part.words[index]?.value.includes("/"));
    if (byPath.length > MAX_PATH_CANDIDATES) unknown(`it names more than ${MAX_PATH_CANDIDATES} programs by path, too many to check which programs they are`);
    for (const index of [...byPath.slice(0, MAX_PATH_CANDIDATES), ...bare.slice(0, MAX_BARE_CANDIDATES)].sort((a, b) => a - b)) {
      const word = part.words[index];
      if (word === undefined || !word.literal || word.value === "") continue;
      const written = basename(word.value);
      const files: string[] = [];
      const pathNamed = word.value.includes("/");
      if (pathNamed) {
        const folders = word.value.startsWith("/") ? ["/"] : placements(part.cwd).map((cwd) => subjectBase({ cwd }, options.paths));
        for (const folder of folders) {
          if (folder === undefined) {
            unknown(`${word.value} lies in a folder only known when the command runs, so which program it is cannot be checked`);
            continue;
          }
          const path = resolve(folder, word.value);
          if (isWritten(path, options.written) || isWritten(realOf(path), options.written)) {
            unknown(`another part of the command writes ${word.value} (or a folder it is in) before it runs, so which program it is is only known when it runs`);
          } else if ((options.namedByChangers?.get(written) ?? []).some((other) => other !== part)) {
            unknown(`another part of the command may change ${written} before it runs, so which program ${word.value} is is only known when it runs`);
          } else {
            const stats = statOf(path);
            // Past a wrapper, a path-named word may be an argument (a folder, a socket): only the first word must be a program.
            if (stats === undefined && index === 0) unknown(`${word.value} is not there yet, so which program it is is only known when it runs`);
            else if (stats?.isFile() === true) files.push(path);
          }
        }
      } else {
        // A launcher (`npx tsc`, `uv run pytest`) finds the name in folders of its own, which the command may write into.
        if ((index === 0 || launches) && writtenElsewhere(word.value, part)) {
          unknown(`another part of the command writes a file named ${word.value}, so which program it runs is only known when it runs`);
        }
        const found = which(word.value);
        if (found !== null) files.push(found);
      }
      for (const file of files) {
        const key = `${pathNamed ? "path" : "bare"}:${file}`;
        let names = aliasesOf.get(key);
        if (names === undefined) aliasesOf.set(key, names = namesOf(file, pathNamed, programs, runnerNames));
        const writtenKind = kindOf(written);
        for (const name of names) {
          if (name === written) continue;
          aliases.push({ index, name });
          // `./mysh -c 'rm x'` is sh: what it runs is read only under the name it is known by.
          const kind = kindOf(name);
          if (kind !== undefined && kind !== writtenKind && (pathNamed || writtenKind === undefined)) {
            unknown(`${word.value} is ${name} under another name, so what it runs is not read; call it ${name}`);
          }
        }
      }
    }
    if (aliases.length > 0) identities.aliases.set(part, aliases);
  }
  if (analysis === undefined) {
    // Only the shell analysis makes command parts; without it nothing above could be checked.
    for (const part of options.parts) if (!part.mentionedOnly) identities.unknown.set(part, "the shell analysis is not loaded, so which programs the command runs cannot be checked");
  }
  return identities;
}
