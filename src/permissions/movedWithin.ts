/** Whether what mv takes out of a folder stays in it (`mv * old/`), which leaves that folder no emptier. */
import { dirname } from "node:path";
import { realPathOrUndefined } from "../files/statOrUndefined.ts";
import { isPathWithin } from "../paths/isInsideDirectories.ts";
import { resolvePathSubject, type PathContext } from "./pathJudgment.ts";
import type { PathSubject } from "./subjects.ts";

/**
 * True when the subject is moved (see PathSubject.movedInto) to where links lead now inside
 * `folder`: into a folder there, or as a new name there. A destination only known when it runs,
 * one the shell expands (`mv * *.bak`), or one a link the command makes may lead through does not count.
 */
export function movedWithin(subject: PathSubject, folder: string, context: PathContext): boolean {
  const into = subject.movedInto;
  if (into === undefined || !into.literal || into.glob) return false;
  const destination = resolvePathSubject({ ...subject, word: into, movedInto: undefined }, context);
  const forms = destination.forms;
  if (forms === undefined || destination.unknown !== undefined || destination.throughNewLink !== undefined) return false;
  const real = realPathOrUndefined(folder);
  const landing = forms.isDirectory ? forms.canonical : dirname(forms.canonical);
  return real !== undefined && (landing === real || isPathWithin(landing, real));
}
