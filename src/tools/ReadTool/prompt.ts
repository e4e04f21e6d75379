/** Every word the model reads about Read. */
import { BINARY_SNIFF_BYTES, DEFAULT_LINE_LIMIT, MAX_IMAGE_BYTES, MAX_LINE_CHARS, MAX_PDF_PAGES, MAX_WHOLE_FILE_BYTES, READ_TIMEOUT_MS } from "./limits.ts";

export const READ_TOOL_NAME = "Read";

export const DESCRIPTION = "Read a file from the local filesystem.";

export function renderPrompt(): string {
  return `Reads a file from the local filesystem and returns its text with line numbers.

- file_path must be an absolute path, not a relative one.
- By default up to ${DEFAULT_LINE_LIMIT} lines are returned, starting at the first line.
- offset (the line number to start at, counting from 1) and limit (how many lines) read a part of
  a long file; prefer reading the whole file when it is small.
- Lines longer than ${MAX_LINE_CHARS} characters are cut.
- Files over ${MAX_WHOLE_FILE_BYTES / 1024} KB must be read in parts with offset and limit, or searched with Grep.
  A read that takes longer than ${READ_TIMEOUT_MS / 1000} seconds to reach its lines (deep in a huge file) is stopped.
- Pipes, sockets and devices are not read; files that report no size (under /proc) are read up to ${MAX_WHOLE_FILE_BYTES / 1024} KB.
- Each line comes back as the line number, a tab, then the line's text, numbered from 1. The
  number and tab are not part of the file: leave them out when you quote or edit the text.
- Reading a folder fails: use Glob or LS to list it.
- Binary files (NUL bytes in the first ${BINARY_SNIFF_BYTES / 1024} KB, other than UTF-16 text) are refused: look at them with Bash (file, xxd, strings).
- You can read several files at once by calling Read several times in one message.
- Images (PNG, JPEG, GIF, WebP, up to ${Math.floor(MAX_IMAGE_BYTES / 1000)} KB) come back as images you can see.
- PDF files come back as documents. pages picks a page or range ("3", "1-5"); at most
  ${MAX_PDF_PAGES} pages per call, and a longer PDF must be read with pages. Other files reject pages.
- Jupyter notebooks (.ipynb) come back as their cells, each with its id, type, source and outputs;
  edit them with NotebookEdit using those ids.`;
}
