/**
 * What each key does to the input, as a pure function of the input's state: editing, moving,
 * history (Up and Down past the first or last line), completions (Tab, or Enter while a list is
 * open), new lines (`\` then Enter, Alt+Enter, Shift+Enter where the terminal tells it apart), and
 * the keys that reach the session (Enter sends, Escape interrupts, Shift+Tab changes the mode,
 * Ctrl-C and Ctrl-D leave).
 */
import {
  deleteBackward,
  deleteForward,
  deleteToLineEnd,
  deleteToLineStart,
  deleteWordBackward,
  EMPTY_EDITOR,
  editorWith,
  insertText,
  moveLeft,
  moveLineEnd,
  moveLineStart,
  moveRight,
  moveVertically,
  moveWordLeft,
  moveWordRight,
  replaceBeforeCursor,
  type EditorState,
} from "./EditorState.ts";

/** The keys as Ink reports them (the fields the input reads). */
export interface KeyPress {
  upArrow?: boolean;
  downArrow?: boolean;
  leftArrow?: boolean;
  rightArrow?: boolean;
  home?: boolean;
  end?: boolean;
  return?: boolean;
  escape?: boolean;
  ctrl?: boolean;
  shift?: boolean;
  meta?: boolean;
  tab?: boolean;
  backspace?: boolean;
  delete?: boolean;
}

export interface PromptState {
  editor: EditorState;
  /** Which history entry is shown (counted from the newest, 0 = newest); undefined when none. */
  historyIndex?: number;
  /** What was being typed before Up went into the history. */
  draft: EditorState;
  /** The completion selected, while a list is offered. */
  selected: number;
  /** Escape closed the list; it opens again once the text changes. */
  completionsClosed: boolean;
}

/** A completion: the text that replaces `replace` characters before the cursor. */
export interface CompletionChoice {
  value: string;
  replace: number;
}

export type PromptAction =
  | { type: "none" }
  | { type: "submit"; text: string }
  | { type: "interrupt" }
  | { type: "cycleMode" }
  | { type: "ctrlC" }
  | { type: "exit" };

export interface KeyContext {
  /** Earlier messages, oldest first. */
  history: readonly string[];
  /** What is offered for the text at the cursor (empty when nothing is). */
  completions: readonly CompletionChoice[];
}

export const EMPTY_PROMPT: PromptState = { editor: EMPTY_EDITOR, draft: EMPTY_EDITOR, selected: 0, completionsClosed: false };

const NONE: PromptAction = { type: "none" };

function edited(state: PromptState, editor: EditorState): PromptState {
  if (editor.text === state.editor.text) return { ...state, editor };
  return { ...state, editor, selected: 0, completionsClosed: false, historyIndex: undefined };
}

function recall(state: PromptState, history: readonly string[], direction: -1 | 1): PromptState {
  if (direction === -1) {
    const index = state.historyIndex === undefined ? 0 : state.historyIndex + 1;
    const entry = history[history.length - 1 - index];
    if (entry === undefined) return state;
    return { ...state, historyIndex: index, draft: state.historyIndex === undefined ? state.editor : state.draft, editor: { text: entry, cursor: entry.length }, completionsClosed: true };
  }
  if (state.historyIndex === undefined) return state;
  if (state.historyIndex === 0) return { ...state, historyIndex: undefined, editor: state.draft, completionsClosed: false };
  const index = state.historyIndex - 1;
  const entry = history[history.length - 1 - index] ?? "";
  return { ...state, historyIndex: index, editor: editorWith(entry), completionsClosed: true };
}

