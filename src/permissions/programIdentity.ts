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
import { programStarts } from "../shell/commandForms.ts";
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
/** Words of one part tried as the program it runs (past wrappers). */
const MAX_CANDIDATES = 8;
/** Programs whose writes change a file's mode or times, not what it runs. */
const MODE_CHANGERS = new Set(["chmod", "chown", "chgrp", "touch", "chattr", "setfacl"]);

export function isModeChanger(name: string): boolean {
  return MODE_CHANGERS.has(name);
}

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

/** True when two files of the same size hold the same bytes. */
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

/** The names the program in `file` answers to: its real file's name, and each rule's program it is the same file as, or a copy of. */
function namesOf(file: string, programs: readonly RuleProgram[]): string[] {
  const real = realOf(file);
  const names = new Set<string>([basename(real)]);
  const stats = statOf(real);
  for (const program of programs) {
    if (stats === undefined || names.has(program.name)) continue;
    const same = program.real === real || (program.stats.dev === stats.dev && program.stats.ino === stats.ino) ||
      (program.stats.size === stats.size && sameBytes(program.real, real, stats.size));
    if (same) names.add(program.name);
  }
  return [...names];
}

/** Works out the programs of `parts` when a deny or ask rule about commands judges them, else undefined. */
export function identifyPrograms(options: {
  parts: readonly ShellCommandPart[];
  rules: readonly PermissionRule[];
  paths: PathContext;
  /** Paths other parts of the command write (a program there may be replaced before it runs). */
  written: ReadonlySet<string>;
}): ProgramIdentities | undefined {
  const rule = options.rules[0];
  if (rule === undefined) return undefined;
  const programs = ruleProgramsOf(options.rules);
  const identities: ProgramIdentities = { aliases: new Map(), unknown: new Map(), rule };
  const writtenNames = new Set([...options.written].map((path) => basename(path)));
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
    for (const index of programStarts(part.words).slice(0, MAX_CANDIDATES)) {
      const word = part.words[index];
      if (word === undefined || !word.literal || word.value === "") continue;
      const written = basename(word.value);
      const files: string[] = [];
      if (word.value.includes("/")) {
        const folders = word.value.startsWith("/") ? ["/"] : placements(part.cwd).map((cwd) => subjectBase({ cwd }, options.paths));
        for (const folder of folders) {
          if (folder === undefined) {
            if (index === 0 && !part.mentionedOnly) identities.unknown.set(part, `${word.value} lies in a folder only known when the command runs, so which program it is cannot be checked`);
            continue;
          }
          const path = resolve(folder, word.value);
          if (options.written.has(path) || options.written.has(realOf(path))) {
            if (!part.mentionedOnly) identities.unknown.set(part, `another part of the command writes ${word.value} before it runs, so which program it is is only known when it runs`);
          } else if (statOf(path)?.isFile() !== true) {
            if (index === 0 && !part.mentionedOnly) identities.unknown.set(part, `${word.value} is not there yet, so which program it is is only known when it runs`);
          } else files.push(path);
        }
      } else {
        const found = which(word.value);
        if (found !== null) files.push(found);
        else if (index === 0 && writtenNames.has(word.value) && !part.mentionedOnly) {
          identities.unknown.set(part, `another part of the command writes a file named ${word.value}, so which program it runs is only known when it runs`);
        }
      }
      for (const file of files) {
        let names = aliasesOf.get(file);
        if (names === undefined) aliasesOf.set(file, names = namesOf(file, programs));
        for (const name of names) if (name !== written) aliases.push({ index, name });
      }
    }
    if (aliases.length > 0) identities.aliases.set(part, aliases);
  }
  return identities;
}
