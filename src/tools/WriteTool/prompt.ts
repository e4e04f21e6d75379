/** Every word the model reads about Write. */
export const WRITE_TOOL_NAME = "Write";

export const DESCRIPTION = "Write a file to the local filesystem.";

export function renderPrompt(): string {
  return `Writes a file to the local filesystem, replacing it if it exists.

- file_path must be an absolute path, not a relative one. Missing parent folders are created.
- Overwriting an existing file requires that you read it with the Read tool in this session and
  that it has not changed since; otherwise the write is refused and you are asked to read it again.
- An existing file keeps its permissions, its line endings (LF or CRLF), its UTF-8 byte order
  mark and its encoding (UTF-16 stays UTF-16); write the content with plain LF line ends.
- The file is replaced in one step: a reader sees the old content or the new, never a mix. (A
  file with other hard links is written in place instead, so every name sees the new content.)
- Prefer the Edit tool for changing part of an existing file; use Write for new files or complete
  rewrites.
- Do not create documentation or README files unless asked to.`;
}