/** Applies one key press; returns the new state and what the session should do. */
export function applyKey(state: PromptState, input: string, key: KeyPress, context: KeyContext): { state: PromptState; action: PromptAction } {
  const listOpen = context.completions.length > 0 && !state.completionsClosed;
  const editor = state.editor;
  const same = (next: PromptState) => ({ state: next, action: NONE });

  if (key.ctrl && input === "c") {
    if (editor.text !== "") return same({ ...EMPTY_PROMPT });
    return { state, action: { type: "ctrlC" } };
  }
  if (key.ctrl && input === "d") {
    if (editor.text === "") return { state, action: { type: "exit" } };
    return same(edited(state, deleteForward(editor)));
  }
  if (key.tab && key.shift) return { state, action: { type: "cycleMode" } };
  if (key.escape) {
    if (listOpen) return same({ ...state, completionsClosed: true });
    return { state, action: { type: "interrupt" } };
  }
  if (listOpen && (key.tab || (key.return && !key.meta && !key.shift))) {
    const choice = context.completions[state.selected] ?? context.completions[0];
    const completed = choice === undefined ? undefined : replaceBeforeCursor(editor, choice.replace, choice.value);
    // Enter on a command already typed out in full sends it rather than completing it again.
    const alreadyComplete = key.return && completed !== undefined && completed.text.trim() === editor.text.trim();
    // Enter on a slash command runs it at once; on a file it only completes the path.
    if (completed !== undefined && key.return && !alreadyComplete && choice?.value.startsWith("/") && completed.text.trim() === completed.text.slice(0, completed.cursor).trim()) {
      return { state: { ...EMPTY_PROMPT }, action: { type: "submit", text: completed.text.trim() } };
    }
    if (completed !== undefined && !alreadyComplete) return same({ ...edited(state, completed), completionsClosed: true });
  }
  if (listOpen && (key.upArrow || key.downArrow)) {
    const count = context.completions.length;
    return same({ ...state, selected: (state.selected + (key.upArrow ? -1 : 1) + count) % count });
  }
  if (key.return) {
    if (key.meta || key.shift) return same(edited(state, insertText(editor, "\n")));
    // A backslash right before the cursor: the Enter is a new line (for terminals that cannot send Shift+Enter).
    if (editor.text.slice(0, editor.cursor).endsWith("\\")) return same(edited(state, insertText(deleteBackward(editor), "\n")));
    if (editor.text.trim() === "") return same(state);
    return { state: { ...EMPTY_PROMPT }, action: { type: "submit", text: editor.text } };
  }
  if (key.upArrow) return same(moveVertically(editor, -1) === undefined ? recall(state, context.history, -1) : { ...state, editor: moveVertically(editor, -1) as EditorState });
  if (key.downArrow) return same(moveVertically(editor, 1) === undefined ? recall(state, context.history, 1) : { ...state, editor: moveVertically(editor, 1) as EditorState });
  if (key.leftArrow) return same({ ...state, editor: key.ctrl || key.meta ? moveWordLeft(editor) : moveLeft(editor) });
  if (key.rightArrow) return same({ ...state, editor: key.ctrl || key.meta ? moveWordRight(editor) : moveRight(editor) });
  if (key.home) return same({ ...state, editor: moveLineStart(editor) });
  if (key.end) return same({ ...state, editor: moveLineEnd(editor) });
  if (key.backspace) return same(edited(state, key.meta ? deleteWordBackward(editor) : deleteBackward(editor)));
  if (key.delete) return same(edited(state, deleteForward(editor)));
  if (key.ctrl) {
    switch (input) {
      case "a":
        return same({ ...state, editor: moveLineStart(editor) });
      case "e":
        return same({ ...state, editor: moveLineEnd(editor) });
      case "b":
        return same({ ...state, editor: moveLeft(editor) });
      case "f":
        return same({ ...state, editor: moveRight(editor) });
      case "u":
        return same(edited(state, deleteToLineStart(editor)));
      case "k":
        return same(edited(state, deleteToLineEnd(editor)));
      case "w":
        return same(edited(state, deleteWordBackward(editor)));
      case "j":
        return same(edited(state, insertText(editor, "\n")));
      default:
        return same(state);
    }
  }
  if (key.meta && (input === "b" || input === "f")) return same({ ...state, editor: input === "b" ? moveWordLeft(editor) : moveWordRight(editor) });
  if (key.tab || input === "") return same(state);
  return same(edited(state, insertText(editor, input)));
}
