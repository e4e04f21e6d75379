/** Every word the model reads about Grep. */
import { MAX_BUILTIN_FILE_BYTES, MAX_GREP_LINE_CHARS } from "../../search/grepTypes.ts";
import { DEFAULT_HEAD_LIMIT, GREP_TIMEOUT_MS, MAX_PATTERN_CHARS } from "./limits.ts";

export const GREP_TOOL_NAME = "Grep";

export const DESCRIPTION = "Search file contents with a regular expression.";

export function renderPrompt(): string {
  return `Searches the contents of files with a regular expression, with ripgrep's behaviour.

- pattern is a regular expression in ripgrep's syntax (Rust regex): "log.*Error", "function\\s+\\w+",
  "(?i)todo". Escape literal braces and other special characters ("interface\\{\\}").
  Look-around and back-references are not supported. When ripgrep is not installed a built-in
  engine with the same syntax for these common forms (classes, \\b \\d \\w \\s, groups,
  alternation, repetition, (?i)) runs instead and gives the same output.
- path is the file or folder to search; leave it out to search the working folder.
- Files listed in .gitignore (inside a git repository), .ignore or .rgignore, hidden files, and
  binary files are skipped, as ripgrep skips them.
- glob filters files ("*.js", "*.{ts,tsx}", "!**/vendor/**"; several separated by spaces);
  type filters by file type ("js", "py", "rust", "go", "java"), faster than glob for standard types.
- output_mode: "files_with_matches" (the default) lists matching files, most recently modified
  first; "content" shows matching lines as path:line:text (context lines as path-line-text, groups
  separated by "--"); "count" shows path:count per file.
- Content mode only: -n shows line numbers (default true), -A/-B/-C (or context) add lines of
  context after/before/around each match, -o shows only the matched parts. Lines longer than
  ${MAX_GREP_LINE_CHARS} characters are cut.
- -i searches case-insensitively.
- multiline lets a pattern span lines and lets "." match line ends (default false: each line is
  searched on its own).
- head_limit keeps the first N lines, files or counts (default ${DEFAULT_HEAD_LIMIT}; 0 means no limit);
  offset skips that many first (default 0). Together they page through large results.
- A pattern may have at most ${MAX_PATTERN_CHARS} characters. A search that runs longer than
  ${GREP_TIMEOUT_MS / 1000} seconds is stopped and returns what it found so far, with a note; narrow the
  path, glob or type. The built-in engine skips files larger than ${MAX_BUILTIN_FILE_BYTES / 1024 / 1024} MB (and says so).
- Only files and folders are searched: named pipes and devices are refused.
- Use Grep for searching file contents; do not run grep or rg through Bash.`;
}
