/**
 * Mounts the screen on the process's terminal and keeps it until the person leaves: Ctrl-C is
 * the terminal's own key (not Ink's exit), pasted text arrives whole (bracketed paste), and the
 * screen is cleared when the conversation is replaced (/clear, /resume) so it is printed anew.
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
  options.onShown?.();
  try {
    await controller.done;
  } finally {
    stop();
    screen.close();
    instance.unmount();
    await instance.waitUntilExit().catch(() => undefined);
  }
}
