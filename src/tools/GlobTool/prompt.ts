/** Every word the model reads about Glob. */
import { GLOB_TIMEOUT_MS } from "./limits.ts";

export const GLOB_TOOL_NAME = "Glob";
/** At most this many paths come back. */
export const MAX_GLOB_RESULTS = 100;

export const DESCRIPTION = "Find files by name pattern.";

export function renderPrompt(): string {
  return `Finds files whose paths match a glob pattern, in a folder and everything below it.

- Patterns such as "**/*.ts", "src/**/*.{js,jsx}" or "*.md" (the last matches only the top folder).
- path is the folder to search; leave it out to search the working folder.
- Matching files come back as absolute paths, the most recently modified first.
- At most ${MAX_GLOB_RESULTS} paths are returned; a note says when there were more. Narrow the
  pattern or the path to see the rest.
- Hidden files and folders (names starting with ".") are skipped unless the pattern names them,
  and so are paths ignored by .gitignore (inside a git repository), .ignore or .rgignore files.
- A search that runs longer than ${GLOB_TIMEOUT_MS / 1000} seconds is stopped and returns the matches found
  so far, with a note.
- To search inside files, use Grep.`;
}
