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

/** The project's file list is walked again when older than this. */
const FILE_LIST_MAX_AGE_MS = 15_000;

export interface PromptInputProps {
  controller: TerminalController;
  active: boolean;
  placeholder?: string;
  width: number;
  style: Style;
}

export function PromptInput({ controller, active, placeholder, width, style }: PromptInputProps) {
  const stateRef = useRef<PromptState>(EMPTY_PROMPT);
  const [prompt, setPrompt] = useState<PromptState>(EMPTY_PROMPT);
  const files = useRef<{ list: readonly string[]; at: number } | undefined>(undefined);
  const cwd = controller.session.cwd;
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
    // Text typed faster than it is read arrives in one piece; a return at its very end is the
    // Enter key. Returns inside it are a paste from a terminal without bracketed paste: kept as text.
    if (input.length > 1 && input.endsWith("\r") && !input.slice(0, -1).includes("\r") && !key.meta) {
      press(input.slice(0, -1), {});
      press("", { return: true });
      return;
    }
    press(input.replace(/\r/g, "\n"), key);
  }, { isActive: active });

  usePaste((text) => {
    const current = stateRef.current;
    set({ ...current, editor: insertText(current.editor, controller.options.pastes.insert(text)), completionsClosed: false, historyIndex: undefined });
  }, { isActive: active });

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
