/**
 * The whole interactive screen: the finished items printed once (Ink's Static, printed anew
 * after /clear and /resume), then the live part (streaming answer, running calls), then the
 * question, the list or the input, and the status line. It fits the terminal's width as it is
 * now, and follows resizes.
 */
import { Box, Static, useWindowSize } from "ink";
import { useEffect, useState, useSyncExternalStore } from "react";
import type { Style } from "../style.ts";
import type { TerminalController } from "../TerminalController.ts";
import { ItemView } from "./ItemView.tsx";
import { LiveArea } from "./LiveArea.tsx";
import { PickerPrompt } from "./PickerPrompt.tsx";
import { PromptInput } from "./PromptInput.tsx";
import { QuestionPrompt } from "./QuestionPrompt.tsx";
import { StatusLineView } from "./StatusLineView.tsx";
import { useSpinner } from "./useSpinner.ts";

/** Narrower than this, lines are laid out as if it were this wide (the terminal wraps them). */
export const MIN_WIDTH = 40;

export function App({ controller, style }: { controller: TerminalController; style: Style }) {
  const state = useSyncExternalStore(controller.store.subscribe, controller.store.get);
  const { columns } = useWindowSize();
  const width = Math.max(MIN_WIDTH, columns);
  const running = state.busy !== undefined || state.tools.length > 0;
  const spinner = useSpinner(running);
  // The keyboard (raw mode, bracketed paste) is set up just after the first frame is out: setting
  // it up loads the stream layer, and the prompt should not wait for that.
  const [listening, setListening] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setListening(true), 0);
    return () => clearTimeout(timer);
  }, []);
  if (state.exiting) return null;
  return (
    <Box flexDirection="column" width={width}>
      <Static key={state.generation} items={state.items}>
        {(item) => <ItemView key={item.id} item={item} width={width} style={style} />}
      </Static>
      <LiveArea state={state} width={width} style={style} spinner={spinner} />
      {state.question !== undefined && <QuestionPrompt controller={controller} question={state.question} width={width} style={style} />}
      {state.question === undefined && state.picker !== undefined && <PickerPrompt controller={controller} picker={state.picker} width={width} style={style} />}
      <Box marginTop={1} flexDirection="column">
        <PromptInput controller={controller} active={state.question === undefined && state.picker === undefined} listening={listening} placeholder={state.placeholder} width={width} style={style} />
        <Box paddingX={2}>
          <StatusLineView status={state.status} hint={state.hint} width={width - 4} style={style} />
        </Box>
      </Box>
    </Box>
  );
}
