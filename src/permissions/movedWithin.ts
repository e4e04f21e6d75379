/** Whether what mv takes out of a folder stays in it (`mv * old/`), which leaves that folder no emptier. */
import { lstatSync } from "node:fs";
import { dirname } from "node:path";
import { realPathOrUndefined } from "../files/statOrUndefined.ts";
import { expandShellGlob } from "../paths/expandShellGlob.ts";
import { isPathWithin } from "../paths/isInsideDirectories.ts";
import type { ShellWord } from "../shell/types.ts";
import { resolvePathSubject, subjectBase, type PathContext } from "./pathJudgment.ts";
import type { PathSubject } from "./subjects.ts";

/**
 * True when the subject is moved (see PathSubject.movedInto) to where links lead now inside
 * `folder`: into a folder there, or as a new name there, or each name a loop's item stands for
 * beside itself (`for f in *; do mv "$f" "$f.bak"; done`). A destination only known when it runs,
 * one the shell expands (`mv * *.bak`), or one a link the command makes may lead through does not count.
 */
export function movedWithin(subject: PathSubject, folder: string, context: PathContext): boolean {
  const into = subject.movedInto;
  const real = realPathOrUndefined(folder);
  if (into === undefined || real === undefined) return false;
  const landing = into.besideItem !== undefined ? besideItemLanding(subject, into.besideItem, context) : placedLanding(subject, into, context);
  return landing !== undefined && isPathWithin(landing, real);
}

/** The real folder a literal destination puts things in: the folder it names, or the one it is a new name in. */
function placedLanding(subject: PathSubject, into: ShellWord, context: PathContext): string | undefined {
  if (!into.literal || into.glob) return undefined;
  const destination = resolvePathSubject({ ...subject, word: into, movedInto: undefined }, context);
  const forms = destination.forms;
  if (forms === undefined || destination.unknown !== undefined || destination.throughNewLink !== undefined) return undefined;
  return forms.isDirectory ? forms.canonical : dirname(forms.canonical);
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
  try {
    const stats = lstatSync(path.startsWith("/") ? path : `${base}/${path}`);
    return stats.isDirectory() || stats.isSymbolicLink();
  } catch {
    return false;
  }
}
