/**
 * The input the person types into: the editor state, completions, history, and pastes (long ones
 * kept as placeholders). Keys go through applyKey; what reaches the session (send, interrupt,
 * mode, leave) goes to the controller. Hidden, but keeping what was typed, while a question or a
 * list is open.
 */
import { useInput, usePaste } from "ink";
import { useRef, useState } from "react";
import { completionsFor, type InputCompletion } from "../input/completionsFor.ts";
import { listProjectFiles } from "../input/fileMentions.ts";
import { applyKey, EMPTY_PROMPT, type KeyPress, type PromptAction, type PromptState } from "../input/promptKeys.ts";
import { insertText } from "../input/EditorState.ts";
import type { Style } from "../style.ts";
import type { TerminalController } from "../TerminalController.ts";
import { InputBox } from "./InputBox.tsx";

/** Typed-ahead keys are short; a longer piece, or one with more returns, is pasted text. */
const TYPED_AHEAD_MAX_CHARS = 400;
const TYPED_AHEAD_MAX_RETURNS = 3;

/** The project's file list is walked again when older than this. */
const FILE_LIST_MAX_AGE_MS = 15_000;

export interface PromptInputProps {
  controller: TerminalController;
  /** Drawn and taking keys (no question or list is open). */
  active: boolean;
  /** Taking keys yet: false for the very first frame, so it is drawn before the keyboard is set up. */
  listening: boolean;
  placeholder?: string;
  width: number;
  style: Style;
}

export function PromptInput({ controller, active, listening, placeholder, width, style }: PromptInputProps) {
  const stateRef = useRef<PromptState>(EMPTY_PROMPT);
  const [prompt, setPrompt] = useState<PromptState>(EMPTY_PROMPT);
  const files = useRef<{ list: readonly string[]; at: number } | undefined>(undefined);
  const cwd = controller.options.cwd;
  const projectFiles = () => {
    if (files.current === undefined || Date.now() - files.current.at > FILE_LIST_MAX_AGE_MS) files.current = { list: listProjectFiles(cwd), at: Date.now() };
    return files.current.list;
  };
  const completions = (state: PromptState): InputCompletion[] => (state.completionsClosed ? [] : completionsFor(state.editor, cwd, projectFiles));

  const set = (next: PromptState) => {
    stateRef.current = next;
    setPrompt(next);
  };
  const dispatch = (action: PromptAction) => {
    switch (action.type) {
      case "submit":
        void controller.submit(action.text);
        return;
      case "interrupt":
        controller.interrupt();
        return;
      case "cycleMode":
        controller.cycleMode();
        return;
      case "ctrlC":
        controller.pressCtrlC();
        return;
      case "exit":
        controller.exit();
        return;
      case "none":
        return;
    }
  };

  const press = (input: string, key: KeyPress) => {
    const current = stateRef.current;
    const { state, action } = applyKey(current, input, key, { history: controller.options.history.entries, completions: completions(current) });
    if (state !== current) set(state);
    dispatch(action);
  };

  useInput((input, key) => {
    if (input.length > 1 && input.includes("\r") && !key.meta) {
      const parts = input.split("\r");
      // A long piece with several returns is a paste from a terminal without bracketed paste: text.
      if (input.length > TYPED_AHEAD_MAX_CHARS || parts.length > TYPED_AHEAD_MAX_RETURNS + 1) {
        press(input.replace(/\r\n?/g, "\n"), {});
        return;
      }
      // Keys typed faster than they are read (or before the screen was ready) arrive in one piece: each return is Enter.
      parts.forEach((part, index) => {
        if (part !== "") press(part, {});
        if (index < parts.length - 1) press("", { return: true });
      });
      return;
    }
    press(input.replace(/\r/g, "\n"), key);
  }, { isActive: active && listening });

  usePaste((text) => {
    const current = stateRef.current;
    set({ ...current, editor: insertText(current.editor, controller.options.pastes.insert(text)), completionsClosed: false, historyIndex: undefined });
  }, { isActive: active && listening });

  if (!active) return null;
  const offered = completions(prompt);
  return (
    <InputBox
      editor={prompt.editor}
      placeholder={placeholder}
      width={width}
      style={style}
      completions={offered.map((completion) => ({ value: completion.value, label: completion.label, detail: completion.detail }))}
      selected={Math.min(prompt.selected, Math.max(0, offered.length - 1))}
    />
  );
}
