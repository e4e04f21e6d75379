/**
 * What is left of a session's folder when the session ends. Decided (see README): the files the
 * model was pointed to stay (results saved in full under tool-results/, long command output
 * under bash/), since a transcript may quote their paths, and so does errors.log; what only
 * served the running session goes: background task logs and working-folder files, and every
 * folder left empty, the session folder itself included. Only this session's own files are
 * removed and only empty folders, so sessions sharing one folder (TOOLSHED_SESSION_DIR) are safe.
 */
import { rmdirSync, rmSync } from "node:fs";
import { join } from "node:path";

/** The session folder's subfolders, deepest first, as the tools create them. */
const SUBFOLDERS = ["tasks", "bash", "tool-results"];

/** Removes `files` (missing ones are fine), then the session's folders that are left empty. */
export function cleanUpSessionFolder(sessionDirectory: string, files: readonly string[]): void {
  for (const file of files) {
    try {
      rmSync(file, { force: true });
    } catch {
      // Not removable (a read-only disk): left for the person, never an error at exit.
    }
  }
  for (const folder of [...SUBFOLDERS.map((name) => join(sessionDirectory, name)), sessionDirectory]) {
    try {
      rmdirSync(folder);
    } catch {
      // Not empty (it holds results the model was pointed to) or not there: kept as it is.
    }
  }
}
