/** Every word the model reads about LS. */
import { LS_TIMEOUT_MS } from "./limits.ts";

export const LS_TOOL_NAME = "LS";
/** At most this many entries are listed. */
export const MAX_LS_ENTRIES = 1000;

export const DESCRIPTION = "List the files and folders in a folder.";

export function renderPrompt(): string {
  return `Lists the files and folders under a folder, as an indented tree (folders end with "/").

- path must be an absolute path to a folder.
- Hidden entries (names starting with ".") and paths ignored by .gitignore, .ignore or
  .rgignore files are left out, as Grep and Glob leave them out.
- ignore is a list of glob patterns to leave out as well, such as ["*.log", "dist"].
- At most ${MAX_LS_ENTRIES} entries are listed; a note says when the list was cut. List a subfolder,
  or use Glob with a pattern, to see the rest. A listing that takes longer than ${LS_TIMEOUT_MS / 1000} seconds
  is stopped and returns what it listed so far.`;
}
