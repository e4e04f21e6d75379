/** Every word the model reads about Edit. */
import { MAX_EDIT_FILE_BYTES } from "./limits.ts";

export const EDIT_TOOL_NAME = "Edit";
/** Lines of context shown around an edit in the result. */
export const SNIPPET_CONTEXT_LINES = 4;

export const DESCRIPTION = "Replace exact text in a file.";

export function renderPrompt(): string {
  return `Replaces exact text in a file.

- Read the file with the Read tool in this session before editing it; an edit of a file that was
  not read, or that changed since it was read, is refused and you are asked to read it again.
- old_string must match the file exactly, including indentation and whitespace. Read shows each
  line as its line number, a tab, then the text: copy only the text after the tab.
- old_string must occur exactly once in the file. If it occurs more often, add surrounding lines
  to make it unique, or set replace_all to true to replace every occurrence (useful for renaming).
- old_string and new_string must differ.
- An empty old_string creates a new file with new_string as its content.
- The file keeps its line endings (LF or CRLF), its UTF-8 byte order mark and its encoding (UTF-16 stays UTF-16).
- The result shows the edited region with line numbers and ${SNIPPET_CONTEXT_LINES} lines around it.
- Files larger than ${MAX_EDIT_FILE_BYTES / 1024 / 1024} MB are not edited; change those with Bash (sed, for example).
- For .ipynb notebooks use NotebookEdit.`;
}
