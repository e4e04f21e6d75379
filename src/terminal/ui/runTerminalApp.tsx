/**
 * Mounts the screen on the process's terminal and keeps it until the person leaves: Ctrl-C is
 * the terminal's own key (not Ink's exit), pasted text arrives whole (bracketed paste), and the
 * screen is cleared and printed anew when the conversation is replaced (/clear, /resume) or the
 * window gets narrower.
 */
import { render } from "ink";
import type { Style } from "../style.ts";
import type { TerminalController } from "../TerminalController.ts";
import { App } from "./App.tsx";
import { eraseFrame } from "../firstFrame.ts";
import { createInkOutput } from "./createInkOutput.ts";

/** Clears the screen and its scrollback, and puts the cursor home. */
const CLEAR_SCREEN = "\u001B[2J\u001B[3J\u001B[H";

/** Shows the terminal until `controller.done`, writing through `write`; `onShown` runs once the first frame is out. */
export async function runTerminalApp(options: {
  controller: TerminalController;
  style: Style;
  write: (text: string) => unknown;
  /** Lines of a first frame already on the screen (firstFrame.ts), erased as the screen takes over. */
  replacing?: number;
  onShown?: () => void;
}): Promise<void> {
  const { controller, style } = options;
  const screen = createInkOutput(options.write);
  if (options.replacing !== undefined) options.write(eraseFrame(options.replacing));
  const instance = render(<App controller={controller} style={style} />, {
    stdout: screen.output as unknown as NodeJS.WriteStream,
    exitOnCtrlC: false,
    patchConsole: true,
    interactive: true,
    maxFps: 30,
  });
  let generation = controller.store.get().generation;
  const stop = controller.store.subscribe(() => {
    const next = controller.store.get().generation;
    if (next === generation) return;
    generation = next;
    instance.clear();
    options.write(CLEAR_SCREEN);
  });
  // A narrower window rewraps what is on the screen, and Ink's erase then misses lines: print
  // everything anew at the new width instead (the conversation is all in the state).
  let width = screen.output.columns;
  const onResize = () => {
    const narrower = screen.output.columns < width;
    width = screen.output.columns;
    if (narrower) controller.store.update((state) => ({ ...state, generation: state.generation + 1 }));
  };
  screen.output.on("resize", onResize);
  options.onShown?.();
  try {
    await controller.done;
  } finally {
    stop();
    screen.output.off("resize", onResize);
    screen.close();
    instance.unmount();
    await instance.waitUntilExit().catch(() => undefined);
  }
}
