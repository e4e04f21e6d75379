/**
 * The folders of a session whose files toolshed tells the model to read: large results saved by
 * the pipeline (`tool-results`), long Bash output (`bash`) and background task output (`tasks`).
 * Reads there need no question; writes are judged as anywhere else.
 */
import { join } from "node:path";

/** The sub-folders of the session folder that hold output meant to be read back. */
export const READABLE_SESSION_FOLDERS: readonly string[] = ["tool-results", "bash", "tasks"];

/** The readable folders of the session kept in `sessionDirectory`. */
export function readableSessionFolders(sessionDirectory: string): string[] {
  return READABLE_SESSION_FOLDERS.map((folder) => join(sessionDirectory, folder));
}
