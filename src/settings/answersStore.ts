/**
 * The person's own "always" answers, kept where a repository cannot put them: one file per
 * project folder under the user config folder (`answers/<hash of the folder>.json`), written
 * atomically and readable only by the person. They apply in that folder whether or not it is
 * trusted, since they are the person's answers, not the repository's settings; the file names
 * its folder, so a copied or colliding file applies nowhere else.
 */
import { join } from "node:path";
import { z } from "../schema/zod.ts";
import { writeFileAtomic } from "../files/writeFileAtomic.ts";
import { hashBytes } from "../files/hashBytes.ts";
import { lazy } from "../lazy.ts";
import { canonicalPath } from "../paths/isInsideDirectories.ts";
import { parseJsonWithPositions } from "./jsonWithPositions.ts";
import { readSettingsFile } from "./readSettingsFile.ts";
import { userConfigDirectory } from "./settingsPaths.ts";

const answersFileSchema = lazy(() => z.looseObject({
  folder: z.string(),
  permissions: z.looseObject({ allow: z.array(z.string()) }),
}));

/** The answers saved for one folder. */
export interface SavedAnswers {
  path: string;
  allow: string[];
}

/** The file holding the answers given in `folder` (canonicalised). */
export function answersFilePath(folder: string): string {
  const canonical = canonicalPath(folder);
  return join(userConfigDirectory(), "answers", `${hashBytes(new TextEncoder().encode(canonical)).slice(0, 24)}.json`);
}

/** The allow rules answered "always" in `folder`; a problem with the file is a warning, never an allow. */
export function readSavedAnswers(folder: string, warnings: string[]): SavedAnswers | undefined {
  const path = answersFilePath(folder);
  const read = readSettingsFile(path);
  if (read.kind === "missing") return undefined;
  if (read.kind === "error") {
    warnings.push(`${path} ${read.reason}; your saved answers for this folder are not used`);
    return undefined;
  }
  const json = parseJsonWithPositions(read.text, path);
  const checked = json.ok ? answersFileSchema().safeParse(json.value) : undefined;
  if (checked === undefined || !checked.success) {
    warnings.push(`${json.ok ? path : json.message}: not a saved-answers file; your saved answers for this folder are not used`);
    return undefined;
  }
  if (checked.data.folder !== canonicalPath(folder)) return undefined;
  return { path, allow: checked.data.permissions.allow };
}

/** Adds `rules` to the answers of `folder`; returns the file written. */
export function saveAnswers(folder: string, rules: readonly string[]): string {
  const warnings: string[] = [];
  const existing = readSavedAnswers(folder, warnings);
  const path = answersFilePath(folder);
  const allow = [...new Set([...(existing?.allow ?? []), ...rules])];
  const content = { folder: canonicalPath(folder), permissions: { allow } };
  writeFileAtomic(path, `${JSON.stringify(content, null, 2)}\n`, { createParents: true, mode: 0o600 });
  return path;
}
