/** Whether what mv takes out of a folder stays in it (`mv * old/`), which leaves that folder no emptier. */
import { dirname, resolve } from "node:path";
import { lstatOrUndefined, realPathOrUndefined } from "../files/statOrUndefined.ts";
import { expandShellGlob } from "../paths/expandShellGlob.ts";
import { isPathWithin } from "../paths/isInsideDirectories.ts";
import { programStarts } from "../shell/commandForms.ts";
import { partReadOnlyProblem } from "../shell/readOnlyProblem.ts";
import type { ShellAnalysis, ShellCommandPart, ShellWord } from "../shell/types.ts";
import { resolvePathSubject, subjectBase, type PathContext } from "./pathJudgment.ts";
import type { PathSubject } from "./subjects.ts";

/**
 * True when the subject is moved (see PathSubject.movedInto) out of a working folder to where
 * links lead now inside it: into a folder there, or each name a loop's item stands for beside
 * itself (`for f in *; do mv "$f" "$f.bak"; done`). A destination only known when it runs, one the
 * shell expands (`mv * *.bak`), or one a link the command makes may lead through does not count.
 */
export function movedWithin(subject: PathSubject, folder: string, context: PathContext, soleMove: SoleMove | undefined): boolean {
  const into = subject.movedInto;
  const real = realPathOrUndefined(folder);
  if (into === undefined || real === undefined || soleMove === undefined || subject.part === undefined || subject.part !== soleMove.part) return false;
  // A working folder only: a system folder's names are where links and programs expect them (`mv /usr/* /usr/local/`).
  if (!context.workingDirectories.some((working) => realPathOrUndefined(working) === real)) return false;
  const landing = into.besideItem !== undefined ? besideItemLanding(subject, into.besideItem, context)
    : takenAsOperands(subject.part, subject.word) ? placedLanding(subject, into, context, soleMove.madeBefore) : undefined;
  return landing !== undefined && isPathWithin(landing, real);
}

/**
 * The part whose moves may stay inside the folder they leave: the command's one part that is not
 * read-only (a mkdir of plain names aside), run as mv itself, with no wrapper (`env -C /tmp mv`
 * moves elsewhere), no xargs or find filling it in, and no variable set anywhere (`HOME=/tmp; mv
 * ~/* ~/x/`). Another part could remove the destination or make it a link (`mv * old/ && rm -rf
 * old`, `tar xf e.tar; mv * nn/`); nothing but /dev/null may be written by a redirect.
 */
export function soleMovePart(analyses: readonly ShellAnalysis[]): SoleMove | undefined {
  let move: SoleMove | undefined;
  const made: ShellCommandPart[] = [];
  for (const analysis of analyses) {
    if (analysis.problems.length > 0 || analysis.redirects.some((redirect) => redirect.access === "write" && redirect.target.value !== "/dev/null")) return undefined;
    for (const part of analysis.parts) {
      if (part.problems.length > 0 || part.assignments.length > 0 || (part.unknownCode ?? []).length > 0) return undefined;
      if (isPlainMkdir(part)) {
        if (move === undefined) made.push(part);
        continue;
      }
      if (partReadOnlyProblem(part) === undefined) continue;
      const first = part.words[0];
      if (move !== undefined || first?.literal !== true || first.value !== "mv" || part.filledIn !== undefined || programStarts(part.words).some((start) => start > 0)) return undefined;
      move = { part, madeBefore: made };
    }
  }
  return move;
}

/** The part soleMovePart finds, and the plain mkdir parts before it (a folder one makes is a folder to move into). */
export interface SoleMove {
  part: ShellCommandPart;
  madeBefore: readonly ShellCommandPart[];
}

function isPlainMkdir(part: ShellCommandPart): boolean {
  return part.words[0]?.value === "mkdir" && part.words.every((word) => word.literal && !word.glob) && (part.touches ?? []).length === 0;
}

/**
 * Whether every name the glob `word` expands to reaches mv as a file to move: after a `--`, or when
 * no name can start with `-` (`./*`, `src/*`), since a file named `-t..` is an option otherwise.
 */
function takenAsOperands(part: ShellCommandPart, word: ShellWord): boolean {
  const at = part.words.indexOf(word);
  const dashes = part.words.findIndex((each) => each.value === "--");
  return at !== -1 && (!/^[*?[]/.test(word.value) || (dashes !== -1 && dashes < at));
}

/**
 * The real folder a literal destination puts things in: a folder there now. Not a new name or a
 * file, onto which each of many moves would land in turn (`for f in *; do mv "$f" x; done`).
 */
function placedLanding(subject: PathSubject, into: ShellWord, context: PathContext, madeBefore: readonly ShellCommandPart[]): string | undefined {
  if (!into.literal || into.glob) return undefined;
  const destination = resolvePathSubject({ ...subject, word: into, movedInto: undefined }, context);
  const forms = destination.forms;
  if (forms === undefined || destination.unknown !== undefined || destination.throughNewLink !== undefined) return undefined;
  // Not there yet, it is a folder when a mkdir before the move makes it (`mkdir -p old && mv -- * old/`).
  // (Nothing may be there, a dangling link neither.)
  const made = () => lstatOrUndefined(forms.lexical) === undefined && madeBefore.some((part) => part.words.slice(1).some((word) => {
    const base = subjectBase({ cwd: part.cwd }, context);
    return !word.value.startsWith("-") && base !== undefined && resolve(base, word.value) === forms.lexical;
  }));
  return forms.isDirectory || made() ? forms.canonical : undefined;
}

/**
 * The real folder a name beside each of an item's names is in: the folder the item's names are in,
 * when its wildcards are in its last name only, no name the command makes may be among them, and
 * no such name is a folder or a link now (mv would move into it).
 */
function besideItemLanding(subject: PathSubject, beside: NonNullable<ShellWord["besideItem"]>, context: PathContext): string | undefined {
  const { item, suffix } = beside;
  const base = subjectBase(subject, context);
  const trimmed = item.value.replace(/\/+$/, "");
  if (base === undefined || (subject.newNames ?? []).length > 0 || /[*?[]/.test(dirname(trimmed))) return undefined;
  const names = expandShellGlob(`${item.value}${suffix}`, base);
  if (names.kind === "unknown" || names.paths.some((path) => isFolderOrLink(path, base))) return undefined;
  const itemFolder = resolvePathSubject({ ...subject, word: item, movedInto: undefined }, context);
  if (itemFolder.forms === undefined || itemFolder.unknown !== undefined || itemFolder.throughNewLink !== undefined) return undefined;
  // `*/` names folders: what is beside each name is inside that folder, itself in the item's folder.
  return item.glob ? itemFolder.forms.canonical : dirname(itemFolder.forms.canonical);
}

function isFolderOrLink(path: string, base: string): boolean {
  const stats = lstatOrUndefined(resolve(base, path));
  return stats !== undefined && (stats.isDirectory() || stats.isSymbolicLink());
}
