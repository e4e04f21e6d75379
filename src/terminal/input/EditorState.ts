/**
 * The text being typed and where the cursor is, with every edit as a pure function: insert,
 * delete, move by character, word and line, and the readline kills (Ctrl-U, Ctrl-K, Ctrl-W).
 * The cursor is an index into the text, always on a code point boundary.
 */

export interface EditorState {
  text: string;
  cursor: number;
}

export const EMPTY_EDITOR: EditorState = { text: "", cursor: 0 };

/** An editor holding `text` with the cursor at its end. */
export function editorWith(text: string): EditorState {
  return { text, cursor: text.length };
}

function previousBoundary(text: string, index: number): number {
  if (index <= 0) return 0;
  const code = text.charCodeAt(index - 1);
  return code >= 0xdc00 && code <= 0xdfff && index >= 2 ? index - 2 : index - 1;
}

function nextBoundary(text: string, index: number): number {
  if (index >= text.length) return text.length;
  const code = text.charCodeAt(index);
  return code >= 0xd800 && code <= 0xdbff && index + 1 < text.length ? index + 2 : index + 1;
}

function lineStart(text: string, index: number): number {
  return text.lastIndexOf("\n", index - 1) + 1;
}

function lineEnd(text: string, index: number): number {
  const end = text.indexOf("\n", index);
  return end === -1 ? text.length : end;
}

export function insertText(state: EditorState, inserted: string): EditorState {
  const clean = inserted.replace(/\r\n?/g, "\n");
  return { text: state.text.slice(0, state.cursor) + clean + state.text.slice(state.cursor), cursor: state.cursor + clean.length };
}

export function deleteBackward(state: EditorState): EditorState {
  if (state.cursor === 0) return state;
  const start = previousBoundary(state.text, state.cursor);
  return { text: state.text.slice(0, start) + state.text.slice(state.cursor), cursor: start };
}

export function deleteForward(state: EditorState): EditorState {
  if (state.cursor >= state.text.length) return state;
  return { text: state.text.slice(0, state.cursor) + state.text.slice(nextBoundary(state.text, state.cursor)), cursor: state.cursor };
}

export function moveLeft(state: EditorState): EditorState {
  return { ...state, cursor: previousBoundary(state.text, state.cursor) };
}

export function moveRight(state: EditorState): EditorState {
  return { ...state, cursor: nextBoundary(state.text, state.cursor) };
}

export function moveWordLeft(state: EditorState): EditorState {
  let index = state.cursor;
  while (index > 0 && /\s/.test(state.text[index - 1] as string)) index--;
  while (index > 0 && !/\s/.test(state.text[index - 1] as string)) index--;
  return { ...state, cursor: index };
}

export function moveWordRight(state: EditorState): EditorState {
  let index = state.cursor;
  while (index < state.text.length && /\s/.test(state.text[index] as string)) index++;
  while (index < state.text.length && !/\s/.test(state.text[index] as string)) index++;
  return { ...state, cursor: index };
}

export function moveLineStart(state: EditorState): EditorState {
  return { ...state, cursor: lineStart(state.text, state.cursor) };
}

export function moveLineEnd(state: EditorState): EditorState {
  return { ...state, cursor: lineEnd(state.text, state.cursor) };
}

/** The cursor one line up (or down), keeping its column where the line is long enough; undefined at the first (or last) line. */
export function moveVertically(state: EditorState, direction: -1 | 1): EditorState | undefined {
  const start = lineStart(state.text, state.cursor);
  const column = state.cursor - start;
  if (direction === -1) {
    if (start === 0) return undefined;
    const previousStart = lineStart(state.text, start - 1);
    return { ...state, cursor: Math.min(previousStart + column, start - 1) };
  }
  const end = lineEnd(state.text, state.cursor);
  if (end === state.text.length) return undefined;
  const nextStart = end + 1;
  return { ...state, cursor: Math.min(nextStart + column, lineEnd(state.text, nextStart)) };
}

/** Ctrl-U: deletes from the start of the line to the cursor. */
export function deleteToLineStart(state: EditorState): EditorState {
  const start = lineStart(state.text, state.cursor);
  return { text: state.text.slice(0, start) + state.text.slice(state.cursor), cursor: start };
}

/** Ctrl-K: deletes from the cursor to the end of the line. */
export function deleteToLineEnd(state: EditorState): EditorState {
  const end = lineEnd(state.text, state.cursor);
  return { text: state.text.slice(0, state.cursor) + state.text.slice(end === state.cursor && end < state.text.length ? end + 1 : end), cursor: state.cursor };
}

/** Ctrl-W: deletes the word before the cursor. */
export function deleteWordBackward(state: EditorState): EditorState {
  const start = moveWordLeft(state).cursor;
  return { text: state.text.slice(0, start) + state.text.slice(state.cursor), cursor: start };
}

/** Replaces the `length` characters before the cursor with `replacement` (completions). */
export function replaceBeforeCursor(state: EditorState, length: number, replacement: string): EditorState {
  const start = Math.max(0, state.cursor - length);
  return { text: state.text.slice(0, start) + replacement + state.text.slice(state.cursor), cursor: start + replacement.length };
}
