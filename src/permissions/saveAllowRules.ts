/**
 * Saves the allow rules a person approved with "always". They go to the person's saved answers
 * for the working folder (in the user config folder, see settings/answersStore.ts), not into the
 * project: a file in the repository would be skipped until the folder is trusted, and a
 * repository must never be able to ship answers the person did not give.
 */
import { saveAnswers } from "../settings/answersStore.ts";

/** Adds `rules` to the saved answers of `projectDirectory`; returns the file written. */
export function saveAllowRules(projectDirectory: string, rules: readonly string[]): string {
  return saveAnswers(projectDirectory, rules);
}
